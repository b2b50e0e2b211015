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
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return order;
    }

    /** Counting sort on degree, descending, stable in vertex index. */
    static int[] largestFirst(OrderingGraph g) {
        int n = g.vertexCount();
        int[] deg = g.degrees();
        int max = 0;
        for (int d : deg) {
            max = Math.max(max, d);
        }
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
        int n = g.vertexCount();
        int[] deg = g.degrees();
        int max = maxOf(deg);
        DegreeBuckets buckets = new DegreeBuckets(n, max);
        for (int v = n - 1; v >= 0; v--) { // reversed so that ties start at vertex 0
            buckets.insert(v, deg[v]);
        }
        boolean[] removed = new boolean[n];
        int[] buf = new int[g.neighborBound()];
        int[] order = new int[n];
        int min = 0;
        for (int pos = n - 1; pos >= 0; pos--) {
            while (buckets.first(min) < 0) {
                min++;
            }
            int v = buckets.first(min);
            buckets.remove(v);
            removed[v] = true;
            order[pos] = v;
            int c = sortedNeighbors(g, v, buf);
            for (int t = c - 1; t >= 0; t--) {
                int u = buf[t];
                if (!removed[u]) {
                    buckets.move(u, buckets.degree(u) - 1);
                }
            }
            // a neighbour may have dropped just below the current minimum
            min = Math.max(0, min - 1);
        }
        return order;
    }

    static int[] dynamicLargestFirst(OrderingGraph g) {
        int n = g.vertexCount();
        int[] deg = g.degrees();
        int max = maxOf(deg);
        DegreeBuckets buckets = new DegreeBuckets(n, max);
        for (int v = n - 1; v >= 0; v--) { // reversed so that ties start at vertex 0
            buckets.insert(v, deg[v]);
        }
        boolean[] ordered = new boolean[n];
        int[] buf = new int[g.neighborBound()];
        int[] order = new int[n];
        for (int pos = 0; pos < n; pos++) {
            while (buckets.first(max) < 0) {
                max--; // degrees only decrease, so the maximum never needs to move up
            }
            int v = buckets.first(max);
            buckets.remove(v);
            ordered[v] = true;
            order[pos] = v;
            int c = sortedNeighbors(g, v, buf);
            for (int t = c - 1; t >= 0; t--) {
                int u = buf[t];
                if (!ordered[u]) {
                    buckets.move(u, buckets.degree(u) - 1);
                }
            }
        }
        return order;
    }

    static int[] incidenceDegree(OrderingGraph g) {
        int n = g.vertexCount();
        int[] buf = new int[g.neighborBound()];
        // incidence degree never exceeds the neighbour bound
        DegreeBuckets buckets = new DegreeBuckets(n, Math.max(buf.length, 0));
        for (int v = n - 1; v >= 0; v--) { // reversed so that ties start at vertex 0
            buckets.insert(v, 0);
        }
        boolean[] ordered = new boolean[n];
        int[] order = new int[n];
        int max = 0;
        for (int pos = 0; pos < n; pos++) {
            while (buckets.first(max) < 0) {
                max--;
            }
            int v = buckets.first(max);
            buckets.remove(v);
            ordered[v] = true;
            order[pos] = v;
            int c = sortedNeighbors(g, v, buf);
            for (int t = c - 1; t >= 0; t--) {
                int u = buf[t];
                if (!ordered[u]) {
                    int d = buckets.degree(u) + 1;
                    buckets.move(u, d);
                    if (d > max) {
                        max = d;
                    }
                }
            }
        }
        return order;
    }

    /**
     * Neighbours in increasing index order. The dynamic orderings move them to the head of their new
     * bucket in decreasing order, so among equal degrees the vertex touched by the latest step wins, and
     * among those the smallest index. This tie-breaking matters: on k x k grid Laplacians it gives
     * smallest-last 5 column colours (the optimum) for every k >= 7, while plain "last moved wins" gives 5 or
     * 7 depending on the parity of k.
     */
    private static int sortedNeighbors(OrderingGraph g, int v, int[] buf) {
        int c = g.neighbors(v, buf);
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
