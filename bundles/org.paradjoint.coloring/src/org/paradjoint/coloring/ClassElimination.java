package org.paradjoint.coloring;

import java.util.SplittableRandom;

/**
 * Tries to remove colour classes, one after the other, by tabu search over legal partial colourings: PartialCol of Blöchliger
 * and Zufferey ("A graph coloring heuristic using partial solutions and a reactive tabu scheme", 2008).
 *
 * <p>Why it exists: iterated greedy only ever merges whole classes, and on regular graphs (for example the
 * distance-2 graph of a 3D grid) it stalls a few colours above the optimum. Here the smallest class is
 * dissolved and its vertices become "uncoloured". A move gives an uncoloured vertex v a colour c and
 * uncolours v's neighbours that have c; the tabu rule then keeps those neighbours from taking c back for a
 * while, so the search does not cycle. The partial colouring stays legal throughout: if no vertex is left
 * uncoloured within the move budget, the result is a valid colouring with one colour less, otherwise the
 * caller keeps the old colouring.
 *
 * <p>{@code gamma[v*q + c]} (q = colours left) counts v's coloured neighbours with colour c, so the cost of a move is read in
 * O(1). Instead of scanning all uncoloured vertices for the best move (PartialCol), a sample of them is
 * scanned, which keeps a move cheap when the dissolved class is large (tens of thousands of vertices).
 *
 * <p>Only for problems whose validity is "neighbours differ" in some graph (distance-1, and partial
 * distance-2 via the intersection graph). Star and acyclic colourings have path conditions and are left to
 * iterated greedy.
 */
final class ClassElimination {

    private static final int SAMPLE = 16;

    private ClassElimination() {
    }

    /**
     * The outcome of one attempt.
     *
     * @param colors a valid colouring with at least one colour less, or {@code null} if the budget ran out
     *               before the first class was dissolved
     * @param moves  moves spent, so that a caller sharing one budget between attempts can charge them
     */
    record Attempt(int[] colors, long moves) {
    }

