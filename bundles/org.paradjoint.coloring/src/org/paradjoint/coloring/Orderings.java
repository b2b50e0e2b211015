package org.paradjoint.coloring;

import java.util.SplittableRandom;

/**
 * Computes the vertex orders. All are O(|V| + |E|) in the graph they are given (for the implicit
 * distance-2 graphs: O(sum of squared row lengths)); nothing here is quadratic in |V|.
 */
final class Orderings {

    private Orderings() {
    }

    static int[] order(Ordering ordering, OrderingGraph g) {
        return switch (ordering) {
            case NaturalOrder o -> natural(g.vertexCount());
            case RandomOrder o -> random(g.vertexCount(), o.seed());
            case LargestFirst o -> largestFirst(g);
            case SmallestLast o -> smallestLast(g);
            case IncidenceDegree o -> incidenceDegree(g);
            case DynamicLargestFirst o -> dynamicLargestFirst(g);
        };
    }

    static int[] natural(int n) {
        int[] order = new int[n];
        for (int v = 0; v < n; v++) {
            order[v] = v;
        }
        return order;
    }

    static int[] random(int n, long seed) {
        int[] order = natural(n);
        shuffle(order, new SplittableRandom(seed));
        return order;
    }

    /** Fisher-Yates shuffle in place. */
    static void shuffle(int[] a, SplittableRandom rnd) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /** Counting sort on degree, descending, stable in vertex index. */
    static int[] largestFirst(OrderingGraph g) {
        int n = g.vertexCount();
        int[] deg = g.degrees();
        int max = maxOf(deg);
        int[] start = new int[max + 2];
        for (int d : deg) {
            start[max - d + 1]++;
        }
        for (int b = 0; b <= max; b++) {
            start[b + 1] += start[b];
        }
        int[] order = new int[n];
        for (int v = 0; v < n; v++) {
            order[start[max - deg[v]]++] = v;
        }
        return order;
    }

    static int[] smallestLast(OrderingGraph g) {
        // distance-2 with long rows: removed columns leave their rows, so that each removal enumerates
        // the present columns only; with short rows: the same moves on a layout made for them
        ShrinkingIntersectionGraph shrinking = null;
        if (g instanceof ColumnIntersectionGraph c) {
            shrinking = c.shrinking();
            if (shrinking == null && ColumnSmallestLast.applies(c.pattern())) {
                return ColumnSmallestLast.order(c.pattern());
            }
        }
        int n = g.vertexCount();
        int[] deg = g.degrees();
        DegreeBuckets buckets = buckets(deg, maxOf(deg));
        boolean[] removed = new boolean[n];
        int[] buf = new int[g.neighborBound()];
        int[] order = new int[n];
        OrderingGraph walk = shrinking != null ? shrinking : g;
        int min = 0;
        for (int pos = n - 1; pos >= 0; pos--) {
            while (buckets.first(min) < 0) {
                min++;
            }
            order[pos] = take(buckets, min, removed);
            if (shrinking != null) {
                shrinking.remove(order[pos]);
            }
            moveNeighbors(walk, order[pos], buf, removed, buckets, -1);
            // a neighbour may have dropped just below the current minimum
            min = Math.max(0, min - 1);
        }
        return order;
    }

    static int[] dynamicLargestFirst(OrderingGraph g) {
        int n = g.vertexCount();
        int[] deg = g.degrees();
        int max = maxOf(deg);
        DegreeBuckets buckets = buckets(deg, max);
        boolean[] ordered = new boolean[n];
        int[] buf = new int[g.neighborBound()];
        int[] order = new int[n];
        for (int pos = 0; pos < n; pos++) {
            while (buckets.first(max) < 0) {
                max--; // degrees only decrease, so the maximum never needs to move up
            }
            order[pos] = take(buckets, max, ordered);
            moveNeighbors(g, order[pos], buf, ordered, buckets, -1);
        }
        return order;
    }

    static int[] incidenceDegree(OrderingGraph g) {
        int n = g.vertexCount();
        int[] buf = new int[g.neighborBound()];
        // incidence degree never exceeds the neighbour bound
        DegreeBuckets buckets = buckets(new int[n], Math.max(buf.length, 0));
        boolean[] ordered = new boolean[n];
        int[] order = new int[n];
        int max = 0;
        for (int pos = 0; pos < n; pos++) {
            while (buckets.first(max) < 0) {
                max--;
            }
            order[pos] = take(buckets, max, ordered);
            max = Math.max(max, moveNeighbors(g, order[pos], buf, ordered, buckets, +1));
        }
        return order;
    }

    /** Buckets holding every vertex v at {@code degree[v]}; inserted in reverse so that ties start at vertex 0. */
    private static DegreeBuckets buckets(int[] degree, int maxDegree) {
        DegreeBuckets buckets = new DegreeBuckets(degree.length, maxDegree);
        for (int v = degree.length - 1; v >= 0; v--) {
            buckets.insert(v, degree[v]);
        }
        return buckets;
    }

    /** Removes the first vertex of bucket {@code degree} and marks it {@code done}. */
    private static int take(DegreeBuckets buckets, int degree, boolean[] done) {
        int v = buckets.first(degree);
        buckets.remove(v);
        done[v] = true;
        return v;
    }

    /**
     * Moves every neighbour of {@code v} that is not {@code done} by {@code delta} degrees, in
     * decreasing index order (see {@link #sortedNeighbors}); returns the largest degree one moved to,
     * or -1.
     */
    private static int moveNeighbors(OrderingGraph g, int v, int[] buf, boolean[] done, DegreeBuckets buckets,
            int delta) {
        int largest = -1;
        int c = sortedNeighbors(g, v, buf, done);
        for (int t = c - 1; t >= 0; t--) {
            int u = buf[t];
            int d = buckets.degree(u) + delta;
            buckets.move(u, d);
            largest = Math.max(largest, d);
        }
        return largest;
    }

    /**
     * The neighbours not {@code done}, in increasing index order. Those that are done are left out before
     * the sort, not skipped after it: the moves see the same vertices in the same order, and the sort gets
     * only what is left (on average half of a column's distance-2 neighbours are gone when smallest-last
     * removes it).
     *
     * <p>Why increasing order: the dynamic orderings move them to the head of their new
     * bucket in decreasing order, so among equal degrees the vertex touched by the latest step wins, and
     * among those the smallest index. This tie-breaking matters: on k x k grid Laplacians it gives
     * smallest-last 5 column colours (the optimum) for every k >= 7, while plain "last moved wins" gives 5 or
     * 7 depending on the parity of k.
     */
    private static int sortedNeighbors(OrderingGraph g, int v, int[] buf, boolean[] done) {
        int all = g.neighbors(v, buf);
        int c = 0;
        for (int t = 0; t < all; t++) {
            int u = buf[t];
            if (!done[u]) {
                buf[c++] = u;
            }
        }
        java.util.Arrays.sort(buf, 0, c);
        return c;
    }

    private static int maxOf(int[] a) {
        int m = 0;
        for (int x : a) {
            m = Math.max(m, x);
        }
        return m;
    }
}
