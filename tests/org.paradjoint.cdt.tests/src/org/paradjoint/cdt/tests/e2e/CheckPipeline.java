package org.paradjoint.cdt.tests.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.check.CheckDriver;
import org.paradjoint.core.check.CheckDriverGenerator;
import org.paradjoint.core.check.CheckReport;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.CheckTarget;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.pipeline.DerivativeFiles;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.ReductionLengths;
import org.paradjoint.testsupport.Gcc;

/**
 * What {@code paradjoint check} does, end to end: parse C text, differentiate every annotated
 * function in tangent and reverse mode, write {@code base.c}, {@code base_d.c}, {@code base_b.c}
 * and the driver {@code base_check.c} into a folder, and compile the driver with gcc.
 * Each step that fails says so in {@link Built#problem()} with what it printed.
 * <p>
 * Each generated file is first compiled on its own with the flags it promises
 * ({@link Gcc#STRICT}, optimised, so that gcc's flow warnings run too), the adjoint also in its
 * other {@link AdjointShapes}; the driver then tolerates a set-but-unused variable, which only
 * the user's own source may have.
 */
final class CheckPipeline {

    /** Where it failed; {@link #PASSED} when everything compiled. */
    enum Stage {
        FRONT_END, DIFFERENTIATION, WARNINGS, DRIVER, COMPILATION, PASSED
    }

    /**
     * The outcome: the executable (null unless {@code stage == PASSED}), a description of any
     * problem, and a short key that tells one kind of problem from another (the error codes of
     * diagnostics, or gcc's first error without names and positions).
     */
    record Built(Stage stage, Path dir, Path executable, String problem, String key) {
    }

    private static final DriverRunner RUNNER = new DriverRunner();
    private static final DriverRunner STRICT = new DriverRunner("gcc", Gcc.STRICT, List.of(), 120);
    /** Files that communicate are built with the MPI compiler wrapper, with the same flags. */
    private static final DriverRunner MPI_RUNNER = DriverRunner.mpi(300);
    private static final DriverRunner MPI_STRICT = new DriverRunner("mpicc", Gcc.STRICT, List.of(), 120);
    /** The user's source is not ours to keep warning-free; what it includes was checked alone. */
    private static final String USER_SOURCE_LENIENCY = "-Wno-unused-but-set-variable";

    private CheckPipeline() {
    }

    static DriverRunner runner() {
        return RUNNER;
    }

    /** The runner of drivers of functions that communicate ({@link DriverRunner#runRanks}). */
    static DriverRunner mpiRunner() {
        return MPI_RUNNER;
    }

    /**
     * The front-end and both modes of every annotated function through the pipeline, the adjoint
     * the all-atomic baseline; {@code stage} says how far it got.
     */
    record Differentiated(Stage stage, String problem, String key, TranslationUnit unit, FileResult tangent,
            FileResult adjoint) {
    }

    static Differentiated differentiate(String file, String source) {
        return differentiate(file, source, GenerationSettings.allAtomic());
    }

    /** As above, with the adjoint generated under {@code settings} (the tangent all-atomic). */
    static Differentiated differentiate(String file, String source, GenerationSettings settings) {
        ParseResult parsed = new CFrontEnd().parse(file, source);
        if (parsed.hasErrors()) {
            return new Differentiated(Stage.FRONT_END, "front-end errors:\n" + format(parsed.diagnostics()),
                    key(Stage.FRONT_END, parsed.diagnostics()), null, null, null);
        }
        TranslationUnit unit = parsed.unit();
        FileResult tangent = DerivativeFiles.derivatives(unit, Mode.TANGENT, GenerationSettings.allAtomic(), ReductionLengths.none());
        FileResult adjoint = DerivativeFiles.derivatives(unit, Mode.REVERSE, settings, ReductionLengths.none());
        if (tangent.hasErrors() || adjoint.hasErrors()) {
            List<Diagnostic> all = new ArrayList<>(tangent.diagnostics());
            all.addAll(adjoint.diagnostics());
            return new Differentiated(Stage.DIFFERENTIATION, "differentiation errors:\n" + format(all),
                    key(Stage.DIFFERENTIATION, all), unit, tangent, adjoint);
        }
        return new Differentiated(Stage.PASSED, "", "PASSED", unit, tangent, adjoint);
    }

