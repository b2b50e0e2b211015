package org.paradjoint.testsupport;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;

/**
 * The gfortran that compile-and-run tests need. Missing gfortran fails those tests (install it:
 * {@code apt-get install gfortran}); {@code -Dparadjoint.noGfortran=true} skips them instead, for
 * machines that cannot have it.
 */
public final class Gfortran {

    private static Boolean available;

    private Gfortran() {
    }

    /** Fails, or skips with {@code -Dparadjoint.noGfortran=true}, when gfortran is missing. */
    public static synchronized void require() {
        if (available == null) {
            available = starts();
        }
        if (!available) {
            if (Boolean.getBoolean("paradjoint.noGfortran")) {
                Assumptions.abort("gfortran is not installed and -Dparadjoint.noGfortran=true");
            }
            fail("gfortran not found: install it (apt-get install gfortran) or run with -Dparadjoint.noGfortran=true");
        }
    }

    /** The same probe as the product's driver runner: {@code gfortran --version} exits 0. */
    private static boolean starts() {
        try {
            return Processes.exec(List.of("gfortran", "--version"), Path.of(System.getProperty("user.dir")), Map.of(),
                    30).ok();
        } catch (UncheckedIOException e) {
            return false;
        }
    }
}
