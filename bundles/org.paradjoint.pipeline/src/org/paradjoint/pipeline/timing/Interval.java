package org.paradjoint.pipeline.timing;

/** A closed integer interval; {@code TOP} when nothing is known. */
record Interval(long lo, long hi) {

    static final long INF = 1L << 50;
    static final Interval TOP = new Interval(-INF, INF);

    static Interval of(long v) {
        return new Interval(v, v);
    }

    boolean bounded() {
        return lo > -INF && hi < INF;
    }

    Interval union(Interval o) {
        return o == null ? this : new Interval(Math.min(lo, o.lo), Math.max(hi, o.hi));
    }

    Interval add(Interval o) {
        return bounded() && o.bounded() ? new Interval(lo + o.lo, hi + o.hi) : TOP;
    }

    Interval negate() {
        return bounded() ? new Interval(-hi, -lo) : TOP;
    }

    Interval multiply(Interval o) {
        if (!bounded() || !o.bounded()) {
            return TOP;
        }
        long a = lo * o.lo;
        long b = lo * o.hi;
        long c = hi * o.lo;
        long d = hi * o.hi;
        return new Interval(Math.min(Math.min(a, b), Math.min(c, d)), Math.max(Math.max(a, b), Math.max(c, d)));
    }
}
