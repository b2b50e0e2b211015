package org.paradjoint.pipeline;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.paradjoint.fortran.check.FortranDriverRunner;
import org.paradjoint.testsupport.Processes;

/**
 * gfortran from tests, with the flags every Fortran file must pass
 * ({@link FortranDriverRunner#GFORTRAN_FLAGS}) and {@code -O2}. Callers first ask for gfortran with
 * {@link org.paradjoint.testsupport.Gfortran#require()}.
 */
final class GfortranBuild {

    private GfortranBuild() {
    }

    /** {@code gfortran FLAGS -c file} in the file's folder (modules land there), asserting success. */
    static void compile(Path file) {
        List<String> cmd = new ArrayList<>(List.of("gfortran"));
        cmd.addAll(FortranDriverRunner.GFORTRAN_FLAGS);
        cmd.addAll(List.of("-O2", "-c", file.getFileName().toString()));
        check(cmd, file.getParent(), file);
    }

    /** Links objects (Fortran and C) into an executable with the Fortran run-time. */
    static Path link(Path dir, String name, List<String> objects) {
        List<String> cmd = new ArrayList<>(List.of("gfortran", "-fopenmp"));
        cmd.addAll(objects);
        cmd.addAll(List.of("-o", name, "-lm"));
        check(cmd, dir, null);
        return dir.resolve(name);
    }

    private static void check(List<String> cmd, Path dir, Path source) {
        Processes.Result r = Processes.exec(cmd, dir, Map.of(), 300);
        if (!r.ok()) {
            String text = "";
            try {
                text = source == null ? "" : "\n" + Processes.numbered(Files.readString(source));
            } catch (IOException e) {
                // the command's output says enough
            }
            fail(String.join(" ", cmd) + " failed:\n" + r.output() + text);
        }
    }
}
