package org.paradjoint.pipeline.check;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.Preprocessor;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.pipeline.GeneratedFile;

/**
 * {@code paradjoint check} in one language: writes the tangent and adjoint files it is given (those
 * {@code paradjoint differentiate} writes) and a driver that runs the dot-product and
 * finite-difference tests on {@code primal}, builds the driver with the language's compiler when
 * asked, and runs it with a number of OpenMP threads. Each {@code SourceLanguage} has one.
 */
public interface CheckToolchain {

    /**
     * What to check. {@code driverOutput} is where the driver goes (null: beside the source);
     * {@code build}: compile it too; {@code preprocessor}: the include folders and macros the
     * source was read with, which the compiler needs to build it as well.
     */
    record Request(TranslationUnit unit, Function primal, CheckSpec spec, Path source, String sourceText,
            GeneratedFile tangent, GeneratedFile adjoint, Path driverOutput, boolean build,
            Preprocessor preprocessor) {
        public Request {
            preprocessor = preprocessor == null ? Preprocessor.NONE : preprocessor;
        }
    }

    /**
     * What was done: the files written, the executable (null when not built), how to build and
     * run by hand (when not built), why nothing could be built (diagnostics, or a problem in
     * words such as compiler output; both empty when all went well), and what the compiler said
     * of a build that succeeded (the warnings of the user's file; empty when none).
     */
    record Outcome(List<Path> written, Path executable, String buildHint, List<Diagnostic> diagnostics,
            String problem, String compilerWarnings) {

        public Outcome {
            written = List.copyOf(written);
            diagnostics = List.copyOf(diagnostics);
        }

        /** No compiler output to show. */
        public Outcome(List<Path> written, Path executable, String buildHint, List<Diagnostic> diagnostics,
                String problem) {
            this(written, executable, buildHint, diagnostics, problem, "");
        }

        public boolean failed() {
            return problem != null || diagnostics.stream().anyMatch(Diagnostic::isError);
        }

        static Outcome failure(List<Diagnostic> diagnostics, String problem) {
            return new Outcome(List.of(), null, null, diagnostics, problem);
        }

        /** After the driver was compiled into {@code exe}: the executable, or the compiler's complaint. */
        static Outcome compiled(List<Path> written, Path exe, DriverRunner.Outcome compiled,
                List<Diagnostic> diagnostics) {
            return compiled.ok() ? new Outcome(written, exe, null, diagnostics, null, compiled.stderr())
                    : new Outcome(written, null, null, diagnostics, "the driver does not compile:\n" + compiled.text());
        }
    }

    /**
     * Whether the driver runs the tangent (a dot-product test against the adjoint) besides the
     * finite differences; when false, {@link Request#tangent()} may be null.
     */
    default boolean needsTangent() {
        return true;
    }

    /** Null when the compiler is there; otherwise what to install. */
    String missingCompiler();

    Outcome prepare(Request request) throws IOException;

    /**
     * The text files {@link #prepare} writes for {@code request} (tangent, adjoint, driver; each
     * begins with the marker of generated files), so that a front door can refuse to replace
     * the user's files before anything is written.
     */
    List<Path> generated(Request request);

    /** What building the driver adds beside it (the executable, modules); empty when nothing is built. */
    List<Path> built(Request request);

    /**
     * Runs a built driver with {@code threads} OpenMP threads; {@code allowZero}: a run whose
     * products are all exactly 0 (nothing exercised) passes instead of failing.
     */
    DriverRunner.Outcome run(Path executable, int threads, boolean allowZero) throws IOException;

    /**
     * Runs a driver of a function that communicates on {@code ranks} MPI processes. The C and
     * Fortran toolchains read MPI; the others are never asked.
     */
    default DriverRunner.Outcome runRanks(Path executable, int ranks, int threads, boolean allowZero)
            throws IOException {
        throw new UnsupportedOperationException("MPI drivers are C drivers");
    }

    /**
     * Runs a built driver as {@link #run} does with a tape budget of one byte
     * ({@code PARADJOINT_TAPE_BUDGET=1}): a time loop checkpointed by default then tapes its first
     * step and recomputes every later one from snapshots, the path a run within the budget never
     * takes. Only C adjoints checkpoint by default.
     */
    default DriverRunner.Outcome runOverBudget(Path executable, int threads, boolean allowZero) throws IOException {
        throw new UnsupportedOperationException("only C adjoints checkpoint by default");
    }

    /** The driver's environment for {@code allowZero}. */
    static Map<String, String> environment(boolean allowZero) {
        return allowZero ? Map.of(DriverRunner.ALLOW_ZERO, "1") : Map.of();
    }
}
