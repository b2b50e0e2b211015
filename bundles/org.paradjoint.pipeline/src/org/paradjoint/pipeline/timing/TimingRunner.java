package org.paradjoint.pipeline.timing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import org.paradjoint.core.check.CheckDriverGenerator;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.inline.CallInliner;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.pipeline.timing.Variants.Variant;
import org.paradjoint.pipeline.RoutedGenerator;
import org.paradjoint.pipeline.DerivativeGenerator;
import org.paradjoint.pipeline.Languages;
import org.paradjoint.pipeline.SourceLanguage;
import org.paradjoint.pipeline.SourceReader;
import org.paradjoint.pipeline.GeneratedFile;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.timing.Processes;

/**
 * Runs a timing experiment headless (the workbench's launch configuration and
 * {@code paradjoint bench} both call this): for every problem size and variant it generates the
 * variant and a timing driver in the language of the source, compiles them with the configured C
 * or Fortran compiler, runs the executable once per thread count in its own process with
 * {@code OMP_NUM_THREADS} set (a kernel that communicates: under {@code mpirun} once per rank count
 * and thread count, built with {@code mpicc} or {@code mpif90}), and finally writes one CSV row per variant, size,
 * rank and thread count.
 * Each run is first probed one call at a time, then repeated with as many calls per measurement as
 * make a measurement last {@value CallsPerMeasurement#MIN_MEASUREMENT_SECONDS} s
 * ({@link CallsPerMeasurement}); calls too short to time are warned about. Every command is echoed
 * to the listener, so a run can be repeated by hand.
 */
public final class TimingRunner {

    private final TimingListener listener;

    public TimingRunner(TimingListener listener) {
        this.listener = listener == null ? TimingListener.SILENT : listener;
    }

    public TimingResult run(TimingConfig config, BooleanSupplier cancelled) throws TimingException {
        BooleanSupplier stop = cancelled == null ? () -> false : cancelled;
        TimingToolchain toolchain = toolchain(config);
        TranslationUnit unit = parse(config, toolchain);
        Function kernel = unit.function(config.kernel()).orElseThrow(() -> error(config,
                "no-such-function.timing", "function", config.kernel(), "functions",
                String.join(", ", unit.functions().stream().map(Function::name).toList())));
        List<Variant> variants = variants(config, kernel, toolchain);
        boolean mpi = CheckDriverGenerator.usesMpi(kernel);
        List<Integer> ranks = ranks(config, kernel, mpi);
        TimingConfig build = mpi ? withMpiWrappers(config) : config;
        List<TimingRow> rows = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        int total = config.sizes().size() * variants.size() * (1 + ranks.size() * config.threads().size());
        int done = 0;
        try {
            Files.createDirectories(config.workDir());
            for (long size : config.sizes()) {
                Map<String, Long> ints = integerValues(config, kernel, size);
                // sized by the indices the kernel's helpers use too
                Map<Variable, ArrayExtents.Shape> shapes = shapes(config, CallInliner.forAnalysis(unit, kernel), ints,
                        toolchain);
                listener.line("== " + kernel.name() + " at " + describe(ints) + "; arrays "
                        + String.join(", ", ArrayExtents.describe(counts(shapes))));
                Map<String, List<Run>> bySize = new LinkedHashMap<>();
                List<String> shortCalls = new ArrayList<>();
                for (Variant v : variants) {
                    checkCancelled(stop);
                    listener.step(done++, total, "build " + v.id() + " at size " + size);
                    Path exe = build(build, unit, kernel, v, size, ints, shapes, stop);
                    for (int r : ranks) {
                        for (int threads : config.threads()) {
                            checkCancelled(stop);
                            String on = (mpi ? r + " rank" + (r == 1 ? "" : "s") + " x " : "")
                                    + threads + " thread" + (threads == 1 ? "" : "s");
                            listener.step(done++, total, "run " + v.id() + " with " + on);
                            Run run = measure(config, exe, mpi ? r : 0, threads, stop);
                            if (run.tooSmall()) {
                                shortCalls.add(v.id() + " with " + on + " ("
                                        + CallsPerMeasurement.micros(run.times().median()) + ")");
                            }
                            bySize.computeIfAbsent(v.id(), k -> new ArrayList<>()).add(run);
                        }
                    }
                }
                if (!shortCalls.isEmpty()) {
                    warnings.add(CallsPerMeasurement.warning(size, String.join(", ", shortCalls)));
                    listener.line(warnings.get(warnings.size() - 1));
                }
                rows.addAll(rows(size, bySize));
            }
            writeCsv(config.csv(), rows);
        } catch (IOException e) {
            throw new TimingException("timing experiment failed: " + e.getMessage(), e);
        }
        listener.step(total, total, "done");
        listener.line("wrote " + config.csv() + " (" + rows.size() + " rows)");
        return new TimingResult(rows, config.csv(), config.workDir(), warnings);
    }

