package org.paradjoint.race;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

import org.paradjoint.core.diag.SourceRange;

/**
 * The text of {@code paradjoint analyze}: per function, per parallel loop and per adjoint array,
 * the number of increments, the verdict, the reason and the proof time; every UNSAFE increment
 * on a line of its own, located like a compiler message. For example:
 * <pre>
 * gfmc.c: function gfmc_split: 2 parallel loops, 9 increments, 1 unsafe (z3 4.14.1.0, 6.1 ms)
 *   gfmc.c:17:5: parallel loop over ig: 8 increments, 0 unsafe, 11 questions, solver 2.3 ms
 *     clb: no increment (the adjoint only reads or overwrites it)
 *     crb: 8 increments, SAFE, proof 2.9 ms: no two iterations touch the same element of crb
 *   gfmc.c:31:5: parallel loop over ig: 1 increment, 1 unsafe, 2 questions, solver 0.7 ms
 *     clb: no increment (the adjoint only reads or overwrites it)
 *     crb: 1 increment, UNSAFE, proof 1.5 ms (1 unsafe)
 *       gfmc.c:34:42: crb[k][j]: adjoint increment crb[k][j] may collide ... (counterexample: ...)
 *     crb: keeps omp atomic (race strategy private): the loop also writes cr, so its adjoint is read and reset too
 *     alphab: shared scalar, summed per thread (reduction(+: ...)) and added once after the loop, no atomic
 * </pre>
 * The solver time of a loop counts the prover's answers; the proof time of an array also counts
 * building its questions and counterexamples.
 */
public final class RaceReportFormatter {

    private RaceReportFormatter() {
    }

    /** All functions, one block each, and a closing summary line. */
    public static String format(List<RaceReport> reports) {
        StringBuilder sb = new StringBuilder();
        int loops = 0;
        int increments = 0;
        long unsafe = 0;
        Duration time = Duration.ZERO;
        for (RaceReport r : reports) {
            sb.append(format(r));
            loops += r.loops().size();
            for (LoopReport l : r.loops()) {
                increments += l.increments().size();
                unsafe += l.increments().stream().filter(i -> !i.isSafe()).count();
            }
            time = time.plus(r.time());
        }
        sb.append(count(reports.size(), "function")).append(", ").append(count(loops, "parallel loop")).append(", ")
                .append(count(increments, "increment"))
                .append(", ").append(unsafe).append(" unsafe; analysis ").append(ms(time)).append('\n');
        return sb.toString();
    }

    /** One function: a header line, then each loop and its adjoint arrays. */
    public static String format(RaceReport r) {
        StringBuilder sb = new StringBuilder();
        String file = r.function().range().file();
        long unsafe = r.loops().stream().flatMap(l -> l.increments().stream()).filter(i -> !i.isSafe()).count();
        int incs = r.loops().stream().mapToInt(l -> l.increments().size()).sum();
        sb.append(file == null || file.isEmpty() ? "" : file + ": ").append("function ").append(r.function().name())
                .append(": ").append(count(r.loops().size(), "parallel loop")).append(", ")
                .append(count(incs, "increment")).append(", ").append(unsafe).append(" unsafe (").append(r.prover())
                .append(", ").append(ms(r.time())).append(")\n");
        for (LoopReport l : r.loops()) {
            loop(l, sb);
        }
        return sb.toString();
    }

    private static void loop(LoopReport l, StringBuilder sb) {
        long unsafe = l.increments().stream().filter(i -> !i.isSafe()).count();
        sb.append("  ").append(where(l.range())).append("parallel loop over ").append(l.counter()).append(": ")
                .append(count(l.increments().size(), "increment")).append(", ").append(unsafe).append(" unsafe, ")
                .append(count(l.questions(), "question")).append(", solver ").append(ms(l.proofTime())).append('\n');
        if (l.primalRace() != null) {
            sb.append("    probable race in the primal loop, nothing proven: ").append(l.primalRace()).append('\n');
        }
        for (PrimalConflict c : l.conflicts()) {
            sb.append("    ").append(where(c.range())).append(c.message()).append('\n');
        }
        if (l.unsupported() != null) {
            sb.append("    not analysed: ").append(l.unsupported()).append('\n');
        }
        if (l.arrays().isEmpty()) {
            sb.append("    no shared active array\n");
        }
        for (ArrayReport a : l.arrays()) {
            array(a, sb);
        }
        for (String a : l.perThread()) {
            sb.append("    ").append(a).append(": accumulated per thread (race strategy private: thread 0 into ")
                    .append(a).append(", the others into zeroed copies added after the loop), no atomic\n");
        }
        for (String a : l.keptAtomic()) {
            sb.append("    ").append(a).append('\n');
        }
        for (String s : l.summedScalars()) {
            sb.append("    ").append(s).append(": shared scalar, summed per thread (reduction(+: ...)) and added "
                    + "once after the loop, no atomic\n");
        }
    }

    private static void array(ArrayReport a, StringBuilder sb) {
        if (a.increments().isEmpty()) {
            sb.append("    ").append(a.adjoint()).append(": no increment (the adjoint only reads or overwrites it)\n");
            return;
        }
        sb.append("    ").append(a.adjoint()).append(": ").append(count(a.increments().size(), "increment"))
                .append(", ").append(a.verdict()).append(", proof ").append(ms(a.proofTime()));
        if (a.verdict() == Verdict.SAFE) {
            sb.append(": no two iterations touch the same element of ").append(a.adjoint()).append('\n');
            return;
        }
        sb.append(" (").append(a.unsafeCount()).append(" unsafe)\n");
        for (Increment i : a.increments()) {
            if (!i.isSafe()) {
                sb.append("      ").append(where(i.range())).append(i.adjoint()).append(": ").append(i.message())
                        .append('\n');
            }
        }
    }

    private static String where(SourceRange r) {
        return r != null && r.isKnown() ? r.location() + ": " : "";
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static String ms(Duration d) {
        return String.format(Locale.ROOT, "%.1f ms", d.toNanos() / 1e6);
    }
}
