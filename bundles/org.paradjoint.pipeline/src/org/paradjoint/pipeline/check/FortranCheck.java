package org.paradjoint.pipeline.check;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.fortran.check.FortranCheckPipeline;
import org.paradjoint.fortran.check.FortranDriverRunner;
import org.paradjoint.pipeline.GeneratedFile;
import org.paradjoint.pipeline.OutputFiles;

/**
 * Fortran: the derivative files and a driver {@code x_check.f90} beside the source, always built
 * by gfortran (the driver needs the modules the derivative files define).
 */
public final class FortranCheck implements CheckToolchain {

    private final FortranDriverRunner runner = new FortranDriverRunner();

    @Override
    public String missingCompiler() {
        return runner.available() ? null
                : "gfortran is needed to check Fortran code; install it (e.g. apt-get install gfortran)";
    }

    @Override
    public Outcome prepare(Request r) throws IOException {
        Path source = r.source().toAbsolutePath();
        // the files `paradjoint differentiate` writes, whatever unit the Fortran pipeline parses
        FortranCheckPipeline.Derivatives given = (unit, mode) -> result(mode == Mode.TANGENT ? r.tangent()
                : r.adjoint());
        FortranCheckPipeline.Built built = FortranCheckPipeline.build(source.getParent(),
                source.getFileName().toString(), r.sourceText(), given,
                name -> name.equals(r.primal().name()) ? r.spec() : null, runner, OutputFiles::writeGenerated);
        if (built.executable() == null) {
            // the driver's diagnostics as such (an option's bad value is a usage error), else the problem in words
            return built.diagnostics().isEmpty() ? Outcome.failure(List.of(), built.problem())
                    : Outcome.failure(built.diagnostics(), null);
        }
        return new Outcome(generated(r), built.executable(), null, List.of(), null);
    }

    @Override
    public List<Path> generated(Request r) {
        Path source = r.source().toAbsolutePath();
        List<Path> out = new ArrayList<>(FortranCheckPipeline.outputs(source.toString()).stream().map(Path::of)
                .toList());
        out.add(Path.of(FortranCheckPipeline.driverFiles(source.toString()).get(0)));
        return out;
    }

    /** Always built: the executable and the helper module gfortran writes beside the driver. */
    @Override
    public List<Path> built(Request r) {
        Path source = r.source().toAbsolutePath();
        return List.of(Path.of(FortranCheckPipeline.driverFiles(source.toString()).get(1)),
                source.resolveSibling(FortranCheckPipeline.HELPER_MODULE_FILE));
    }

    @Override
    public DriverRunner.Outcome run(Path executable, int threads, boolean allowZero) throws IOException {
        return runner.run(executable, threads, CheckToolchain.environment(allowZero));
    }

    @Override
    public DriverRunner.Outcome runRanks(Path executable, int ranks, int threads, boolean allowZero)
            throws IOException {
        return runner.withMpi().runRanks(executable, ranks, threads, CheckToolchain.environment(allowZero));
    }

    private static FileResult result(GeneratedFile g) {
        return new FileResult(g.text(), g.path(), List.of(), g.signatures(), g.diagnostics());
    }
}