    /** Catalogue error {@code id} about the source as a whole, as the exception timing runs fail with. */
    static TimingException error(TimingConfig config, String id, Object... arguments) {
        return new TimingException(Diagnostic.error(id, SourceRange.ofFile(config.source().toString()), arguments)
                .format());
    }

    /** The rank counts to run: those configured (1 by default) for a kernel that communicates, one run otherwise. */
    private static List<Integer> ranks(TimingConfig config, Function kernel, boolean mpi) throws TimingException {
        if (mpi) {
            return config.ranks().isEmpty() ? List.of(1) : config.ranks();
        }
        if (config.ranks().stream().anyMatch(r -> r != 1)) {
            throw new TimingException("ranks " + config.ranks() + ": " + kernel.name()
                    + " does not communicate (no MPI_Comm parameter or MPI call), so it runs as one process");
        }
        return List.of(1);
    }

    /**
     * A kernel that communicates is built with MPI's compiler wrappers in place of the default
     * compilers ({@code mpicc} for gcc, {@code mpif90} for gfortran); a compiler the user named is
     * kept (it may be a wrapper of its own).
     */
    static TimingConfig withMpiWrappers(TimingConfig config) {
        TimingConfig c = config.compiler().equals("gcc") ? config.withCompiler("mpicc", config.flags()) : config;
        return c.fortranCompiler().equals(TimingConfig.DEFAULT_FORTRAN_COMPILER)
                ? c.withFortranCompiler(org.paradjoint.fortran.check.FortranDriverRunner.MPIF90) : c;
    }

    /** The toolchain of the source's language. */
    private static TimingToolchain toolchain(TimingConfig config) throws TimingException {
        String name = config.source().getFileName().toString();
        SourceLanguage language = Languages.forFile(name).orElseThrow(() -> error(config, "unsupported-file-type",
                "languages", Languages.describe()));
        return language.timingToolchain().orElseThrow(() -> error(config, "not-available.timing", "language",
                language.displayName()));
    }

    private static TranslationUnit parse(TimingConfig config, TimingToolchain toolchain) throws TimingException {
        String text;
        try {
            text = SourceReader.read(config.source()).text();
        } catch (IOException e) {
            throw new TimingException(Diagnostic.error("cannot-read", SourceRange.ofFile(config.source().toString()),
                    "reason", e.getMessage()).format(), e);
        }
        return toolchain.parse(config, text);
    }

