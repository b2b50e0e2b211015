package org.paradjoint.coloring;

import java.util.Arrays;

/**
 * Vertices bucketed by a (changing) integer degree, one doubly linked list per degree value.
 *
 * <p>This is what makes the dynamic orderings linear in the number of edges: moving a vertex to a
 * neighbouring bucket is O(1), and the minimum/maximum bucket pointer only ever moves by amortised O(1)
 * per update. New entries go to the head of a bucket, so among equal degrees the most recently touched
 * vertex is picked first.
 *
 * <p>Next, previous and degree of a vertex are interleaved in one array (3 ints per vertex) so that a move,
 * which is dominated by cache misses on graphs with 10^6 vertices, touches one cache line per vertex
 * instead of three.
 */
final class DegreeBuckets {

    private static final int NEXT = 0;
    private static final int PREV = 1;
    private static final int DEG = 2;

    private int[] head;
    private final int[] node;

    DegreeBuckets(int vertexCount, int maxDegree) {
        head = new int[maxDegree + 1];
        Arrays.fill(head, -1);
        node = new int[3 * vertexCount];
    }

    /**
     * Buckets whose degrees are filled in first ({@link #setDegree}) and then linked all at once
     * ({@link #linkInIndexOrder}): a degree pass can write straight into the nodes, with no degree array
     * and no insertion pass.
     */
    DegreeBuckets(int vertexCount) {
        this(vertexCount, 0);
    }

    /** Whether the nodes of {@code vertexCount} vertices fit one array. */
    static boolean fits(int vertexCount) {
        return vertexCount <= (Integer.MAX_VALUE - 8) / 3;
    }

    /** Sets the degree of a vertex not linked yet. */
    void setDegree(int v, int d) {
        node[3 * v + DEG] = d;
    }

    /**
     * Links every vertex into the bucket of the degree set for it, in increasing index order within a
     * bucket (as inserting them in decreasing order would); {@code maxDegree} bounds those degrees.
     */
    void linkInIndexOrder(int maxDegree) {
        head = new int[maxDegree + 1];
        Arrays.fill(head, -1);
        int[] tail = new int[maxDegree + 1];
        int n = node.length / 3;
        for (int v = 0; v < n; v++) {
            int b = 3 * v;
            int d = node[b + DEG];
            int last = head[d] < 0 ? -1 : tail[d];
            node[b + PREV] = last;
            node[b + NEXT] = -1;
            if (last < 0) {
                head[d] = v;
            } else {
                node[3 * last + NEXT] = v;
            }
            tail[d] = v;
        }
    }

    int degree(int v) {
        return node[3 * v + DEG];
    }

    void insert(int v, int d) {
        int b = 3 * v;
        node[b + DEG] = d;
        node[b + PREV] = -1;
        int h = head[d];
        node[b + NEXT] = h;
        if (h >= 0) {
            node[3 * h + PREV] = v;
        }
        head[d] = v;
    }

    void remove(int v) {
        int b = 3 * v;
        int p = node[b + PREV];
        int nx = node[b + NEXT];
        if (p >= 0) {
            node[3 * p + NEXT] = nx;
        } else {
            head[node[b + DEG]] = nx;
        }
        if (nx >= 0) {
            node[3 * nx + PREV] = p;
        }
    }

    void move(int v, int d) {
        remove(v);
        insert(v, d);
    }

    /** First vertex of bucket d, or -1 if empty. */
    int first(int d) {
        return head[d];
    }
}
