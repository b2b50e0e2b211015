package org.paradjoint.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.mpi.Communication;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.Differentiator;
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

    static final String HELP = """
            usage: paradjoint analyze FILE [--no-bounds] [--prover-timeout MS] [-I DIR]... [-D NAME[=VALUE]]...

            Runs the race analysis of the parallel loops of every annotated function of FILE and
            prints, per parallel loop and adjoint array: the number of increments, the verdict
            (SAFE: proven race-free, plain `+=`; UNSAFE: needs `omp atomic` or a reduction), the
            reason, a counterexample from the prover where there is one, and the proof time;
            then each MPI call of those functions and what their adjoints do in its place.
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
        ParseResult parsed = SourceFiles.parse(file, preprocessor.preprocessor(), err);
        if (parsed == null || SourceFiles.report(file, parsed.diagnostics(), err) || parsed.unit() == null) {
            return 1;
        }
        RaceOptions options = RaceOptions.defaults().withBounds(bounds).withTimeout(Duration.ofMillis(timeoutMs));
        List<RaceReport> reports = RaceAwareDifferentiator.analyzeAll(parsed.unit(), DiffOptions.defaults(),
                new Z3Prover(), options);
        String communication = communication(parsed.unit());
        if (reports.isEmpty()) {
            out.println(file + ": no annotated function with a parallel loop");
        } else {
            out.print(RaceReportFormatter.format(reports));
        }
        out.print(communication);
        return 0;
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
                        .append(": the adjoint ").append(c.reversal(body)).append('\n');
            }
        }
        return out.toString();
    }
}
