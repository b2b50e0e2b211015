package org.paradjoint.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.paradjoint.core.check.CheckSpecParser;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.pipeline.GeneratedFile;
import org.paradjoint.fortran.check.FortranCheckPipeline;
import org.paradjoint.fortran.check.FortranDriverRunner;

/** {@code paradjoint check} on a Fortran file: the same tests, with a Fortran driver built by gfortran. */
final class FortranCheck {

    private FortranCheck() {
    }

    static int run(CheckSpecParser.CheckCommand c, boolean run, List<Integer> threads, PrintStream out,
            PrintStream err) {
        Path source = Path.of(c.file()).toAbsolutePath();
        FortranDriverRunner runner = new FortranDriverRunner();
        if (!runner.available()) {
            err.println("error: gfortran is needed to check Fortran code; install it (e.g. apt-get install gfortran)");
            return 1;
        }
        try {
            String text = Files.readString(source, StandardCharsets.UTF_8);
            // the files `paradjoint differentiate` writes, as for C
            FortranCheckPipeline.Derivatives derivatives = (unit, mode) -> {
                GeneratedFile g = CheckCommand.derivatives(unit, c.file(), mode);
                return new FileResult(g.text(), g.path(), List.of(), g.signatures(), g.diagnostics());
            };
            FortranCheckPipeline.Built built = FortranCheckPipeline.build(source.getParent(),
                    source.getFileName().toString(), text, derivatives,
                    name -> name.equals(c.function()) ? c.spec() : null, runner);
            if (built.executable() == null) {
                err.println(built.problem());
                return 1;
            }
            out.println("wrote " + String.join(", ", FortranCheckPipeline.outputs(c.file())) + " and the driver; built "
                    + built.executable());
            if (!run) {
                return 0;
            }
            int status = 0;
            for (int t : threads) {
                out.println("== OMP_NUM_THREADS=" + t);
                DriverRunner.Outcome ran = runner.run(built.executable(), t);
                out.print(ran.stdout());
                err.print(ran.stderr());
                status |= ran.ok() ? 0 : 1;
            }
            return status;
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
    }
}
