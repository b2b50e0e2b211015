package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;
import org.paradjoint.fortran.check.FortranDriverRunner;

/**
 * The gfortran every compile-and-run test needs. Missing gfortran fails those tests (install it:
 * {@code apt-get install gfortran}); {@code -Dparadjoint.noGfortran=true} skips them instead,
 * for machines that cannot have it.
 */
final class Gfortran {

    private static final FortranDriverRunner RUNNER = new FortranDriverRunner();
    private static Boolean available;

    private Gfortran() {
    }

    static synchronized FortranDriverRunner runner() {
        if (available == null) {
            available = RUNNER.available();
        }
        if (!available) {
            if (Boolean.getBoolean("paradjoint.noGfortran")) {
                Assumptions.abort("gfortran is not installed and -Dparadjoint.noGfortran=true");
            }
            fail("gfortran not found: install it (apt-get install gfortran) or run with -Dparadjoint.noGfortran=true");
        }
        return RUNNER;
    }
}
