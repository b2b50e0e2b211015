package org.paradjoint.stencil.tests;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;
import org.paradjoint.fortran.check.FortranDriverRunner;

/**
 * The gfortran of the tests that compile Fortran output (flags
 * {@link FortranDriverRunner#GFORTRAN_FLAGS}). As in the Fortran front-end's tests: missing
 * gfortran fails them (install it: {@code apt-get install gfortran}), unless
 * {@code -Dparadjoint.noGfortran=true} says to skip them on a machine that cannot have it.
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