    /**
     * Builds the check of {@code base.c} (text {@code source}) in {@code dir}; {@code specs} gives the
     * options of each function to check (functions it returns null for are not checked).
     */
    static Built build(Path dir, String base, String source, Function<String, CheckSpec> specs) throws IOException {
        return build(dir, base, source, specs, GenerationSettings.allAtomic());
    }

    /** As above, with the adjoint generated under {@code settings}. */
    static Built build(Path dir, String base, String source, Function<String, CheckSpec> specs,
            GenerationSettings settings) throws IOException {
        Files.createDirectories(dir);
        String file = base + ".c";
        Files.writeString(dir.resolve(file), source);
        Differentiated d = differentiate(file, source, settings);
        if (d.stage() != Stage.PASSED) {
            return new Built(d.stage(), dir, null, d.problem(), d.key());
        }
        TranslationUnit unit = d.unit();
        FileResult tangent = d.tangent();
        FileResult adjoint = d.adjoint();
        boolean mpi = unit.functions().stream().anyMatch(CheckDriverGenerator::usesMpi);
        DriverRunner strict = mpi ? MPI_STRICT : STRICT;
        DriverRunner runner = mpi ? MPI_RUNNER : RUNNER;
        AdjointShapes.Shapes shapes = AdjointShapes.of(unit);
        if (!shapes.errors().isEmpty()) {
            return new Built(Stage.DIFFERENTIATION, dir, null, "errors of other adjoint shapes:\n"
                    + format(shapes.errors()), key(Stage.DIFFERENTIATION, shapes.errors()));
        }
        Map<String, String> generated = new LinkedHashMap<>();
        generated.put(base + "_d.c", tangent.text());
        generated.put(base + "_b.c", adjoint.text());
        shapes.files().forEach((suffix, text) -> generated.put(base + suffix, text));
        Gcc.require(); // asked only now: the differentiation above is tested without gcc
        for (Map.Entry<String, String> g : generated.entrySet()) {
            Path path = dir.resolve(g.getKey());
            Files.writeString(path, g.getValue());
            DriverRunner.Outcome alone = strict.compileOnly(path);
            if (!alone.ok()) {
                return new Built(Stage.WARNINGS, dir, null, "gcc " + String.join(" ", Gcc.STRICT) + " -c "
                        + g.getKey() + " failed:\n" + head(alone.text(), 60), gccKey(Stage.WARNINGS, alone.text()));
            }
        }
        List<CheckTarget> targets = new ArrayList<>();
        for (DerivativeSignature t : tangent.signatures()) {
            CheckSpec spec = specs.apply(t.primalName());
            DerivativeSignature a = adjoint.signatures().stream().filter(s -> s.primalName().equals(t.primalName()))
                    .findFirst().orElseThrow();
            if (spec != null) {
                targets.add(new CheckTarget(unit.function(t.primalName()).orElseThrow(), t, a, spec));
            }
        }
        CheckDriver driver = CheckDriverGenerator.generate(targets, CheckDriverGenerator.includesFor(file));
        if (driver.hasErrors()) {
            return new Built(Stage.DRIVER, dir, null, "driver errors:\n" + format(driver.diagnostics()),
                    key(Stage.DRIVER, driver.diagnostics()));
        }
        Path driverFile = dir.resolve(base + "_check.c");
        Files.writeString(driverFile, driver.source());
        Path exe = dir.resolve(base + "_check");
        // the generated files define the structs of struct parameters again: the user's file apart
        boolean structs = unit.functions().stream().anyMatch(f -> !f.structs().isEmpty());
        DriverRunner.Outcome cc = structs ? runner.compileCheck(driverFile, exe)
                : runner.compile(driverFile, exe, USER_SOURCE_LENIENCY);
        if (!cc.ok()) {
            return new Built(Stage.COMPILATION, dir, null, "gcc " + String.join(" ", DriverRunner.GCC_FLAGS) + " "
                    + driverFile.getFileName() + " failed:\n" + head(cc.text(), 60),
                    gccKey(Stage.COMPILATION, cc.text()));
        }
        return new Built(Stage.PASSED, dir, exe, "", "PASSED");
    }

