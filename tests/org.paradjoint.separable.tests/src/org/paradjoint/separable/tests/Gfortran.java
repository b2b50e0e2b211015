package org.paradjoint.separable.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.paradjoint.fortran.check.FortranDriverRunner;

/**
 * gfortran from tests, with the flags every Fortran file must pass
 * ({@link FortranDriverRunner#GFORTRAN_FLAGS}). As in the Fortran front-end's tests: missing
 * gfortran fails them (install it: {@code apt-get install gfortran}), unless
 * {@code -Dparadjoint.noGfortran=true} says to skip them on a machine that cannot have it.
 */
final class Gfortran {

    private static Boolean available;

    private Gfortran() {
    }

    /** Fails, or skips with {@code -Dparadjoint.noGfortran=true}, when gfortran is missing. */
    static synchronized void require() {
        if (available == null) {
            available = new FortranDriverRunner().available();
        }
        if (!available) {
            if (Boolean.getBoolean("paradjoint.noGfortran")) {
                Assumptions.abort("gfortran is not installed and -Dparadjoint.noGfortran=true");
            }
            fail("gfortran not found: install it (apt-get install gfortran) or run with -Dparadjoint.noGfortran=true");
        }
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
        Cc.Result r = Cc.exec(cmd, dir, Map.of(), 300);
        if (!r.ok()) {
            String text = "";
            try {
                text = source == null ? "" : "\n" + Cc.numbered(java.nio.file.Files.readString(source));
            } catch (java.io.IOException e) {
                // the command's output says enough
            }
            fail(String.join(" ", cmd) + " failed:\n" + r.output() + text);
        }
    }
}
