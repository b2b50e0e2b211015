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

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.TranslationUnit.Language;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.fortran.FortranUnit;
import org.paradjoint.fortran.ProcedureInfo;
import org.paradjoint.pipeline.timing.Variants.Variant;
import org.paradjoint.pipeline.RoutedGenerator;
import org.paradjoint.pipeline.DerivativeGenerator;
import org.paradjoint.pipeline.Languages;
import org.paradjoint.pipeline.GeneratedFile;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.timing.Processes;

/**
 * Runs a timing experiment headless (the workbench's launch configuration and
 * {@code paradjoint bench} both call this): for every problem size and variant it generates the
 * variant and a timing driver in the language of the source, compiles them with the configured C
 * or Fortran compiler, runs the executable once per thread count in its own process with
 * {@code OMP_NUM_THREADS} set, and finally writes one CSV row per variant, size and thread count.
 * Every command is echoed to the listener, so a run can be repeated by hand.
 */
public final class TimingRunner {

    private final TimingListener listener;

    public TimingRunner(TimingListener listener) {
        this.listener = listener == null ? TimingListener.SILENT : listener;
    }

    public TimingResult run(TimingConfig config, BooleanSupplier cancelled) throws TimingException {
        BooleanSupplier stop = cancelled == null ? () -> false : cancelled;
        TranslationUnit unit = parse(config);
        Function kernel = unit.function(config.kernel()).orElseThrow(() -> new TimingException(config.source()
                + ": error: no function '" + config.kernel() + "' (functions: "
                + String.join(", ", unit.functions().stream().map(Function::name).toList()) + ")"));
        boolean fortran = unit.language() == Language.FORTRAN;
        List<Variant> variants = variants(config, kernel, fortran);
        List<TimingRow> rows = new ArrayList<>();
        int total = config.sizes().size() * variants.size() * (1 + config.threads().size());
        int done = 0;
        try {
            Files.createDirectories(config.workDir());
            for (long size : config.sizes()) {
                Map<String, Long> ints = integerValues(config, kernel, size);
                Map<Variable, ArrayExtents.Shape> shapes = shapes(config, kernel, ints, fortran);
                listener.line("== " + kernel.name() + " at " + describe(ints) + "; arrays "
                        + String.join(", ", ArrayExtents.describe(counts(shapes))));
                Map<String, List<double[]>> bySize = new LinkedHashMap<>();
                for (Variant v : variants) {
                    checkCancelled(stop);
                    listener.step(done++, total, "build " + v.id() + " at size " + size);
                    Path exe = build(config, unit, kernel, v, size, ints, shapes, stop);
                    for (int threads : config.threads()) {
                        checkCancelled(stop);
                        listener.step(done++, total, "run " + v.id() + " with " + threads + " thread(s)");
                        Measurements m = runOnce(config, exe, threads, stop);
                        bySize.computeIfAbsent(v.id(), k -> new ArrayList<>())
                                .add(new double[] {threads, m.min(), m.median(), m.mean(), m.seconds().size()});
                    }
                }
                rows.addAll(rows(size, bySize));
            }
            writeCsv(config.csv(), rows);
        } catch (IOException e) {
            throw new TimingException("timing experiment failed: " + e.getMessage(), e);
        }
        listener.step(total, total, "done");
        listener.line("wrote " + config.csv() + " (" + rows.size() + " rows)");
        return new TimingResult(rows, config.csv(), config.workDir());
    }

