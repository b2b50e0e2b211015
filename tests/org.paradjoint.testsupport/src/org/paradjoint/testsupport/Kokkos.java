package org.paradjoint.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Assumptions;

/**
 * The Kokkos that Kokkos C++ compile-and-run tests need, found as the product finds it
 * ({@code org.paradjoint.pipeline.KokkosInstallation}): the compiler {@code PARADJOINT_KOKKOS_CXX}
 * (default {@code g++}) and Kokkos's headers, Debian's {@code libtrilinos-kokkos-dev} in
 * {@value #DEBIAN_HEADER}'s folder unless {@code PARADJOINT_KOKKOS_CXXFLAGS} names another Kokkos.
 * Without them those tests are skipped with the reason (a JUnit assumption).
 */
public final class Kokkos {

    static final String DEBIAN_HEADER = "/usr/include/trilinos/Kokkos_Core.hpp";

    private static String missing;

    private Kokkos() {
    }

    /** Skips the calling test when the C++ compiler or Kokkos's headers are missing. */
    public static synchronized void require() {
        if (missing == null) {
            missing = whatIsMissing();
        }
        Assumptions.assumeTrue(missing.isEmpty(), missing);
    }

    /** Empty when everything is there, else the reason of the skip. */
    private static String whatIsMissing() {
        String cxx = System.getenv("PARADJOINT_KOKKOS_CXX");
        String compiler = cxx == null || cxx.isBlank() ? "g++" : cxx.strip();
        if (!Tools.runs(List.of(compiler, "--version"))) {
            return "needs Kokkos C++: the compiler " + compiler + " is not on the PATH (Debian: apt-get install g++ "
                    + "libtrilinos-kokkos-dev; or set PARADJOINT_KOKKOS_CXX)";
        }
        if (System.getenv("PARADJOINT_KOKKOS_CXXFLAGS") == null && !Files.isRegularFile(Path.of(DEBIAN_HEADER))) {
            return "needs Kokkos C++: Kokkos's headers are missing, no " + DEBIAN_HEADER + " (Debian: apt-get install "
                    + "libtrilinos-kokkos-dev; or set PARADJOINT_KOKKOS_CXXFLAGS and PARADJOINT_KOKKOS_LIBS)";
        }
        return "";
    }
}
