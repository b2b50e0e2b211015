package org.paradjoint.coloring;

import java.util.SplittableRandom;

/**
 * Recolouring by iterated greedy (Culberson, "Iterated greedy graph coloring and the difficulty
 * landscape", 1992): colour again greedily, visiting the vertices class by class.
 *
 * <p>Why it never increases the colour count for the distance-1 and partial distance-2 problems: the
 * vertices of one old class are pairwise non-adjacent, so when the k-th visited class is coloured every
 * one of its vertices finds a free colour among the first k. Classes can therefore only merge. The star
 * and acyclic greedy passes forbid more than the direct neighbours' colours, so there the guarantee does
 * not hold; a round that would increase the count is simply discarded. Rounds that keep the count are
 * accepted, because they move the colouring to a different arrangement from which later rounds can merge
 * classes.
 *
 * <p>The class order of each round is drawn (reproducibly) among the orders Culberson found useful:
 * reverse (the last classes, which are the smallest and most constrained, first; half of the rounds),
 * largest class first, and random. Within a class, vertices keep their previous relative order.
 *
 * <p>Iterated greedy alone stalls on very regular graphs (on the distance-2 graph of a 3D grid it goes from
 * 13 to 12 colours, where 7 is optimal), so for the problems where validity means "neighbours differ" two
 * more moves are added, both kept only if they lower the count: before the first round the modular
 * colourings v mod p ({@link ModularColoring}), and after a round that merged no class an attempt to
 * dissolve the smallest class by tabu search ({@link ClassElimination}). All attempts of one call share
 * one move budget ({@link #eliminationBudget}), so a failing attempt, which would otherwise search until
 * its own budget ran out at every count it stalls on, cannot make recolouring cost many greedy passes; once
 * the budget is spent, the first round that merges nothing ends the call.
 */
final class IteratedGreedy {

    /** One greedy pass of the problem being improved. */
    interface Pass {
        int[] color(int[] order);
    }

    private IteratedGreedy() {
    }

    /**
     * @param conflictGraph the graph in which neighbours must differ (distance-1 and partial distance-2
     *                      problems), enabling the modular candidates and class elimination; {@code null}
     *                      for star and acyclic colourings, which only get iterated-greedy rounds
     * @param lowerBound    a proven lower bound: rounds stop once it is reached
     */
    static int[] improve(int[] colors, int rounds, long seed, Pass pass, OrderingGraph conflictGraph,
            int lowerBound) {
        int n = colors.length;
        if (n == 0 || rounds == 0 || GreedyColoring.colorCount(colors) <= lowerBound) {
            return colors;
        }
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x9E3779B97F4A7C15L);
        int[] best = colors;
        int bestCount = GreedyColoring.colorCount(best);
        if (conflictGraph != null) {
            int[] modular = ModularColoring.smallest(conflictGraph, bestCount);
            if (modular != null) {
                best = modular;
                bestCount = GreedyColoring.colorCount(modular);
            }
        }
        int[] order = Orderings.natural(n); // previous visiting order, used to order vertices in a class
        long movesLeft = eliminationBudget(n);
        for (int r = 0; r < rounds && bestCount > lowerBound; r++) {
            int[] classOrder = classOrder(best, bestCount, rnd);
            int[] next = groupByClass(best, bestCount, classOrder, order);
            int[] candidate = pass.color(next);
            int count = GreedyColoring.colorCount(candidate);
            boolean merged = count < bestCount;
            if (count <= bestCount) {
                best = candidate;
                bestCount = count;
                order = next;
            }
            if (!merged && conflictGraph != null && bestCount > lowerBound) {
                if (movesLeft <= 0) {
                    // iterated greedy alone stalls on these graphs (see the class comment): once the
                    // elimination budget is spent, a round that merges nothing ends the improvement
                    break;
                }
                ClassElimination.Attempt a = ClassElimination.eliminate(conflictGraph, best, bestCount, lowerBound,
                        movesLeft, rnd);
                movesLeft -= a.moves();
                if (a.colors() != null) {
                    best = a.colors();
                    bestCount = GreedyColoring.colorCount(best);
                }
            }
        }
        return best;
    }

    /**
     * Tabu moves for all class elimination attempts of one call together: {@value #MOVES_PER_VERTEX} per
     * vertex (plus 1000 for small graphs), capped. A move costs about as much as colouring five vertices
     * greedily (on the random matrix below about 3 us against 0.6 us), so the whole search costs a few
     * greedy passes, and the set-up about one more. On the 20000-column random matrix
     * of issue #20 the classes 29 -> 25 went after 6, 88, 817 and 10,339 moves, and 50,000 more moves found
     * no 24-colouring; separate attempts per class, each with its own budget of 8n + 1000 moves, took
     * 39,000 moves to reach 25 and 322,000 to give up at it.
     */
    static long eliminationBudget(int n) {
        return Math.min(MOVES_PER_VERTEX * (long) n + 1_000, 400_000L);
    }

    static final int MOVES_PER_VERTEX = 1;

    /** Permutation of the colour classes for one round. */
    private static int[] classOrder(int[] colors, int k, SplittableRandom rnd) {
        int[] classes = Orderings.natural(k);
        int pick = rnd.nextInt(10);
        if (pick < 5) { // reverse
            for (int i = 0; i < k / 2; i++) {
                int t = classes[i];
                classes[i] = classes[k - 1 - i];
                classes[k - 1 - i] = t;
            }
        } else if (pick < 7) { // largest class first (stable: lower colour first on ties)
            int[] size = new int[k];
            for (int c : colors) {
                size[c]++;
            }
            Integer[] boxed = new Integer[k];
            for (int i = 0; i < k; i++) {
                boxed[i] = i;
            }
            java.util.Arrays.sort(boxed, (a, b) -> size[b] != size[a] ? Integer.compare(size[b], size[a])
                    : Integer.compare(a, b));
            for (int i = 0; i < k; i++) {
                classes[i] = boxed[i];
            }
        } else { // random
            Orderings.shuffle(classes, rnd);
        }
        return classes;
    }

    /** Vertices grouped by class in the given class order; inside a class in their previous order. */
    private static int[] groupByClass(int[] colors, int k, int[] classOrder, int[] previousOrder) {
        int[] rank = new int[k];
        for (int i = 0; i < k; i++) {
            rank[classOrder[i]] = i;
        }
        int[] start = new int[k + 1];
        for (int c : colors) {
            start[rank[c] + 1]++;
        }
        for (int i = 0; i < k; i++) {
            start[i + 1] += start[i];
        }
        int[] out = new int[colors.length];
        for (int v : previousOrder) {
            out[start[rank[colors[v]]]++] = v;
        }
        return out;
    }
}