    private List<Variant> variants(TimingConfig config, Function kernel, TimingToolchain toolchain)
            throws TimingException {
        if (config.variants().isEmpty()) {
            List<Variant> out = new ArrayList<>();
            for (Variant v : Variants.applicable(kernel)) {
                if (Variants.TANGENT.equals(v.id()) && kernel.returnType() != null) {
                    listener.line("not timed: " + v.id() + " (tangent mode differentiates void functions only, and "
                            + kernel.name() + " returns a value)");
                } else if (toolchain.notTimed(v) != null) {
                    listener.line("not timed: " + v.id() + " (" + toolchain.notTimed(v) + ")");
                } else {
                    out.add(v);
                }
            }
            return out;
        }
        List<Variant> out = new ArrayList<>();
        for (String id : config.variants()) {
            Optional<Variant> v = Variants.byId(id);
            if (v.isEmpty()) {
                throw new TimingException("unknown variant '" + id + "'; known: "
                        + String.join(", ", Variants.all().stream().map(Variant::id).toList()));
            }
            if (!v.get().appliesTo(kernel)) {
                throw new TimingException("variant '" + id + "' does not apply to '" + kernel.name()
                        + "': it lacks the annotation that variant needs");
            }
            if (toolchain.notTimed(v.get()) != null) {
                throw new TimingException("variant '" + id + "' is not timed for "
                        + Languages.forFile(config.source().getFileName().toString()).orElseThrow().displayName()
                        + " sources: " + toolchain.notTimed(v.get()));
            }
            out.add(v.get());
        }
        return out;
    }

    /** The integer parameters: the size parameter (or all of them) at {@code size}, the others fixed. */
    static Map<String, Long> integerValues(TimingConfig config, Function kernel, long size) throws TimingException {
        Map<String, Long> ints = new LinkedHashMap<>();
        String sizeParameter = config.sizeParameter() == null ? null
                : StructParameter.unspell(config.sizeParameter(), kernel.structs());
        Map<String, Long> fixed = fixed(config, kernel);
        if (sizeParameter != null && kernel.params().stream().noneMatch(p -> p.isScalar()
                && p.type().isInteger() && p.name().equals(sizeParameter))) {
            throw new TimingException("'" + config.sizeParameter() + "' is not an integer parameter of '"
                    + kernel.name() + "'");
        }
        for (Variable p : kernel.params()) {
            if (!p.isScalar() || !p.type().isInteger()) {
                continue;
            }
            if (fixed.containsKey(p.name())) {
                ints.put(p.name(), fixed.get(p.name()));
            } else if (sizeParameter == null || p.name().equals(sizeParameter)) {
                ints.put(p.name(), size);
            } else {
                throw new TimingException("integer parameter '" + p.name() + "' of '" + kernel.name()
                        + "' has no value: set it, e.g. " + p.name() + "=8");
            }
        }
        return ints;
    }

    /** The values {@code --set} gives, by the IR's names: a struct's member may be named as the code does (g->n). */
    private static Map<String, Long> fixed(TimingConfig config, Function kernel) {
        Map<String, Long> fixed = new LinkedHashMap<>();
        config.fixed().forEach((k, value) -> fixed.put(StructParameter.unspell(k, kernel.structs()), value));
        return fixed;
    }

    /** Array shapes; index arrays hold a permutation starting at the language's first index. */
    private static Map<Variable, ArrayExtents.Shape> shapes(TimingConfig config, Function kernel,
            Map<String, Long> ints, TimingToolchain toolchain) throws TimingException {
        try {
            return toolchain.shapes(kernel, ints, fixed(config, kernel));
        } catch (IllegalArgumentException e) {
            throw error(config, "timing-extents", "reason", e.getMessage());
        }
    }

    /** Element counts of the arrays. */
    private static Map<Variable, Long> counts(Map<Variable, ArrayExtents.Shape> shapes) {
        Map<Variable, Long> out = new LinkedHashMap<>();
        shapes.forEach((array, shape) -> out.put(array, shape.count()));
        return out;
    }