    /**
     * Dissolves the smallest class, and after every success the next smallest, in the same tables, until
     * the budget runs out or {@code floor} colours are left. Going on in place instead of returning after
     * one class saves the set-up (the conflict table needs every vertex's neighbours, about one greedy
     * pass) and the iterated-greedy round the caller would run before the next attempt.
     *
     * @param colors   a valid colouring with {@code k} colours (not modified)
     * @param floor    a proven lower bound: no class is dissolved below it
     * @param maxMoves move budget (at most {@code Integer.MAX_VALUE - 1})
     */
    static Attempt eliminate(OrderingGraph g, int[] colors, int k, int floor, long maxMoves, SplittableRandom rnd) {
        int n = colors.length;
        if (k <= Math.max(1, floor) || maxMoves <= 0) {
            return new Attempt(null, 0);
        }
        int[] size = new int[k];
        for (int c : colors) {
            size[c]++;
        }
        int q = k - 1;
        // keep the q largest classes, renumbered 0 .. q-1 by size
        Integer[] bySize = new Integer[k];
        for (int c = 0; c < k; c++) {
            bySize[c] = c;
        }
        java.util.Arrays.sort(bySize, (a, b) -> Integer.compare(size[b], size[a]));
        int[] newColor = new int[k];
        for (int r = 0; r < k; r++) {
            newColor[bySize[r]] = r < q ? r : -1;
        }
        if ((long) n * q > Integer.MAX_VALUE - 8) {
            return new Attempt(null, 0); // the tables would not fit in an array; just skip the attempt
        }
        int[] color = new int[n];
        // uncoloured vertices as an indexed set: pending[0..count-1], slot[v] = index or -1
        int[] pending = new int[n];
        int[] slot = new int[n];
        int count = 0;
        for (int v = 0; v < n; v++) {
            int c = newColor[colors[v]];
            color[v] = c;
            if (c < 0) {
                slot[v] = count;
                pending[count++] = v;
            } else {
                slot[v] = -1;
            }
        }
        int[] buf = new int[g.neighborBound()];
        int[] nb = new int[g.neighborBound()];
        int[] gamma = new int[n * q];
        for (int v = 0; v < n; v++) {
            int c = color[v];
            if (c >= 0) {
                int cnt = g.neighbors(v, buf);
                for (int t = 0; t < cnt; t++) {
                    gamma[buf[t] * q + c]++;
                }
            }
        }
        int[] tabu = new int[n * q]; // move number until which (v, c) is tabu
        int[] palette = Orderings.natural(q); // the colours still in use: palette[0 .. colours-1]
        int colours = q;
        int[] best = null;
        int bestCount = count;
        long move = 0;
        while (move < maxMoves) {
            if (count == 0) {
                best = GreedyColoring.compact(color.clone());
                if (colours <= Math.max(1, floor)) {
                    break;
                }
                int d = smallestClass(color, palette, colours);
                palette[indexOf(palette, colours, d)] = palette[--colours];
                for (int v = 0; v < n; v++) {
                    if (color[v] == d) {
                        color[v] = -1;
                        slot[v] = count;
                        pending[count++] = v;
                        int cv = g.neighbors(v, nb);
                        for (int x = 0; x < cv; x++) {
                            gamma[nb[x] * q + d]--;
                        }
                    }
                }
                bestCount = count;
                continue;
            }
            // best move over a sample of the uncoloured vertices (all of them when few)
            int bestV = -1;
            int bestC = -1;
            int bestCost = Integer.MAX_VALUE;
            int ties = 0;
            int samples = Math.min(count, SAMPLE);
            for (int s = 0; s < samples; s++) {
                int v = samples == count ? pending[s] : pending[rnd.nextInt(count)];
                int base = v * q;
                for (int i = 0; i < colours; i++) {
                    int c = palette[i];
                    int cost = gamma[base + c];
                    if (cost > bestCost) {
                        continue;
                    }
                    boolean aspiration = count - 1 + cost < bestCount;
                    if (tabu[base + c] > move && !aspiration) {
                        continue;
                    }
                    if (cost < bestCost) {
                        bestCost = cost;
                        ties = 0;
                    }
                    if (rnd.nextInt(++ties) == 0) { // uniform among equally good moves
                        bestV = v;
                        bestC = c;
                    }
                }
            }
            if (bestV < 0) { // everything sampled is tabu: take a random move
                bestV = pending[rnd.nextInt(count)];
                bestC = palette[rnd.nextInt(colours)];
            }
            int v = bestV;
            int c = bestC;
            count = removePending(pending, slot, count, v);
            color[v] = c;
            int cnt = g.neighbors(v, buf);
            int until = (int) Math.min(Integer.MAX_VALUE, move + (long) (0.6 * count) + rnd.nextInt(10) + 1);
            for (int t = 0; t < cnt; t++) {
                int u = buf[t];
                gamma[u * q + c]++;
            }
            for (int t = 0; t < cnt; t++) {
                int w = buf[t];
                if (color[w] == c) { // clashes now: uncolour it, and keep it from taking c back soon
                    color[w] = -1;
                    slot[w] = count;
                    pending[count++] = w;
                    tabu[w * q + c] = until;
                    int cw = g.neighbors(w, nb);
                    for (int x = 0; x < cw; x++) {
                        gamma[nb[x] * q + c]--;
                    }
                }
            }
            bestCount = Math.min(bestCount, count);
            move++;
        }
        if (count == 0) {
            best = GreedyColoring.compact(color); // the budget may have ended exactly with a success
        }
        return new Attempt(best, move);
    }

    /** The colour of {@code palette[0 .. colours-1]} with the fewest vertices. */
    private static int smallestClass(int[] color, int[] palette, int colours) {
        int[] size = new int[palette.length];
        for (int c : color) {
            size[c]++;
        }
        int best = palette[0];
        for (int i = 1; i < colours; i++) {
            if (size[palette[i]] < size[best]) {
                best = palette[i];
            }
        }
        return best;
    }

    private static int indexOf(int[] a, int length, int value) {
        for (int i = 0; i < length; i++) {
            if (a[i] == value) {
                return i;
            }
        }
        throw new IllegalArgumentException(value + " not among the first " + length);
    }

    private static int removePending(int[] pending, int[] slot, int count, int v) {
        int at = slot[v];
        int last = pending[--count];
        pending[at] = last;
        slot[last] = at;
        slot[v] = -1;
        return count;
    }
}
