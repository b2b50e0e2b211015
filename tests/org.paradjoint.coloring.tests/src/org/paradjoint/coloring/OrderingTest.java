package org.paradjoint.coloring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Checks each ordering against its definition, using naive quadratic reference computations on small
 * graphs, for both degree notions: distance-2 in the column intersection graph (Jacobian problems) and
 * distance-1 in the adjacency graph (Hessian problems).
 */
class OrderingTest {

    static LongStream seeds() {
        return LongStream.range(0, 40);
    }

    /** Neighbour sets of the graph a problem colours, computed naively. */
    static List<Set<Integer>> graph(SparsityPattern p, ColoringProblem problem) {
        List<Set<Integer>> g = new ArrayList<>();
        switch (problem) {
            case COLUMN -> {
                for (int j = 0; j < p.cols(); j++) {
                    g.add(TestMatrices.distance2Neighbours(p, j));
                }
            }
            case ROW -> {
                for (int i = 0; i < p.rows(); i++) {
                    g.add(TestMatrices.distance2Neighbours(p.transpose(), i));
                }
            }
            default -> {
                for (int v = 0; v < p.rows(); v++) {
                    g.add(TestMatrices.adjacent(p, v));
                }
            }
        }
        return g;
    }

    static int[] order(SparsityPattern p, ColoringProblem problem, Ordering o) {
        int[] order = Coloring.color(p, problem, ColoringAlgorithm.greedy(o)).order();
        int[] sorted = order.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < sorted.length; i++) {
            assertEquals(i, sorted[i], o + " is not a permutation");
        }
        return order;
    }

    /** degree of v counting only neighbours in the given set */
    static int degreeWithin(List<Set<Integer>> g, int v, boolean[] in) {
        int d = 0;
        for (int u : g.get(v)) {
            if (in[u]) {
                d++;
            }
        }
        return d;
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void orderingsFollowTheirDefinitions(long seed) {
        for (ColoringProblem problem : List.of(ColoringProblem.COLUMN, ColoringProblem.ROW,
                ColoringProblem.DISTANCE_1)) {
            SparsityPattern p = problem == ColoringProblem.DISTANCE_1 ? TestMatrices.symmetric(seed).pattern()
                    : TestMatrices.general(seed).pattern();
            if (p.cols() > 160 || p.rows() > 160) {
                continue; // the reference checks are quadratic
            }
            List<Set<Integer>> g = graph(p, problem);
            int n = g.size();
            String where = problem + " seed=" + seed + "\n" + TestMatrices.toMatrixMarket(p);

            assertArrayEquals(Orderings.natural(n), order(p, problem, new NaturalOrder()), where);

            int[] lf = order(p, problem, new LargestFirst());
            for (int i = 1; i < n; i++) {
                int d0 = g.get(lf[i - 1]).size();
                int d1 = g.get(lf[i]).size();
                assertTrue(d0 > d1 || d0 == d1 && lf[i - 1] < lf[i], "largest-first at " + i + " " + where);
            }

            // smallest-last: order[i] has minimum degree among order[0..i]
            int[] sl = order(p, problem, new SmallestLast());
            boolean[] in = new boolean[n];
            Arrays.fill(in, true);
            for (int i = n - 1; i >= 0; i--) {
                int dv = degreeWithin(g, sl[i], in);
                for (int u = 0; u < n; u++) {
                    if (in[u]) {
                        assertTrue(dv <= degreeWithin(g, u, in), "smallest-last at " + i + " " + where);
                    }
                }
                in[sl[i]] = false;
            }

            // dynamic largest-first: order[i] has maximum degree among order[i..n-1]
            int[] dlf = order(p, problem, new DynamicLargestFirst());
            Arrays.fill(in, true);
            for (int i = 0; i < n; i++) {
                int dv = degreeWithin(g, dlf[i], in);
                for (int u = 0; u < n; u++) {
                    if (in[u]) {
                        assertTrue(dv >= degreeWithin(g, u, in), "dynamic-largest-first at " + i + " " + where);
                    }
                }
                in[dlf[i]] = false;
            }

            // incidence degree: order[i] has the most neighbours among order[0..i-1]
            int[] id = order(p, problem, new IncidenceDegree());
            boolean[] done = new boolean[n];
            for (int i = 0; i < n; i++) {
                int dv = degreeWithin(g, id[i], done);
                for (int u = 0; u < n; u++) {
                    if (!done[u]) {
                        assertTrue(dv >= degreeWithin(g, u, done), "incidence-degree at " + i + " " + where);
                    }
                }
                done[id[i]] = true;
            }
        }
    }

    @Test
    void randomOrderIsReproducibleAndDependsOnTheSeed() {
        SparsityPattern p = SparsityPatterns.laplacian2d(20);
        int[] a = order(p, ColoringProblem.COLUMN, new RandomOrder(7));
        int[] b = order(p, ColoringProblem.COLUMN, new RandomOrder(7));
        int[] c = order(p, ColoringProblem.COLUMN, new RandomOrder(8));
        assertArrayEquals(a, b);
        assertFalse(Arrays.equals(a, c));
        assertFalse(Arrays.equals(a, Orderings.natural(a.length)));
    }

    @Test
    void orderingsOfLargeGraphsAreComplete() {
        // 250000 vertices: every vertex ordered exactly once; the time is printed, not asserted
        // (timings never gate a test; the JMH benchmarks measure them)
        SparsityPattern p = SparsityPatterns.laplacian2d(500);
        for (Ordering o : List.of(new SmallestLast(), new IncidenceDegree(), new DynamicLargestFirst(),
                new LargestFirst())) {
            long t = System.nanoTime();
            int[] order = Coloring.color(p, ColoringProblem.DISTANCE_1, ColoringAlgorithm.greedy(o)).order();
            double s = (System.nanoTime() - t) / 1e9;
            assertEquals(p.rows(), order.length);
            assertEquals(p.rows(), Arrays.stream(order).distinct().count(), o + " repeats a vertex");
            System.out.printf("%s on 250000 vertices: %.3f s%n", o, s);
        }
    }

    @Test
    void labelsAreTheCommandLineSpellings() {
        assertEquals("natural", new NaturalOrder().label());
        assertEquals("random", new RandomOrder(1).label());
        assertEquals("largest-first", new LargestFirst().label());
        assertEquals("smallest-last", new SmallestLast().label());
        assertEquals("incidence-degree", new IncidenceDegree().label());
        assertEquals("dynamic-largest-first", new DynamicLargestFirst().label());
    }
}