    private Path build(TimingConfig config, TranslationUnit unit, Function kernel, Variant v, long size,
            Map<String, Long> ints, Map<Variable, ArrayExtents.Shape> shapes, BooleanSupplier stop)
            throws IOException, TimingException {
        SourceLanguage language = Languages.of(unit);
        TimingToolchain toolchain = toolchain(config);
        Map<Variable, Long> extents = counts(shapes);
        Path dir = config.workDir().resolve("size-" + size).resolve(v.id());
        Files.createDirectories(dir);
        List<String> sources = new ArrayList<>();
        DerivativeSignature signature = null;
        if (v.isPrimal() && !kernel.structs().isEmpty()) {
            Path entry = dir.resolve("primal_entry.c");
            Files.writeString(entry, TimedCall.primalEntrySource(kernel, config.source().toAbsolutePath().toString()),
                    StandardCharsets.UTF_8);
            sources.add(entry.toString());
        } else if (v.isPrimal()) {
            sources.add(config.source().toAbsolutePath().toString());
        } else {
            GeneratedFile g = generator(v, extents).generate(unit,
                    dir.resolve(config.source().getFileName()).toString(),
                    kernel.name(), settings(config, v));
            if (g.hasErrors()) {
                throw new TimingException(v.id() + ": cannot generate:\n" + format(g.diagnostics()));
            }
            signature = g.signatures().stream().filter(s -> s.primalName().equals(kernel.name())).findFirst()
                    .orElseThrow(() -> new TimingException(v.id() + ": the generator produced no derivative of '"
                            + kernel.name() + "'"));
            Path file = Path.of(g.path());
            Files.writeString(file, g.text(), StandardCharsets.UTF_8);
            for (GeneratedFile.Companion c : g.companions()) {
                // headers the generated file includes, beside it
                Files.writeString(Path.of(c.path()), c.text(), StandardCharsets.UTF_8);
            }
            sources.add(file.toString());
        }
        String description = v.label() + " of " + kernel.name() + " at " + describe(ints);
        Path driver = dir.resolve("driver" + language.extensions().get(0));
        Files.writeString(driver, toolchain.driverSource(kernel, signature, ints, shapes, config.repetitions(),
                description), StandardCharsets.UTF_8);
        Path exe = dir.resolve("timing");
        List<String> cmd = toolchain.compileCommand(config, sources, driver, exe);
        listener.line("$ " + String.join(" ", cmd));
        Processes.Outcome o = Processes.run(cmd, dir, Map.of(), config.runTimeout(), stop, listener::line);
        checkCancelled(stop);
        if (!o.ok()) {
            throw new TimingException(v.id() + ": compilation failed" + (o.timedOut() ? " (timed out)" : "")
                    + ":\n" + String.join("\n", o.lines()));
        }
        return exe;
    }

    private static DerivativeGenerator generator(Variant v, Map<Variable, Long> extents) {
        if (v.generator() instanceof RoutedGenerator g && g.mode() == Mode.REVERSE) {
            // The driver knows the array lengths exactly: reduction clauses use them.
            return g.withLengths((primal, array) -> Optional.ofNullable(extents.get(array)).map(String::valueOf));
        }
        return v.generator();
    }

    private static GenerationSettings settings(TimingConfig config, Variant v) {
        // the adjoint variants are the conventional reverse mode, also of stencil kernels (their adjoint
        // stencil is the variant of its own), so that the chart compares the two
        return v.strategy() == null ? config.generation()
                : config.generation().withRaceStrategy(v.strategy()).withConventionalAdjoint(true);
    }

    /**
     * The measurements of one rank and thread count (ranks 0: not under {@code mpirun}): how many
     * calls each timed, and whether a call is too short to time.
     */
    private record Run(int ranks, int threads, long calls, Measurements times, boolean tooSmall) {
    }

    /**
     * Probes the executable one call at a time, then, where a call lasts less than a measurement
     * should, runs it again with as many calls per measurement as that takes. Single calls can be
     * far slower than calls back to back (threads woken from sleep, cold caches, a busy machine),
     * so the estimate is the fastest probe, and a run whose measurements still fall short of half
     * the target is repeated with its own fastest time per call (a few rounds at most).
     */
    private Run measure(TimingConfig config, Path exe, int ranks, int threads, BooleanSupplier stop)
            throws IOException, TimingException {
        Measurements times = runOnce(config, exe, ranks, threads, 1, stop);
        CallsPerMeasurement c = CallsPerMeasurement.forCall(times.min());
        long timed = 1;
        for (int round = 0; round < CallsPerMeasurement.ROUNDS && c.calls() > timed; round++) {
            times = runOnce(config, exe, ranks, threads, c.calls(), stop);
            timed = c.calls();
            if (CallsPerMeasurement.longEnough(c.calls(), times.median())) {
                break;
            }
            c = CallsPerMeasurement.forCall(times.min());
        }
        return new Run(ranks, threads, timed, times, CallsPerMeasurement.forCall(times.median()).tooSmall());
    }

