package org.paradjoint.coloring.bench;

import java.util.Locale;

import org.paradjoint.coloring.ColoringAlgorithm;
import org.paradjoint.coloring.ColoringChecker;
import org.paradjoint.coloring.PartitionAdvice;
import org.paradjoint.coloring.SparsityPattern;

/**
 * Not a JMH benchmark: one pass over matrices x orderings printing the one-sided colour counts next to
 * the star bicolouring's (row + column colours) and its single-shot time after one warm-up call, as a
 * Markdown table for docs/BENCHMARKS-coloring.md.
 *
 * <p>Arguments: {@code matrix[,matrix...] [order[,order...]]}.
 */
public final class BicoloringTable {

    private BicoloringTable() {
    }

    public static void main(String[] args) {
        String[] matrices = (args.length > 0 ? args[0]
                : "arrow-1e4,bordered-band-1e4,band5-1e5,random4-1e4,random-1e4,lap2d-100").split(",");
        String[] orders = args.length > 1 ? args[1].split(",") : Names.ORDERS;
        System.out.println("| matrix | order | column | row | bicolor (row + column) | bicolor color_ms | pays | valid |");
        System.out.println("|---|---|---:|---:|---:|---:|---|---|");
        for (String m : matrices) {
            SparsityPattern p = Matrices.get(m);
            for (String order : orders) {
                ColoringAlgorithm a = ColoringAlgorithm.greedy(Names.order(order));
                PartitionAdvice.of(p, a); // warm-up
                PartitionAdvice advice = PartitionAdvice.of(p, a);
                var r = advice.bicoloring();
                System.out.println(String.format(Locale.ROOT, "| %s | %s | %d | %d | %d (%d + %d) | %.1f | %s | %s |",
                        m, order, advice.columnColors(), advice.rowColors(), r.colorCount(), r.rowColorCount(),
                        r.columnColorCount(), r.colorMillis(), advice.bicoloringPays() ? "yes" : "no",
                        ColoringChecker.check(r).isEmpty() ? "yes" : "NO"));
            }
        }
    }
}
