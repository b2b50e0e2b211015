package org.paradjoint.coloring;

import java.util.Arrays;

/**
 * Vertices bucketed by a (changing) integer degree, one doubly linked list per degree value.
 *
 * <p>This is what makes the dynamic orderings linear in the number of edges: moving a vertex to a
 * neighbouring bucket is O(1), and the minimum/maximum bucket pointer only ever moves by amortised O(1)
 * per update. New entries go to the head of a bucket, so among equal degrees the most recently touched
 * vertex is picked first (the ColPack convention).
 */
final class DegreeBuckets {

    private final int[] head;
    private final int[] next;
    private final int[] prev;
    final int[] degree;

    DegreeBuckets(int vertexCount, int maxDegree) {
        head = new int[maxDegree + 1];
        Arrays.fill(head, -1);
        next = new int[vertexCount];
        prev = new int[vertexCount];
        degree = new int[vertexCount];
    }

    void insert(int v, int d) {
        degree[v] = d;
        prev[v] = -1;
        int h = head[d];
        next[v] = h;
        if (h >= 0) {
            prev[h] = v;
        }
        head[d] = v;
    }

    void remove(int v) {
        int p = prev[v];
        int nx = next[v];
        if (p >= 0) {
            next[p] = nx;
        } else {
            head[degree[v]] = nx;
        }
        if (nx >= 0) {
            prev[nx] = p;
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