    private static TranslationUnit parse(TimingConfig config) throws TimingException {
        String text;
        try {
            text = Files.readString(config.source(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new TimingException(config.source() + ": error: cannot read: " + e.getMessage(), e);
        }
        String name = config.source().getFileName().toString();
        if (Languages.forFile(name).map(l -> l.language() == Language.FORTRAN).orElse(false)) {
            return parseFortran(config, text);
        }
        ParseResult r = new CFrontEnd().parse(config.source().toString(), text);
        if (r.hasErrors()) {
            throw new TimingException(format(r.diagnostics()));
        }
        return r.unit();
    }

    /**
     * A Fortran source whose kernel the driver can call without an interface: an external
     * subroutine with explicit-shape or assumed-size dummies.
     */
    private static TranslationUnit parseFortran(TimingConfig config, String text) throws TimingException {
        FortranUnit u = new FortranFrontEnd().parseUnit(config.source().toString(), text);
        if (u.result().hasErrors()) {
            throw new TimingException(format(u.result().diagnostics()));
        }
        ProcedureInfo info = u.procedure(config.kernel());
        if (info != null && (info.isModuleProcedure() || !info.assumedShape().isEmpty())) {
            throw new TimingException(config.source() + ": error: timing experiments call Fortran kernels without an "
                    + "interface: '" + config.kernel() + "' " + (info.isModuleProcedure() ? "is a procedure of module '"
                    + info.module() + "'" : "has assumed-shape dummies (" + String.join(", ", info.assumedShape())
                    + ")") + "; time an external subroutine with explicit-shape or assumed-size dummies, e.g. "
                    + "x(n) or x(*)");
        }
        if (u.result().unit().function(config.kernel()).map(f -> f.returnType() != null).orElse(false)) {
            throw new TimingException(config.source() + ": error: timing experiments call Fortran kernels as "
                    + "subroutines: '" + config.kernel() + "' is a function; time a subroutine that stores its result "
                    + "in a dummy");
        }
        return u.result().unit();
    }

    private List<Variant> variants(TimingConfig config, Function kernel, boolean fortran) throws TimingException {
        if (config.variants().isEmpty()) {
            List<Variant> out = new ArrayList<>();
            for (Variant v : Variants.applicable(kernel)) {
                if (fortran && !Variants.timesFortran(v)) {
                    listener.line("not timed: " + v.id() + " (" + Variants.NOT_TIMED_FOR_FORTRAN + ")");
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
            if (fortran && !Variants.timesFortran(v.get())) {
                throw new TimingException("variant '" + id + "' is not timed for Fortran sources: "
                        + Variants.NOT_TIMED_FOR_FORTRAN);
            }
            out.add(v.get());
        }
        return out;
    }

    /** The integer parameters: the size parameter (or all of them) at {@code size}, the others fixed. */
    static Map<String, Long> integerValues(TimingConfig config, Function kernel, long size) throws TimingException {
        Map<String, Long> ints = new LinkedHashMap<>();
        if (config.sizeParameter() != null && kernel.params().stream().noneMatch(p -> p.isScalar()
                && p.type().isInteger() && p.name().equals(config.sizeParameter()))) {
            throw new TimingException("'" + config.sizeParameter() + "' is not an integer parameter of '"
                    + kernel.name() + "'");
        }
        for (Variable p : kernel.params()) {
            if (!p.isScalar() || !p.type().isInteger()) {
                continue;
            }
            if (config.fixed().containsKey(p.name())) {
                ints.put(p.name(), config.fixed().get(p.name()));
            } else if (config.sizeParameter() == null || p.name().equals(config.sizeParameter())) {
                ints.put(p.name(), size);
            } else {
                throw new TimingException("integer parameter '" + p.name() + "' of '" + kernel.name()
                        + "' has no value: set it, e.g. " + p.name() + "=8");
            }
        }
        return ints;
    }

    /** Array shapes; index arrays hold a permutation of 0.. in C, of 1.. (Fortran's first index) in Fortran. */
    private static Map<Variable, ArrayExtents.Shape> shapes(TimingConfig config, Function kernel,
            Map<String, Long> ints, boolean fortran) throws TimingException {
        try {
            return ArrayExtents.shapes(kernel, ints, config.fixed(), fortran ? 1 : 0);
        } catch (IllegalArgumentException e) {
            throw new TimingException(config.source() + ": error: " + e.getMessage());
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
        boolean fortran = unit.language() == Language.FORTRAN;
        Map<Variable, Long> extents = counts(shapes);
        Path dir = config.workDir().resolve("size-" + size).resolve(v.id());
        Files.createDirectories(dir);
        List<String> sources = new ArrayList<>();
        DerivativeSignature signature = null;
        if (v.isPrimal()) {
            sources.add(config.source().toAbsolutePath().toString());
        } else {
            GeneratedFile g = generator(v, extents).generate(unit, dir.resolve(config.source().getFileName()).toString(),
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
        Path driver = dir.resolve(fortran ? "driver.f90" : "driver.c");
        Files.writeString(driver, fortran
                ? FortranTimingDriver.source(kernel, signature, ints, shapes, config.repetitions(), description)
                : TimingDriver.source(kernel, signature, ints, extents, config.repetitions(), description),
                StandardCharsets.UTF_8);
        Path exe = dir.resolve("timing");
        List<String> cmd = new ArrayList<>();
        cmd.add(fortran ? config.fortranCompiler() : config.compiler());
        cmd.addAll(config.flags());
        if (!config.flags().contains("-fopenmp")) {
            cmd.add("-fopenmp");
        }
        cmd.addAll(List.of("-o", exe.toString()));
        if (fortran) {
            // the variant first: modules it defines (the tape) are compiled before anything uses them
            cmd.addAll(sources);
            cmd.add(driver.toString());
        } else {
            cmd.add(driver.toString());
            cmd.addAll(sources);
            cmd.add("-lm");
        }
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

    private Measurements runOnce(TimingConfig config, Path exe, int threads, BooleanSupplier stop)
            throws IOException, TimingException {
        Map<String, String> env = new LinkedHashMap<>(config.environment());
        env.put("OMP_NUM_THREADS", Integer.toString(threads));
        List<String> assignments = new ArrayList<>();
        env.forEach((k, v) -> assignments.add(k + "=" + v));
        listener.line("$ " + String.join(" ", assignments) + " " + exe);
        Processes.Outcome o = Processes.run(List.of(exe.toString()), exe.getParent(), env, config.runTimeout(), stop,
                listener::line);
        checkCancelled(stop);
        Measurements m = Measurements.parse(o.lines());
        if (!o.ok() || m.seconds().size() != config.repetitions()) {
            throw new TimingException(exe + " with " + threads + " thread(s) failed (exit " + o.exitCode()
                    + (o.timedOut() ? ", timed out" : "") + "):\n" + String.join("\n", o.lines()));
        }
        return m;
    }

    /** Rows of one size: speed-up against the variant's first thread count, time relative to the primal. */
    private static List<TimingRow> rows(long size, Map<String, List<double[]>> bySize) {
        List<TimingRow> out = new ArrayList<>();
        List<double[]> primal = bySize.get(Variants.PRIMAL);
        bySize.forEach((variant, runs) -> {
            double base = runs.get(0)[2];
            for (int k = 0; k < runs.size(); k++) {
                double[] r = runs.get(k);
                double rel = primal == null ? Double.NaN : r[2] / primal.get(k)[2];
                out.add(new TimingRow(variant, size, (int) r[0], (int) r[4], r[1], r[2], r[3], base / r[2], rel));
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

    private static String format(List<Diagnostic> diags) {
        return String.join("\n", diags.stream().filter(Diagnostic::isError).map(Diagnostic::format).toList());
    }
}
