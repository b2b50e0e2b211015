package org.paradjoint.launch.tests;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;
import org.paradjoint.fortran.check.FortranDriverRunner;

/**
 * The gfortran that Fortran timing runs need. Missing gfortran fails those tests (install it:
 * {@code apt-get install gfortran}); {@code -Dparadjoint.noGfortran=true} skips them instead,
 * for machines that cannot have it.
 */
public final class Gfortran {

    private static Boolean available;

    private Gfortran() {
    }

    public static synchronized void require() {
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
}
