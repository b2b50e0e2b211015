package org.paradjoint.testsupport;

import java.util.List;

import org.junit.jupiter.api.Assumptions;

/**
 * The gfortran that compile-and-run tests need. Without it on the PATH those tests are skipped
 * with the reason (a JUnit assumption), so that the build passes on a machine without gfortran;
 * the build's test summary (releng/org.paradjoint.testsummary) lists them.
 */
public final class Gfortran {

    /** The reason of every skip for a missing gfortran: the summary groups skips by it. */
    public static final String MISSING = "needs gfortran, which is not on the PATH (Debian: apt-get install gfortran)";

    private static Boolean available;

    private Gfortran() {
    }

    /** Skips the calling test when {@code gfortran --version} does not run. */
    public static synchronized void require() {
        if (available == null) {
            // the same probe as the product's driver runner
            available = Tools.runs(List.of("gfortran", "--version"));
        }
        Assumptions.assumeTrue(available, MISSING);
    }
}