    /** One run of the executable: on {@code ranks} MPI processes with {@code mpirun}, or as itself when 0. */
    private Measurements runOnce(TimingConfig config, Path exe, int ranks, int threads, long calls,
            BooleanSupplier stop) throws IOException, TimingException {
        Map<String, String> env = new LinkedHashMap<>(config.environment());
        env.put("OMP_NUM_THREADS", Integer.toString(threads));
        env.put(TimedCall.CALLS_VARIABLE, Long.toString(calls));
        List<String> assignments = new ArrayList<>();
        env.forEach((k, v) -> assignments.add(k + "=" + v));
        List<String> command = new ArrayList<>();
        if (ranks > 0) {
            command.addAll(DriverRunner.MPIRUN);
            command.add(Integer.toString(ranks));
            env.putAll(DriverRunner.MPIRUN_ENVIRONMENT);
        }
        command.add(exe.toString());
        listener.line("$ " + String.join(" ", assignments) + " " + String.join(" ", command));
        Processes.Outcome o = Processes.run(command, exe.getParent(), env, config.runTimeout(), stop, listener::line);
        checkCancelled(stop);
        Measurements m = Measurements.parse(o.lines());
        if (!o.ok() || m.seconds().size() != config.repetitions()) {
            throw new TimingException(exe + (ranks > 0 ? " on " + ranks + " rank(s)" : "") + " with " + threads
                    + " thread(s) failed (exit " + o.exitCode()
                    + (o.timedOut() ? ", timed out" : "") + "):\n" + String.join("\n", o.lines()));
        }
        return m;
    }

    /**
     * Rows of one size: speed-up against the variant's first rank and thread count, time relative to
     * the primal's at the same counts (the runs of every variant come in the same order).
     */
    private static List<TimingRow> rows(long size, Map<String, List<Run>> bySize) {
        List<TimingRow> out = new ArrayList<>();
        List<Run> primal = bySize.get(Variants.PRIMAL);
        bySize.forEach((variant, runs) -> {
            double base = runs.get(0).times().median();
            for (int k = 0; k < runs.size(); k++) {
                Run r = runs.get(k);
                Measurements m = r.times();
                double rel = primal == null ? Double.NaN : m.median() / primal.get(k).times().median();
                out.add(new TimingRow(variant, size, r.threads(), m.seconds().size(), r.calls(), m.min(), m.median(),
                        m.max(), m.mean(), base / m.median(), rel, Math.max(1, r.ranks())));
            }
        });
        return out;
    }

    static void writeCsv(Path csv, List<TimingRow> rows) throws IOException {
        StringBuilder sb = new StringBuilder(TimingRow.CSV_HEADER).append('\n');
        rows.forEach(r -> sb.append(r.toCsv()).append('\n'));
        Path parent = csv.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(csv, sb.toString(), StandardCharsets.UTF_8);
    }

    /** Reads a CSV written by a run (for the chart view). */
    public static List<TimingRow> readCsv(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        List<TimingRow> out = new ArrayList<>();
        for (int k = 1; k < lines.size(); k++) {
            if (!lines.get(k).isBlank()) {
                out.add(TimingRow.parse(lines.get(k)));
            }
        }
        return out;
    }

    private static void checkCancelled(BooleanSupplier stop) throws TimingException {
        if (stop.getAsBoolean()) {
            throw new TimingException("timing experiment cancelled");
        }
    }

    private static String describe(Map<String, Long> ints) {
        List<String> parts = new ArrayList<>();
        ints.forEach((k, v) -> parts.add(k + "=" + v));
        return parts.isEmpty() ? "fixed size" : String.join(", ", parts);
    }

    static String format(List<Diagnostic> diags) {
        return String.join("\n", diags.stream().filter(Diagnostic::isError).map(Diagnostic::format).toList());
    }
}
