package org.paradjoint.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.mpi.Communication;
import org.paradjoint.core.print.MessageSpelling;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.core.transform.RaceStrategy;
import org.paradjoint.race.LoopReport;
import org.paradjoint.race.RaceAwareDifferentiator;
import org.paradjoint.race.RaceOptions;
import org.paradjoint.race.RaceReport;
import org.paradjoint.race.RaceReportFormatter;
import org.paradjoint.z3.Z3Prover;

/**
 * {@code paradjoint analyze FILE}: the race analysis of every parallel loop, per adjoint array,
 * and each communication call with its reversal.
 */
final class AnalyzeCommand implements Command {

    private static final String INTERCHANGED = "loop-interchanged";

    static final String HELP = """
            usage: paradjoint analyze FILE [--no-bounds] [--prover-timeout MS] [-I DIR]... [-D NAME[=VALUE]]...

            Runs the race analysis of the parallel loops of every annotated function of FILE and
            prints, per parallel loop and adjoint array: the number of increments, the verdict
            (SAFE: proven race-free, plain `+=`; UNSAFE: needs `omp atomic` or a reduction), the
            reason, a counterexample from the prover where there is one, and the proof time;
            then the adjoint loop nests that reverse mode interchanges and why; then each MPI
            call of those functions and what their adjoints do in its place.
            The exit status is 0 when the analysis ran (whatever its verdicts).

            options:
              --no-bounds              do not use loop bounds and strides as knowledge
              --prover-timeout MS      time limit of each question to the prover (default 1000)
            %s
            """;

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        String file = null;
        boolean bounds = true;
        long timeoutMs = RaceOptions.DEFAULT_TIMEOUT.toMillis();
        PreprocessorOptions preprocessor = new PreprocessorOptions();
        try {
            for (int k = 0; k < args.length; k++) {
                switch (args[k]) {
                    case "-h", "--help" -> {
                        out.print(HELP.formatted(PreprocessorOptions.HELP.stripTrailing()));
                        return 0;
                    }
                    case "--no-bounds" -> bounds = false;
                    case "--prover-timeout" -> {
                        if (k + 1 >= args.length) {
                            throw new IllegalArgumentException("--prover-timeout needs a value");
                        }
                        timeoutMs = OptionValues.positive(args[++k], "--prover-timeout");
                    }
                    default -> {
                        if (PreprocessorOptions.isOption(args[k])) {
                            k = preprocessor.take(args, k);
                            continue;
                        }
                        if (args[k].startsWith("-") || file != null) {
                            throw new IllegalArgumentException("unexpected argument '" + args[k] + "'");
                        }
                        file = args[k];
                    }
                }
            }
            if (file == null) {
                throw new IllegalArgumentException("missing FILE");
            }
        } catch (IllegalArgumentException e) {
            err.println("paradjoint analyze: " + e.getMessage() + " (see paradjoint analyze --help)");
            return Paradjoint.USAGE;
        }
        Z3Prover.loadInBackground(); // unpacked while the parser runs
        // the annotated functions and what they call, as differentiate reads the file
        ParseResult parsed = SourceFiles.parseForDifferentiation(file, preprocessor.preprocessor(), Set.of(), err);
        if (parsed == null || SourceFiles.report(file, parsed.diagnostics(), err) || parsed.unit() == null) {
            return 1;
        }
        RaceOptions options = RaceOptions.defaults().withBounds(bounds).withTimeout(Duration.ofMillis(timeoutMs));
        List<Diagnostic> interchanges = interchanges(parsed.unit());
        List<RaceReport> reports = RaceAwareDifferentiator.analyzeAll(parsed.unit(), DiffOptions.defaults(),
                new Z3Prover(), options).stream().map(r -> withoutCopiesOfInterchanged(r, interchanges)).toList();
        String communication = communication(parsed.unit());
        if (reports.isEmpty()) {
            out.println(file + ": no annotated function with a parallel loop");
        } else {
            out.print(membersSpelled(RaceReportFormatter.format(reports), parsed.unit()));
        }
        out.print(membersSpelled(loopOrder(interchanges), parsed.unit()));
        out.print(communication);
        return 0;
    }

    /** {@code text} naming the members of struct parameters as the code does ({@code gb->u}, not {@code g_ub}). */
    private static String membersSpelled(String text, TranslationUnit unit) {
        String out = text;
        for (Function f : unit.functions()) {
            out = StructParameter.spell(out, f.structs(), "b");
        }
        return out;
    }

    /**
     * The {@code loop-interchanged} reports of reverse mode (the command line's race strategy,
     * {@code private}) for every annotated function. The order does not depend on the race
     * analysis's verdicts (an interchanged loop's ownership is read off its indices), so the
     * functions are differentiated without it.
     */
    private static List<Diagnostic> interchanges(TranslationUnit unit) {
        List<Diagnostic> out = new ArrayList<>();
        DiffOptions options = DiffOptions.defaults().withRaceStrategy(RaceStrategy.PRIVATE);
        for (Function f : unit.functions()) {
            if (Differentiator.isAnnotated(f)) {
                DiffResult r = Differentiator.differentiate(unit, f.name(), Mode.REVERSE, options);
                r.diagnostics().stream().filter(d -> d.code().equals(INTERCHANGED)).forEach(out::add);
            }
        }
        return out;
    }

    /**
     * {@code r} without per-thread copies or kept atomics for its parallel loops whose adjoint was
     * interchanged: every increment there is owned by its iteration (the loop order section says so).
     */
    private static RaceReport withoutCopiesOfInterchanged(RaceReport r, List<Diagnostic> interchanges) {
        List<LoopReport> loops = r.loops().stream().map(l -> interchanges.stream().anyMatch(d -> d.range().isKnown()
                && d.range().equals(l.range()) && l.counter().equals(d.arguments().get("outer")))
                        ? l.withPerThread(List.of(), List.of()) : l).toList();
        return new RaceReport(r.function(), r.prover(), loops, r.diagnostics(), r.time());
    }

    /** The adjoint nests that reverse mode interchanges, each with its reason; nothing when none is. */
    private static String loopOrder(List<Diagnostic> interchanges) {
        if (interchanges.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("loop order of the adjoints (reverse mode):\n");
        for (Diagnostic d : interchanges) {
            SourceRange at = d.range();
            out.append("  ").append(at.isKnown() ? at.location() + ": " : "").append(d.message()).append('\n');
        }
        return out.toString();
    }

    /** Each communication call of the annotated functions and what their adjoints do in its place. */
    private static String communication(TranslationUnit unit) {
        StringBuilder out = new StringBuilder();
        for (Function f : unit.functions()) {
            if (!Differentiator.isAnnotated(f)) {
                continue;
            }
            List<Communication> calls;
            org.paradjoint.core.ir.Stmt body;
            try {
                body = Differentiator.prepare(unit, f).body();
                calls = Communication.in(body);
            } catch (UnsupportedException e) {
                continue; // reported when the function is differentiated
            }
            if (calls.isEmpty()) {
                continue;
            }
            out.append("communication in ").append(f.name()).append(" (reversed in ").append(f.name())
                    .append("_b):\n");
            for (Communication c : calls) {
                SourceRange r = c.call().range();
                out.append("  ").append(r.isKnown() ? "line " + r.line() + ": " : "").append(c.routine().cName)
                        .append(": the adjoint ").append(c.reversal(body, MessageSpelling.of(unit))).append('\n');
            }
        }
        return out.toString();
    }
}
