package org.paradjoint.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.check.CheckDriverGenerator;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.CheckSpecException;
import org.paradjoint.core.check.CheckResolution;
import org.paradjoint.core.check.CheckSpecParser;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.core.transform.Runtime;
import org.paradjoint.pipeline.DerivativeFiles;
import org.paradjoint.pipeline.GeneratedFile;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.Languages;
import org.paradjoint.pipeline.ReductionLengths;
import org.paradjoint.pipeline.Routes;
import org.paradjoint.pipeline.SourceLanguage;
import org.paradjoint.pipeline.check.CheckToolchain;
import org.paradjoint.z3.Z3Prover;

/**
 * {@code paradjoint check FILE --function NAME}: writes FILE_d.c, FILE_b.c and a driver that runs
 * the dot-product and finite-difference tests; with {@code --run} also compiles and runs it.
 */
final class CheckCommand implements Command {

    static final String EXTRA_HELP = """

            Running it at once:
              --run                 also compile the driver with gcc and run it; the exit status
                                    is then the driver's (0 only on PASS)
              --threads LIST        OpenMP thread counts to run with, comma-separated (default 1,2)
              --ranks LIST          for a function that communicates with MPI: the numbers of MPI
                                    processes to run with, comma-separated (default 1); the driver
                                    is built with mpicc and run with mpirun --oversubscribe, every
                                    rank with its own inputs, the tests on global sums and norms
              --allow-zero          pass a run whose products are all exactly 0; without it such a
                                    run FAILs, since it compared nothing (no loop iteration ran at
                                    the sizes given, or every derivative is 0)
            When the adjoint checkpoints a time loop by default (warning time-loop-checkpointed),
            each thread count runs once more with PARADJOINT_TAPE_BUDGET=1: the loop then tapes
            its first step and recomputes the others from snapshots, which a run within the
            budget never does.

            Files: generated files begin with a marker line and are replaced without asking; a
            check that fails (exit status other than 0) removes the files it created.
              --force               also replace existing FILE_d.c, FILE_b.c or driver files
                                    that paradjoint did not generate
            """;

