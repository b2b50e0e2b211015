package org.paradjoint.coloring.bench;

import java.util.Locale;

import org.paradjoint.coloring.Coloring;
import org.paradjoint.coloring.ColoringAlgorithm;
import org.paradjoint.coloring.ColoringChecker;
import org.paradjoint.coloring.ColoringResult;
import org.paradjoint.coloring.SparsityPattern;

/**
 * Not a JMH benchmark: single-shot runs of {@code improve(N)} (after one warm-up call), printing the colour
 * count of the greedy pass, after recolouring, and the times, as a Markdown table.
 *
 * <p>Arguments: {@code matrix[,matrix...] problem order rounds[,rounds...]}, default
 * {@code lap3d-40,lap3d-100 column smallest-last 0,1,10}.
 */
public final class ImproveTable {

    private ImproveTable() {
    }

    public static void main(String[] args) {
        String[] matrices = (args.length > 0 ? args[0] : "lap3d-40,lap3d-100").split(",");
        String problem = args.length > 1 ? args[1] : "column";
        String order = args.length > 2 ? args[2] : "smallest-last";
        String[] rounds = (args.length > 3 ? args[3] : "0,1,10").split(",");
        System.out.println("| matrix | problem | order | improve | greedy colors | colors | lower bound | order_ms"
                + " | color_ms (of which improve) | valid |");
        System.out.println("|---|---|---|---:|---:|---:|---:|---:|---:|---|");
        for (String m : matrices) {
            SparsityPattern p = Matrices.get(m);
            for (String r : rounds) {
                ColoringAlgorithm a = ColoringAlgorithm.greedy(Names.order(order)).improve(Integer.parseInt(r));
                Coloring.color(p, Names.problem(problem), a); // warm-up
                ColoringResult res = Coloring.color(p, Names.problem(problem), a);
                System.out.println(String.format(Locale.ROOT, "| %s | %s | %s | %s | %d | %d | %d | %.0f | %.0f (%.0f) | %s |",
                        m, problem, order, r, res.greedyColorCount(), res.colorCount(), res.lowerBound(),
                        res.orderMillis(), res.colorMillis(), res.improveMillis(),
                        ColoringChecker.check(res).isEmpty() ? "yes" : "NO"));
            }
        }
    }
}
