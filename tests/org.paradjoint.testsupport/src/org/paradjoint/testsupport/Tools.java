package org.paradjoint.testsupport;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Probes for the external programs that some tests need ({@link Gcc}, {@link Gfortran},
 * {@link Kokkos}, {@link Mpi}).
 */
final class Tools {

    private Tools() {
    }

    /** True when {@code probe} (e.g. {@code gfortran --version}) starts from the PATH and exits 0. */
    static boolean runs(List<String> probe) {
        try {
            return Processes.exec(probe, Path.of(System.getProperty("user.dir")), Map.of(), 30).ok();
        } catch (UncheckedIOException e) {
            // not on the PATH: the process cannot start
            return false;
        }
    }
}