    @Override
    public int run(String[] args, PrintStream out, PrintStream err) {
        List<String> rest = new ArrayList<>();
        boolean run = false;
        boolean allowZero = false;
        boolean force = false;
        List<Integer> threads = List.of(1, 2);
        List<Integer> ranks = null;
        PreprocessorOptions preprocessor = new PreprocessorOptions();
        for (int k = 0; k < args.length; k++) {
            if (PreprocessorOptions.isOption(args[k])) {
                try {
                    k = preprocessor.take(args, k);
                } catch (IllegalArgumentException e) {
                    err.println("paradjoint check: " + e.getMessage());
                    return Paradjoint.USAGE;
                }
            } else if (args[k].equals("--run")) {
                run = true;
            } else if (args[k].equals("--allow-zero")) {
                allowZero = true;
            } else if (args[k].equals("--force")) {
                force = true;
            } else if (isCountsOption(args[k], "--threads") || isCountsOption(args[k], "--ranks")) {
                boolean forThreads = isCountsOption(args[k], "--threads");
                String v = args[k].contains("=") ? args[k].substring(args[k].indexOf('=') + 1)
                        : k + 1 < args.length ? args[++k] : "";
                try {
                    if (forThreads) {
                        threads = parseCounts(v);
                    } else {
                        ranks = parseCounts(v);
                    }
                } catch (NumberFormatException e) {
                    err.println("paradjoint check: " + (forThreads ? "--threads" : "--ranks")
                            + " needs a list of positive integers, e.g. " + (forThreads ? "1,2" : "1,2,4"));
                    return Paradjoint.USAGE;
                }
            } else {
                rest.add(args[k]);
            }
        }
        CheckSpecParser.CheckCommand c;
        try {
            c = CheckSpecParser.parseCommand(rest);
        } catch (CheckSpecException e) {
            err.println("paradjoint check: " + e.getMessage());
            return Paradjoint.USAGE;
        }
        if (c.help()) {
            out.print(CheckSpecParser.HELP);
            out.print(EXTRA_HELP);
            out.println();
            out.println("Reading C (the driver is compiled with the same options):");
            out.print(PreprocessorOptions.HELP);
            return 0;
        }
        if (c.file() == null || c.function() == null) {
            err.println("paradjoint check: " + (c.file() == null ? "missing FILE" : "missing --function NAME")
                    + " (see paradjoint check --help)");
            return Paradjoint.USAGE;
        }
        SourceLanguage language = Languages.forFile(c.file()).orElse(null);
        CheckToolchain toolchain = language == null ? null : language.checkToolchain().orElse(null);
        if (language != null && toolchain == null) {
            err.println(Diagnostic.error("not-available.check", SourceRange.ofFile(c.file()), "language",
                    language.displayName()).format());
            return 1;
        }
        if (toolchain != null && toolchain.missingCompiler() != null) {
            err.println("error: " + toolchain.missingCompiler());
            return 1;
        }
        Z3Prover.loadInBackground(); // the adjoint's race analysis needs it: unpacked while the parser runs
        // as differentiate reads it: the functions of a real file that no derivative reaches (its
        // main, its printing) are not checked, so they need not be differentiable
        ParseResult parsed = SourceFiles.parseForDifferentiation(c.file(), preprocessor.preprocessor(),
                Set.of(c.function()), err);
        if (parsed == null || SourceFiles.report(c.file(), parsed.diagnostics(), err) || parsed.unit() == null) {
            return 1;
        }
        Function primal = parsed.unit().function(c.function()).orElse(null);
        if (primal == null) {
            err.println(Diagnostic.error("no-such-function.in-file", SourceRange.ofFile(c.file()), "function",
                    c.function()).format());
            return 1;
        }
        if (!Routes.isAnnotated(primal)) {
            err.println(Diagnostic.error("no-ad-pragma.check", primal.range(), "function", c.function()).format());
            return 1;
        }
        boolean mpi = CheckDriverGenerator.usesMpi(primal);
        if (ranks != null && !mpi) {
            err.println("paradjoint check: --ranks: " + c.function() + " does not communicate (no MPI_Comm parameter"
                    + " and no MPI call)");
            return Paradjoint.USAGE;
        }
        List<Integer> rankCounts = mpi ? (ranks == null ? List.of(1) : ranks) : null;
        // Exactly the files `paradjoint differentiate` writes with its defaults and the same extents,
        // through the same route.
        Map<String, String> extents = generationExtents(primal, c.spec());
        GeneratedFile tangent = toolchain.needsTangent() ? derivatives(parsed.unit(), c.file(), Mode.TANGENT, extents)
                : null;
        GeneratedFile adjoint = derivatives(parsed.unit(), c.file(), Mode.REVERSE, extents);
        boolean tangentFailed = tangent != null
                && (SourceFiles.report(c.file(), tangent.diagnostics(), err) || tangent.hasErrors());
        if (SourceFiles.report(c.file(), adjoint.diagnostics(), err) | tangentFailed || adjoint.hasErrors()) {
            return 1;
        }
        CheckToolchain.Request request;
        try {
            request = new CheckToolchain.Request(parsed.unit(), primal, c.spec(), Path.of(c.file()),
                    SourceFiles.read(c.file()), tangent, adjoint, c.output() == null ? null : Path.of(c.output()), run,
                    preprocessor.preprocessor());
        } catch (IOException e) {
            err.println(Diagnostic.error("cannot-read", SourceRange.ofFile(c.file()), "reason", e.getMessage())
                    .format());
            return 1;
        }
        Integer refused = CheckFiles.refusal(c.file(), toolchain.generated(request), force, err);
        if (refused != null) {
            return refused;
        }
        CheckFiles files = CheckFiles.before(toolchain.generated(request), toolchain.built(request));
        // a loop checkpointed by default runs within its budget here: every check runs once more past it
        boolean overBudget = rankCounts == null
                && adjoint.diagnostics().stream().anyMatch(d -> d.code().equals("time-loop-checkpointed"));
        int status = prepareAndRun(toolchain, request, c.file(), threads, rankCounts, overBudget, allowZero, out,
                err);
        if (status != 0) {
            files.removeCreated(err);
        }
        return status;
    }

