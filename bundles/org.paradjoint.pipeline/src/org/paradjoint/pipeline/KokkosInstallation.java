package org.paradjoint.pipeline;

import java.util.Arrays;
import java.util.List;

/**
 * Where Kokkos is, for every build of Kokkos C++ (the check driver and the timing driver): the
 * C++ compiler {@code PARADJOINT_KOKKOS_CXX} (default {@code g++}), the flags that find Kokkos's
 * headers {@code PARADJOINT_KOKKOS_CXXFLAGS} (default {@code -I/usr/include/trilinos}, Debian's
 * {@code libtrilinos-kokkos-dev}) and the libraries {@code PARADJOINT_KOKKOS_LIBS} (default
 * {@code -ltrilinos_kokkoscore}). Point them at another Kokkos (OpenMP or CUDA backend) to build
 * against it; the backend is Kokkos's default execution space of that build.
 */
public final class KokkosInstallation {

    static final String CXX = "PARADJOINT_KOKKOS_CXX";
    static final String CXXFLAGS = "PARADJOINT_KOKKOS_CXXFLAGS";
    static final String LIBS = "PARADJOINT_KOKKOS_LIBS";

    /** The language standard every Kokkos build uses (Kokkos 3 needs C++14; lambdas in kernels C++17's captures). */
    public static final String STANDARD = "-std=c++17";

    private KokkosInstallation() {
    }

    public static String compiler() {
        String cxx = System.getenv(CXX);
        return cxx == null || cxx.isBlank() ? "g++" : cxx.strip();
    }

    /** Flags that find Kokkos's headers. */
    public static List<String> includeFlags() {
        return split(System.getenv().getOrDefault(CXXFLAGS, "-I/usr/include/trilinos"));
    }

    /** The libraries to link: Kokkos's core library. */
    public static List<String> libraries() {
        return split(System.getenv().getOrDefault(LIBS, "-ltrilinos_kokkoscore"));
    }

    private static List<String> split(String s) {
        return Arrays.stream(s.trim().split("\\s+")).filter(x -> !x.isEmpty()).toList();
    }
}
