package org.paradjoint.pipeline.timing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.analysis.IndexRanges;
import org.paradjoint.core.analysis.IndexRanges.EmptyLoops;
import org.paradjoint.core.analysis.IndexRanges.Interval;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.Variable;

/**
 * Shapes of the array parameters of a kernel for given integer parameter values, so that a
 * timing driver can allocate them: declared bounds are evaluated; the open extent (the leading
 * one of a C pointer, the last one of a Fortran assumed-size {@code x(*)}) is one more than the
 * largest index the kernel uses there ({@link IndexRanges} at the given values), counted from the
 * dimension's lower bound. Index arrays range over the values the driver fills them with: a
 * permutation of the first {@code count} indices of the language, 0.. in C and 1.. in Fortran. A
 * loop that never runs at these values is still counted with its counter at its first value.
 */
final class ArrayExtents {

    /** Lower bound and extent of every dimension, in the order the IR keeps them. */
    record Shape(List<Long> lower, List<Long> extent) {

        Shape {
            lower = List.copyOf(lower);
            extent = List.copyOf(extent);
        }

        long count() {
            return extent.stream().reduce(1L, (a, b) -> a * b);
        }
    }

    private final Function kernel;
    private final Map<String, Long> ints;
    private final long firstIndex;
    private final Map<Variable, Long> open = new LinkedHashMap<>();

    private ArrayExtents(Function kernel, Map<String, Long> ints, long firstIndex) {
        this.kernel = kernel;
        this.ints = ints;
        this.firstIndex = firstIndex;
    }

    /**
     * The number of elements of every array parameter (all dimensions) of a C kernel, or an
     * exception that names the array whose size cannot be bounded.
     */
    static Map<Variable, Long> compute(Function kernel, Map<String, Long> ints, Map<String, Long> explicit) {
        Map<Variable, Long> out = new LinkedHashMap<>();
        shapes(kernel, ints, explicit, 0).forEach((v, s) -> out.put(v, s.count()));
        return out;
    }

    /**
     * The shape of every array parameter; {@code firstIndex} is the first value the driver
     * writes into index arrays (0 in C, 1 in Fortran). {@code explicit} gives open extents.
     */
    static Map<Variable, Shape> shapes(Function kernel, Map<String, Long> ints, Map<String, Long> explicit,
            long firstIndex) {
        ArrayExtents x = new ArrayExtents(kernel, ints, firstIndex);
        // Index arrays first (their contents bound other indices), until no open extent changes.
        for (int round = 0; round <= kernel.params().size(); round++) {
            IndexRanges ranges = IndexRanges.at(kernel, ints, x::contents, EmptyLoops.FIRST_VALUE);
            Map<Variable, Long> next = new LinkedHashMap<>();
            for (Variable p : kernel.params()) {
                if (p.isArray()) {
                    Long e = explicit.get(p.name());
                    next.put(p, e != null ? e : x.openExtent(ranges, p));
                }
            }
            if (next.equals(x.open)) {
                break;
            }
            x.open.clear();
            x.open.putAll(next);
        }
        Map<Variable, Shape> out = new LinkedHashMap<>();
        for (Variable p : kernel.params()) {
            if (p.isArray()) {
                out.put(p, x.shape(p));
            }
        }
        return out;
    }

    private Shape shape(Variable p) {
        Long lead = open.get(p);
        if (lead == null || lead <= 0) {
            throw new IllegalArgumentException("cannot bound the indices of '" + p.name() + "' in '"
                    + kernel.name() + "': give its length explicitly (e.g. " + p.name() + "=n+8)");
        }
        int openDim = openDim(p);
        List<Long> lower = new ArrayList<>();
        List<Long> extent = new ArrayList<>();
        for (int d = 0; d < p.rank(); d++) {
            Long lo = constant(p.dims().get(d).lower());
            if (lo == null) {
                throw new IllegalArgumentException("lower bound " + (d + 1) + " of '" + p.name()
                        + "' is not a constant expression of the integer parameters");
            }
            lower.add(lo);
            if (d == openDim) {
                extent.add(lead);
                continue;
            }
            Long e = constant(p.dims().get(d).extent());
            if (e == null) {
                throw new IllegalArgumentException("extent " + (d + 1) + " of '" + p.name() + "' is not a constant"
                        + " expression of the integer parameters");
            }
            extent.add(e);
        }
        return new Shape(lower, extent);
    }

    /** The dimension whose extent is inferred: the one without a declared extent, else the first. */
    private static int openDim(Variable p) {
        for (int d = 0; d < p.rank(); d++) {
            if (!p.dims().get(d).extentKnown()) {
                return d;
            }
        }
        return 0;
    }

    private Long constant(Expr e) {
        return IndexRanges.constant(e, kernel, ints);
    }

    /** One more than the largest index used in the open dimension, counted from its lower bound. */
    private Long openExtent(IndexRanges ranges, Variable p) {
        int d = openDim(p);
        if (StructParameter.isByAddress(kernel.structs(), p)) {
            return 1L; // &g->s, which the kernel may pass whole to a helper that uses it
        }
        if (p.dims().get(d).extentKnown()) {
            return constant(p.dims().get(d).extent());
        }
        Long lower = constant(p.dims().get(d).lower());
        Interval used = ranges.dimension(p, d);
        // passed whole to a call, the callee's indices are not seen: unknown, not too short
        return lower == null || used == null || !used.bounded() || ranges.passedWhole(p) ? null
                : used.hi() - lower + 1;
    }

    /** Values of an index array: the driver fills it with a permutation of its first indices. */
    private Interval contents(Variable array) {
        if (!array.type().isInteger()) {
            return Interval.TOP;
        }
        Long len = open.get(array);
        if (len == null || len <= 0) {
            return Interval.TOP;
        }
        long count = len;
        int openDim = openDim(array);
        for (int d = 0; d < array.rank(); d++) {
            Long e = d == openDim ? Long.valueOf(1) : constant(array.dims().get(d).extent());
            if (e == null) {
                return Interval.TOP;
            }
            count *= e;
        }
        return new Interval(firstIndex, firstIndex + count - 1);
    }

    static List<String> describe(Map<Variable, Long> extents) {
        return extents.entrySet().stream().map(e -> e.getKey().name() + "[" + e.getValue() + "]").toList();
    }
}
