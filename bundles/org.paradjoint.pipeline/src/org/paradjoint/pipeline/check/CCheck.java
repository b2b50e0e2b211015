package org.paradjoint.pipeline.check;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.check.CheckDriver;
import org.paradjoint.core.check.CheckDriverGenerator;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.inline.CallInliner;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.Runtime;
import org.paradjoint.pipeline.GeneratedFile;
import org.paradjoint.pipeline.OutputFiles;

/**
 * C: the driver {@code f_check.c} is two translation units, the source's and the derivative
 * files' with the checks ({@link DriverRunner#compileCheck}); gcc builds both with the include
 * folders and macros the source was read with ({@code -I}, {@code -D}).
 */
public final class CCheck implements CheckToolchain {

    private final DriverRunner runner = new DriverRunner();
    /** Drivers of functions that communicate: built with mpicc, run under mpirun. */
    private final DriverRunner mpiRunner = DriverRunner.mpi(300);

    @Override
    public String missingCompiler() {
        return null; // gcc is reported when it is run, with its own message
    }

    @Override
    public Outcome prepare(Request r) throws IOException {
        Path source = r.source().toAbsolutePath();
        Path driverPath = driverPath(r);
        String relativeSource = driverPath.getParent().relativize(source).toString();
        // the plan reads the primal with its helpers inlined (the extents of arrays a helper indexes
        // are inferred too); the driver calls the user's function
        CheckDriver driver = CheckDriverGenerator.generate(CallInliner.forAnalysis(r.unit(), r.primal()),
                signature(r.tangent(), r.primal().name()), signature(r.adjoint(), r.primal().name()), r.spec(),
                relativeSource);
        if (driver.hasErrors()) {
            return Outcome.failure(driver.diagnostics(), null);
        }
        Path tangent = write(Path.of(r.tangent().path()), r.tangent().text());
        Path adjoint = write(Path.of(r.adjoint().path()), r.adjoint().text());
        write(driverPath, driver.source());
        List<Path> written = List.of(tangent, adjoint, driverPath);
        List<String> preprocessor = r.preprocessor().compilerOptions();
        if (!r.build()) {
            String options = preprocessor.isEmpty() ? "" : " " + String.join(" ", preprocessor);
            return new Outcome(written, null, "cd " + driverPath.getParent() + " && "
                    + CheckDriverGenerator.buildCommand(driverPath.getFileName().toString(), options), driver.diagnostics(),
                    null);
        }
        Path exe = executable(driverPath);
        DriverRunner builder = CheckDriverGenerator.usesMpi(r.primal()) ? mpiRunner : runner;
        return Outcome.compiled(written, exe,
                builder.compileCheck(driverPath, exe, preprocessor.toArray(String[]::new)), driver.diagnostics());
    }

    @Override
    public DriverRunner.Outcome run(Path executable, int threads, boolean allowZero) throws IOException {
        return runner.run(executable, threads, CheckToolchain.environment(allowZero));
    }

    @Override
    public DriverRunner.Outcome runOverBudget(Path executable, int threads, boolean allowZero) throws IOException {
        Map<String, String> env = new HashMap<>(CheckToolchain.environment(allowZero));
        env.put(Runtime.TAPE_BUDGET_VARIABLE, "1");
        return runner.run(executable, threads, env);
    }

    @Override
    public DriverRunner.Outcome runRanks(Path executable, int ranks, int threads, boolean allowZero)
            throws IOException {
        return mpiRunner.runRanks(executable, ranks, threads, CheckToolchain.environment(allowZero));
    }

    @Override
    public List<Path> generated(Request r) {
        return List.of(Path.of(r.tangent().path()), Path.of(r.adjoint().path()), driverPath(r));
    }

    @Override
    public List<Path> built(Request r) {
        return r.build() ? List.of(executable(driverPath(r))) : List.of();
    }

    private static Path driverPath(Request r) {
        return r.driverOutput() != null ? r.driverOutput().toAbsolutePath()
                : r.source().toAbsolutePath().getParent().resolve(r.primal().name() + "_check.c");
    }

    private static Path executable(Path driverPath) {
        return driverPath.resolveSibling(driverPath.getFileName().toString().replaceFirst("\\.c$", ""));
    }

    private static Path write(Path path, String text) throws IOException {
        OutputFiles.writeGenerated(path, text);
        return path;
    }

    static DerivativeSignature signature(GeneratedFile g, String primalName) {
        return g.signatures().stream().filter(s -> s.primalName().equals(primalName)).findFirst().orElseThrow();
    }
}
