package org.paradjoint.coloring;

import java.util.Arrays;

/**
 * Incremental answer to the question the star bicolouring asks most: for a coloured vertex w, which
 * colours c(x) of its coloured neighbours x must a new neighbour v of w avoid because x already has
 * another neighbour y with w's colour (v-w-x-y would be a two-coloured path on four vertices)?
 *
 * <p>Asked naively it costs a scan of all of w's neighbours and theirs for every v next to w, which is
 * quadratic around a dense row or column. Here every vertex x keeps, per colour c, the first coloured
 * neighbour with colour c or "two or more" (a hash over (x, c) pairs, at most one per edge end), and
 * each w the set {@code blocked(w)} of colours to avoid, updated when a vertex is coloured: the answer
 * is then read in O(|blocked(w)|), at most the number of colours.
 */
final class PathEnds {

    private static final int MANY = -2;

    private final AdjacencyGraph g;
    private final int[] color;
    // open addressing over (x, colour) keys: the first neighbour of x with that colour, or MANY
    private final long[] keys;
    private final int[] firstNeighbour;
    private final int mask;
    // blocked colours per vertex, as linked lists, deduplicated through the same kind of hash
    private final int[] head;
    private int[] next;
    private int[] blockedColour;
    private int size;
    private final long[] blockedKeys;

    PathEnds(AdjacencyGraph g, int[] color) {
        this.g = g;
        this.color = color;
        // at most one key per edge end: a load factor of at most 1/2
        int capacity = Integer.highestOneBit(Math.max(4, 4 * g.adj().length));
        this.keys = new long[capacity];
        Arrays.fill(keys, -1L);
        this.firstNeighbour = new int[capacity];
        this.blockedKeys = new long[capacity];
        Arrays.fill(blockedKeys, -1L);
        this.mask = capacity - 1;
        this.head = GreedyColoring.filled(g.n(), -1);
        this.next = new int[16];
        this.blockedColour = new int[16];
    }

    /** Records that u has just been coloured. */
    void colored(int u) {
        int c = color[u];
        for (int k = g.ptr()[u]; k < g.ptr()[u + 1]; k++) {
            int x = g.adj()[k];
            int slot = slot(keys, x, c);
            if (keys[slot] == -1L) {
                keys[slot] = key(x, c);
                firstNeighbour[slot] = u;
            } else if (firstNeighbour[slot] != MANY) { // x now has two neighbours of colour c
                int first = firstNeighbour[slot];
                firstNeighbour[slot] = MANY;
                if (color[x] >= 0) {
                    block(first, color[x]);
                    block(u, color[x]);
                }
            } else if (color[x] >= 0) {
                block(u, color[x]);
            }
            // u itself is the x of a path v-w-x-y whose w is this neighbour x, once u has two
            // neighbours of x's colour
            if (color[x] >= 0 && many(u, color[x])) {
                block(x, c);
            }
        }
    }

    /** Forbids for v the colours blocked at w (stamping {@code forbidden[c] = v}). */
    void forbidBlocked(int w, int[] forbidden, int v) {
        for (int e = head[w]; e >= 0; e = next[e]) {
            forbidden[blockedColour[e]] = v;
        }
    }

    private boolean many(int x, int c) {
        int slot = slot(keys, x, c);
        return keys[slot] != -1L && firstNeighbour[slot] == MANY;
    }

    private void block(int w, int c) {
        int slot = slot(blockedKeys, w, c);
        if (blockedKeys[slot] != -1L) {
            return;
        }
        blockedKeys[slot] = key(w, c);
        if (size == next.length) {
            next = Arrays.copyOf(next, 2 * size);
            blockedColour = Arrays.copyOf(blockedColour, 2 * size);
        }
        blockedColour[size] = c;
        next[size] = head[w];
        head[w] = size++;
    }

    private static long key(int vertex, int c) {
        return ((long) vertex << 32) | c;
    }

    /** The slot holding (vertex, c), or the empty slot where it would go (linear probing). */
    private int slot(long[] table, int vertex, int c) {
        long k = key(vertex, c);
        int s = (int) (mix(k) & mask);
        while (table[s] != -1L && table[s] != k) {
            s = (s + 1) & mask;
        }
        return s;
    }

    private static long mix(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 29);
    }
}
