package org.paradjoint.fortran.check;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.paradjoint.core.check.CheckDriver;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.fortran.FortranUnit;
import org.paradjoint.fortran.print.FortranMpi;

/**
 * {@code paradjoint check} for a Fortran file, from source to an executable driver: parse, write
 * the tangent and adjoint files next to a copy of the source, generate the driver for every
 * annotated procedure that has a {@link CheckSpec}, compile it with gfortran. Each stage that
 * fails says which and why, with the diagnostics.
 */
public final class FortranCheckPipeline {

    public enum Stage {
        PARSE, DIFFERENTIATE, DRIVER, COMPILE, BUILT
    }

    /**
     * Where the tangent and adjoint files come from: the command line passes the files
     * {@code paradjoint differentiate} writes, so that the check tests exactly those.
     */
    @FunctionalInterface
    public interface Derivatives {
        FileResult of(TranslationUnit unit, Mode mode);
    }

    /**
     * How the generated files (tangent, adjoint, driver) reach the disk: the command line writes
     * them through a temporary file, with the mark of generated files.
     */
    @FunctionalInterface
    public interface Output {
        void write(Path file, String text) throws IOException;

        Output PLAIN = (file, text) -> Files.writeString(file, text);
    }

    /** The file gfortran writes beside the driver for its helper module. */
    public static final String HELPER_MODULE_FILE = "pa_chk.mod";

    /** Where the pipeline stopped; {@code executable} is set when {@code stage} is {@code BUILT}. */
    public record Built(Stage stage, String problem, Path dir, Path executable, List<Diagnostic> diagnostics) {

        /** {@code diagnostics}: those of the driver, when it is the driver that failed. */
        public Built {
            diagnostics = List.copyOf(diagnostics);
        }

        Built(Stage stage, String problem, Path dir, Path executable) {
            this(stage, problem, dir, executable, List.of());
        }
    }

    private FortranCheckPipeline() {
    }

    /**
     * Builds the driver for {@code source} (named {@code fileName}) in {@code dir}, with the tangent
     * and adjoint files from {@code derivatives}; {@code specs} gives the options of each procedure
     * to check (null: not checked); {@code compilerFlags} are added to gfortran's (for example
     * {@code -fcheck=bounds}).
     */
    public static Built build(Path dir, String fileName, String source, Derivatives derivatives,
            Function<String, CheckSpec> specs, FortranDriverRunner runner, String... compilerFlags)
            throws IOException {
        return build(dir, fileName, source, derivatives, specs, runner, Output.PLAIN, compilerFlags);
    }

    /** As above, writing the generated files through {@code output}. */
    public static Built build(Path dir, String fileName, String source, Derivatives derivatives,
            Function<String, CheckSpec> specs, FortranDriverRunner runner, Output output, String... compilerFlags)
            throws IOException {
        Files.createDirectories(dir);
        Path copy = dir.resolve(fileName);
        if (!Files.exists(copy)) {
            // the driver includes the source beside it; a file already there (the user's own) is never rewritten
            Files.writeString(copy, source);
        }
        FortranUnit parsed = new FortranFrontEnd().parseUnit(fileName, source);
        if (parsed.result().hasErrors()) {
            return new Built(Stage.PARSE, format(parsed.result().diagnostics()), dir, null);
        }
        var unit = parsed.result().unit();
        FileResult tangent = derivatives.of(unit, Mode.TANGENT);
        FileResult adjoint = derivatives.of(unit, Mode.REVERSE);
        if (tangent.hasErrors() || adjoint.hasErrors()) {
            List<Diagnostic> all = new ArrayList<>(tangent.diagnostics());
            all.addAll(adjoint.diagnostics());
            return new Built(Stage.DIFFERENTIATE, format(all), dir, null);
        }
        List<String> includes = FortranCheckDriverGenerator.includesFor(fileName);
        output.write(dir.resolve(includes.get(1)), tangent.text());
        output.write(dir.resolve(includes.get(2)), adjoint.text());
        List<FortranCheckTarget> targets = new ArrayList<>();
        for (int k = 0; k < tangent.signatures().size(); k++) {
            DerivativeSignature t = tangent.signatures().get(k);
            DerivativeSignature a = adjoint.signatures().get(k);
            CheckSpec spec = specs.apply(t.primalName());
            if (spec != null) {
                targets.add(new FortranCheckTarget(unit.function(t.primalName()).orElseThrow(), t, a, spec,
                        parsed.procedure(t.primalName())));
            }
        }
        if (targets.isEmpty()) {
            return new Built(Stage.DRIVER, "no annotated procedure of " + fileName + " has check options", dir, null);
        }
        CheckDriver driver = FortranCheckDriverGenerator.generate(targets, includes);
        if (driver.hasErrors()) {
            return new Built(Stage.DRIVER, format(driver.diagnostics()), dir, null, driver.diagnostics());
        }
        Path driverFile = dir.resolve(driverFiles(fileName).get(0));
        output.write(driverFile, driver.source());
        Path exe = dir.resolve(driverFiles(fileName).get(1));
        // a driver of procedures that communicate is built with the MPI wrapper (it finds module mpi)
        FortranDriverRunner builder = targets.stream().anyMatch(t -> FortranMpi.usesMpi(t.primal()))
                ? runner.withMpi() : runner;
        DriverRunner.Outcome compiled = builder.compile(driverFile, exe, compilerFlags);
        if (!compiled.ok()) {
            return new Built(Stage.COMPILE, compiled.text(), dir, null);
        }
        return new Built(Stage.BUILT, null, dir, exe);
    }

    private static String format(List<Diagnostic> diags) {
        return diags.stream().map(Diagnostic::format).collect(Collectors.joining("\n"));
    }

    /** The driver of {@code fileName} (a path or a name) and the executable built from it, in that order. */
    public static List<String> driverFiles(String fileName) {
        String base = fileName.replaceAll("\\.[^.]*$", "");
        return List.of(base + "_check.f90", base + "_check");
    }

    /** The output file names of a source file, as {@link Differentiator#outputFileName} gives them. */
    public static List<String> outputs(String fileName) {
        return List.of(Differentiator.outputFileName(fileName, Mode.TANGENT, null),
                Differentiator.outputFileName(fileName, Mode.REVERSE, null));
    }
}
