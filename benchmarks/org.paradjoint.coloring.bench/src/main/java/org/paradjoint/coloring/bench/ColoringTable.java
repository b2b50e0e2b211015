package org.paradjoint.coloring.bench;

import java.util.Locale;

import org.paradjoint.coloring.Coloring;
import org.paradjoint.coloring.ColoringAlgorithm;
import org.paradjoint.coloring.ColoringChecker;
import org.paradjoint.coloring.ColoringResult;
import org.paradjoint.coloring.SparsityPattern;

/**
 * Not a JMH benchmark: one pass over matrices x problems x orderings printing colours and (single-shot,
 * after one warm-up call) times as a Markdown table, for docs/BENCHMARKS-coloring.md.
 *
 * <p>Arguments: {@code matrix[,matrix...] problem[,problem...]}, default
 * {@code lap2d-1000,lap3d-100,random-1e6 column}.
 */
public final class ColoringTable {

    private ColoringTable() {
    }

    public static void main(String[] args) {
        String[] matrices = (args.length > 0 ? args[0] : "lap2d-1000,lap3d-100,random-1e6").split(",");
        String[] problems = (args.length > 1 ? args[1] : "column").split(",");
        System.out.println("| matrix | problem | order | colors | lower bound | order_ms | color_ms | valid |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (String m : matrices) {
            SparsityPattern p = Matrices.get(m);
            for (String problem : problems) {
                for (String order : Names.ORDERS) {
                    ColoringAlgorithm a = ColoringAlgorithm.greedy(Names.order(order));
                    Coloring.color(p, Names.problem(problem), a); // warm-up
                    ColoringResult r = Coloring.color(p, Names.problem(problem), a);
                    System.out.println(String.format(Locale.ROOT, "| %s | %s | %s | %d | %d | %.1f | %.1f | %s |", m,
                            problem, order, r.colorCount(), r.lowerBound(), r.orderMillis(), r.colorMillis(),
                            ColoringChecker.check(r).isEmpty() ? "yes" : "NO"));
                }
            }
        }
    }
}