    /** Writes, builds and (with --run) runs the driver; the exit status. */
    private static int prepareAndRun(CheckToolchain toolchain, CheckToolchain.Request request, String file,
            List<Integer> threads, List<Integer> ranks, boolean overBudget, boolean allowZero, PrintStream out,
            PrintStream err) {
        CheckToolchain.Outcome prepared;
        try {
            prepared = toolchain.prepare(request);
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
        List<Diagnostic> optionErrors = prepared.diagnostics().stream().filter(CheckResolution::isOptionError)
                .toList();
        if (!optionErrors.isEmpty()) {
            // a bad option value: a usage error, not a problem of the source
            optionErrors.forEach(d -> err.println("paradjoint check: " + d.message()));
            err.println("(see paradjoint check --help)");
            return Paradjoint.USAGE;
        }
        if (SourceFiles.report(file, prepared.diagnostics(), err) || prepared.failed()) {
            if (prepared.problem() != null) {
                err.println("error: " + prepared.problem());
            }
            return 1;
        }
        out.println("wrote " + String.join(", ", prepared.written().stream().map(Path::toString).toList()));
        // the user's file is built with warnings that are no errors: show them as gcc wrote them
        err.print(prepared.compilerWarnings());
        if (prepared.executable() == null) {
            out.println("build and run: " + prepared.buildHint());
            return 0;
        }
        if (!request.build()) {
            out.println("built " + prepared.executable());
            return 0;
        }
        return runDriver(toolchain, prepared.executable(), threads, ranks, overBudget, allowZero, out, err);
    }

    /**
     * Runs the driver at every thread count, and under MPI at every rank count too (null: no MPI);
     * with {@code overBudget}, every thread count once more past the tape budget.
     */
    private static int runDriver(CheckToolchain toolchain, Path executable, List<Integer> threads, List<Integer> ranks,
            boolean overBudget, boolean allowZero, PrintStream out, PrintStream err) {
        int status = 0;
        for (int r : ranks == null ? List.of(0) : ranks) {
            for (int t : threads) {
                for (boolean past : overBudget ? List.of(false, true) : List.of(false)) {
                    int once = runOnce(toolchain, executable, r, t, past, allowZero, out, err);
                    if (once == 2) {
                        return 1;
                    }
                    status |= once;
                }
            }
        }
        return status;
    }

    /**
     * One run: 0 on PASS, 1 on FAIL, 2 when the driver could not be started; {@code pastBudget}:
     * with a tape budget of one byte.
     */
    private static int runOnce(CheckToolchain toolchain, Path executable, int ranks, int threads, boolean pastBudget,
            boolean allowZero, PrintStream out, PrintStream err) {
        out.println(ranks > 0 ? "== ranks=" + ranks + " OMP_NUM_THREADS=" + threads
                : "== OMP_NUM_THREADS=" + threads + (pastBudget ? " " + Runtime.TAPE_BUDGET_VARIABLE + "=1" : ""));
        try {
            DriverRunner.Outcome ran = ranks > 0 ? toolchain.runRanks(executable, ranks, threads, allowZero)
                    : pastBudget ? toolchain.runOverBudget(executable, threads, allowZero)
                    : toolchain.run(executable, threads, allowZero);
            out.print(ran.stdout());
            err.print(ran.stderr());
            if (ran.signal() != 0) {
                err.println(Diagnostic.error("check-driver-killed", SourceRange.ofFile(executable.toString()),
                        "signal", ran.signalName(), "number", ran.signal(), "threads", threads).format());
            }
            return ran.ok() ? 0 : 1;
        } catch (IOException e) {
            err.println("error: cannot run the driver: " + e.getMessage());
            return 2;
        }
    }

    /**
     * The derivatives `paradjoint differentiate FILE --mode MODE --extent ...` writes, with its
     * default settings and {@code extents}.
     */
    static GeneratedFile derivatives(TranslationUnit unit, String file, Mode mode, Map<String, String> extents) {
        return DerivativeFiles.generate(unit, file, mode, null, GenerationSettings.defaults().withExtents(extents),
                ReductionLengths.symbolic());
    }

    /**
     * The check's {@code --extent} options that {@code differentiate} takes too: those over the
     * function's parameters only (a check's extent may also name a {@code --set} helper, which
     * only the driver knows). An overwritten independent declared as a pointer, for one, needs its
     * extent in the adjoint as well.
     */
    private static Map<String, String> generationExtents(Function primal, CheckSpec spec) {
        Set<String> params = new HashSet<>();
        primal.params().forEach(p -> params.add(p.name()));
        Map<String, String> out = new LinkedHashMap<>();
        spec.extents().forEach((name, e) -> {
            // a struct's member as the code spells it (g->n) is the parameter it is flattened into
            if (e.names().stream().allMatch(n -> params.contains(StructParameter.unspell(n, primal.structs())))) {
                out.put(name, e.toC());
            }
        });
        return out;
    }

    /** {@code --NAME LIST} or {@code --NAME=LIST}: a list of thread or rank counts. */
    private static boolean isCountsOption(String arg, String name) {
        return arg.equals(name) || arg.startsWith(name + "=");
    }

    /** {@code 1,2,4}: positive counts; a {@link NumberFormatException} otherwise. */
    private static List<Integer> parseCounts(String v) {
        List<Integer> r = new ArrayList<>();
        for (String p : v.split(",")) {
            int t = Integer.parseInt(p.trim());
            if (t < 1) {
                throw new NumberFormatException(p);
            }
            r.add(t);
        }
        if (r.isEmpty()) {
            throw new NumberFormatException(v);
        }
        return r;
    }
}