    private static String key(Stage stage, List<Diagnostic> diagnostics) {
        return stage + " " + diagnostics.stream().filter(Diagnostic::isError).map(Diagnostic::code).distinct().sorted()
                .collect(Collectors.joining(","));
    }

    /** gcc's first error, e.g. {@code COMPILATION Q is used uninitialized [-Werror=uninitialized]}. */
    private static String gccKey(Stage stage, String output) {
        return stage + " " + output.lines().filter(l -> l.contains("error:")).findFirst()
                .map(l -> l.substring(l.indexOf("error:") + 6).replaceAll("‘[^’]*’|'[^']*'", "Q").strip())
                .orElse("?");
    }

    static String format(List<Diagnostic> diagnostics) {
        return diagnostics.stream().map(d -> "  " + d.format() + "\n").collect(Collectors.joining());
    }

    static String head(String text, int lines) {
        List<String> all = text.lines().toList();
        return all.size() <= lines ? text
                : String.join("\n", all.subList(0, lines)) + "\n  ... (" + (all.size() - lines) + " more lines)";
    }

    /**
     * Runs the driver of {@code b} with each count of {@code threads}; a line per check of
     * {@code functions} that did not pass both tests within the tolerances, {@code about} adding
     * what reproduces it (empty when all passed).
     */
    static List<String> failuresOnThreads(Built b, List<String> functions, int[] threads, double dotTolerance,
            double fdTolerance, Function<String, String> about) throws IOException {
        List<String> problems = new ArrayList<>();
        for (int t : threads) {
            DriverRunner.Outcome run = RUNNER.run(b.executable(), t);
            CheckReport report = run.report();
            for (String f : functions) {
                CheckReport.Result r = report.result(f);
                if (r == null) {
                    problems.add(f + " with " + t + " thread(s): no result (exit " + run.exitCode() + ")");
                } else if (!r.passed() || !(r.dotError() <= dotTolerance) || !(r.fdError() <= fdTolerance)) {
                    problems.add(f + " with " + t + " thread(s): dot-product rel_err=" + r.dotError()
                            + ", finite-difference rel_err=" + r.fdError() + about.apply(f));
                }
            }
        }
        return problems;
    }

    /**
     * Runs the MPI driver of {@code b} on 1, 2 and 4 ranks with 1 and 2 threads each; a line per check
     * of {@code functions} that did not pass both tests within the tolerances, {@code about} adding
     * what reproduces it (empty when all passed).
     */
    static List<String> failuresOnRanks(Built b, List<String> functions, double dotTolerance, double fdTolerance,
            Function<String, String> about) throws IOException {
        List<String> problems = new ArrayList<>();
        for (int ranks : new int[] {1, 2, 4}) {
            for (int threads : new int[] {1, 2}) {
                DriverRunner.Outcome run = MPI_RUNNER.runRanks(b.executable(), ranks, threads, Map.of());
                CheckReport report = run.report();
                if (!run.stdout().contains("ranks: " + ranks)) {
                    problems.add("the driver did not run on " + ranks + " ranks:\n" + run.text());
                }
                for (String f : functions) {
                    CheckReport.Result r = report.result(f);
                    String where = f + " on " + ranks + " rank(s) x " + threads + " thread(s)";
                    if (r == null) {
                        problems.add(where + ": no result (exit " + run.exitCode() + ")\n" + run.text());
                    } else if (!r.passed() || !(r.dotError() <= dotTolerance) || !(r.fdError() <= fdTolerance)) {
                        problems.add(where + ": dot-product rel_err=" + r.dotError() + ", finite-difference rel_err="
                                + r.fdError() + about.apply(f));
                    }
                }
            }
        }
        return problems;
    }

    /** The generated files of a build, for failure messages. */
    static String files(Built b, String base, int maxLines) {
        StringBuilder out = new StringBuilder();
        for (String f : List.of(base + "_d.c", base + "_b.c", base + "_b_plain.c", base + "_b_reduction.c")) {
            Path p = b.dir().resolve(f);
            try {
                if (Files.exists(p)) {
                    out.append("---- ").append(f).append('\n').append(head(Files.readString(p), maxLines)).append('\n');
                }
            } catch (IOException e) {
                out.append("(cannot read ").append(f).append(")\n");
            }
        }
        return out.toString();
    }
}
