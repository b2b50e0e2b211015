package org.paradjoint.pipeline.check;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.paradjoint.cdt.check.KokkosCheckDriver;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.pipeline.KokkosInstallation;
import org.paradjoint.pipeline.OutputFiles;

/**
 * Kokkos C++: the driver {@code f_check.cpp} includes the source and its adjoint file (no
 * tangent: the adjoint is held against central differences of the primal) and is built against
 * the Kokkos of {@link KokkosInstallation}.
 */
public final class KokkosCheck implements CheckToolchain {

    /** The flags every Kokkos driver and generated Kokkos file must build with. */
    public static final List<String> FLAGS = List.of(KokkosInstallation.STANDARD, "-O2", "-Wall", "-Wextra", "-Werror",
            "-fopenmp");

    private final DriverRunner runner = new DriverRunner(KokkosInstallation.compiler(), flags(),
            KokkosInstallation.libraries(), 300);

    /** The compiler flags: {@link #FLAGS} and where Kokkos's headers are. */
    public static List<String> flags() {
        List<String> f = new ArrayList<>(FLAGS);
        f.addAll(KokkosInstallation.includeFlags());
        return f;
    }

    @Override
    public String missingCompiler() {
        return null; // g++ reports itself when it is run
    }

    @Override
    public boolean needsTangent() {
        return false;
    }

    @Override
    public Outcome prepare(Request r) throws IOException {
        Path driverPath = driverPath(r);
        Path adjointPath = Path.of(r.adjoint().path()).toAbsolutePath();
        List<String> includes = List.of(relative(driverPath, r.source().toAbsolutePath()),
                relative(driverPath, adjointPath));
        KokkosCheckDriver.Driver driver = KokkosCheckDriver.generate(r.primal(),
                CCheck.signature(r.adjoint(), r.primal().name()), r.spec(), includes);
        if (driver.hasErrors()) {
            return Outcome.failure(driver.diagnostics(), null);
        }
        OutputFiles.writeGenerated(adjointPath, r.adjoint().text());
        OutputFiles.writeGenerated(driverPath, driver.source());
        List<Path> written = List.of(adjointPath, driverPath);
        if (!r.build()) {
            return new Outcome(written, null, "cd " + driverPath.getParent() + " && " + KokkosInstallation.compiler() + " " + String.join(" ", flags())
                    + " -Wno-unknown-pragmas " + driverPath.getFileName() + " " + String.join(" ", KokkosInstallation.libraries()) + " && ./a.out",
                    driver.diagnostics(), null);
        }
        Path exe = executable(driverPath);
        // g++ ignores the driver's "#pragma GCC diagnostic" for the annotations of the included source
        return Outcome.compiled(written, exe, runner.compile(driverPath, exe, "-Wno-unknown-pragmas"), driver.diagnostics());
    }

    @Override
    public DriverRunner.Outcome run(Path executable, int threads, boolean allowZero) throws IOException {
        return runner.run(executable, threads, CheckToolchain.environment(allowZero));
    }

    @Override
    public List<Path> generated(Request r) {
        return List.of(Path.of(r.adjoint().path()), driverPath(r));
    }

    @Override
    public List<Path> built(Request r) {
        return r.build() ? List.of(executable(driverPath(r))) : List.of();
    }

    private static String relative(Path driver, Path file) {
        return driver.getParent().relativize(file).toString();
    }

    private static Path driverPath(Request r) {
        return r.driverOutput() != null ? r.driverOutput().toAbsolutePath()
                : r.source().toAbsolutePath().getParent().resolve(r.primal().name() + "_check.cpp");
    }

    private static Path executable(Path driverPath) {
        return driverPath.resolveSibling(driverPath.getFileName().toString().replaceFirst("\\.cpp$", ""));
    }
}
