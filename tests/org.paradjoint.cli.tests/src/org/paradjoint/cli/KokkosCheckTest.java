package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.testsupport.Kokkos;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Kokkos C++ end to end: {@code paradjoint check --run} builds every example function against
 * Kokkos (Debian's {@code libtrilinos-kokkos-dev}, Serial backend) and holds its adjoint against
 * central differences of the primal; the paper's example writes the stencil's adjoint as a gather
 * with no {@code atomic_add} (its all-atomic baseline keeps them on the stencil's increments), as
 * its adjoint stencil written as a gather does.
 */
class KokkosCheckTest {

    private static Path dir;

    @BeforeAll
    static void copyExamples() throws IOException {
        dir = ScratchDir.create("paradjoint-kokkos");
        try (Stream<Path> files = Files.list(Repo.examples().resolve("kokkos"))) {
            for (Path p : files.filter(p -> p.toString().endsWith(".cpp")).toList()) {
                Files.copy(p, dir.resolve(p.getFileName()));
            }
        }
    }

    @AfterAll
    static void clean() {
        ScratchDir.delete(dir);
    }

    /** File, function and the sizes of its check. */
    static Stream<Arguments> checks() {
        return Stream.of(
                Arguments.of("residual_norm.cpp", "residual_norm", List.of("--set", "n=40")),
                Arguments.of("stencil_gather.cpp", "laplace1d", List.of("--set", "n=12")),
                Arguments.of("kernels.cpp", "axpy_sq", List.of("--set", "n=30")),
                Arguments.of("kernels.cpp", "scatter_idx", List.of("--set", "n=30", "--extent", "y=n")),
                Arguments.of("kernels.cpp", "laplace2d", List.of("--set", "n=8", "--set", "m=7")),
                Arguments.of("kernels.cpp", "column_sq", List.of("--set", "n=9", "--set", "k=2")),
                Arguments.of("kernels.cpp", "copy_then_square",
                        List.of("--set", "n=20", "--extent", "x=n", "--extent", "w=n", "--extent", "y=n")),
                Arguments.of("kernels.cpp", "fill_scale", List.of("--set", "n=20", "--extent", "y=n")),
                Arguments.of("kernels.cpp", "temporaries", List.of("--set", "n=20")),
                Arguments.of("kernels.cpp", "sum_sq", List.of("--set", "n=20")),
                Arguments.of("kernels.cpp", "dot", List.of("--set", "n=20")),
                Arguments.of("kernels.cpp", "scale3d", List.of("--set", "n=5")),
                Arguments.of("kernels.cpp", "fixed_extent", List.of("--set", "n=11")),
                Arguments.of("kernels.cpp", "gemv", List.of("--set", "n=7", "--set", "m=9")));
    }

    private static final Pattern FD = Pattern.compile("finite-difference: PASS rel_err=(\\S+)");

    @ParameterizedTest
    @MethodSource("checks")
    void adjointMatchesCentralDifferences(String file, String function, List<String> sizes) {
        // building and running needs Kokkos; the other tests here only generate code
        Kokkos.require();
        List<String> args = new ArrayList<>(List.of("check", dir.resolve(file).toString(), "--function", function,
                "--run", "--threads", "1", "--force"));
        args.addAll(sizes);
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, r.status, r.toString());
        Matcher m = FD.matcher(r.out);
        assertTrue(m.find(), r.toString());
        assertTrue(Double.parseDouble(m.group(1)) <= 1e-6, r.toString());
        assertTrue(r.out.contains("== " + function + ": PASS"), r.toString());
    }

    @Test
    void thePapersExampleWritesTheStencilsAdjointAsAGather() throws IOException {
        Path out = dir.resolve("residual_norm_b_text.cpp");
        CliRun r = CliRun.of("differentiate", dir.resolve("residual_norm.cpp").toString(), "-o", out.toString());
        assertEquals(0, r.status, r.toString());
        String text = Files.readString(out);
        assertTrue(text.contains("void residual_norm_b(Kokkos::View<double*> x, Kokkos::View<double*> xb,"), text);
        assertTrue(text.contains("int n, double rb)"), text);
        // the stencil's unproven increments are gathered: no atomic_add, a plain interior kernel
        assertFalse(text.contains("atomic"), text);
        // the interior kernel runs inside the scaling's range: its increments are doubled, no test;
        // its range 2 .. n - 3 decides every one of the stencil's guards (the edge kernels take
        // 1 and n - 2, where they vary)
        assertTrue(text.contains("""
                        Kokkos::parallel_for(Kokkos::RangePolicy<>(2, n - 2), KOKKOS_LAMBDA(const int i) {
                            xb(i) += 2.0 * (yb(i + 1) - 2.0 * yb(i) + yb(i - 1));
                        });
                """), text);
        // an edge kernel tests the bound its range does not prove
        assertTrue(text.contains("xb(i) += (i < n ? 2.0 : 1.0) * ("), text);
        assertTrue(r.err.contains("info: written as a gather (each iteration of a loop of its own sums what reaches its "
                + "element, no atomic): adjoint increment xb(i - 1) may collide between iterations"), r.toString());
        assertFalse(r.err.contains("warning"), r.toString());
        // no Kokkos header is needed, and its absence is not reported
        assertFalse(r.err.contains("Kokkos_Core.hpp"), r.toString());
        // the seed of the reduction is broadcast with a plain increment (each iteration its own element)
        assertTrue(text.contains("        yb(i) += 2.0 * y(i) * rb;"), text);
        // the overwritten independent x is only scaled in place (x = 2 x): no local adjoint View, no
        // final addition; the increments of the new x are doubled on their way into xb
        assertFalse(text.contains("xb_w"), text);
        assertFalse(text.contains("pa_i"), text);
        assertFalse(text.contains("xb(i) = 2.0 * xb(i)"), text);
        // what is left of the reverse sweep after the gather: the reset of yb, alone
        assertTrue(text.contains("""
                    Kokkos::parallel_for(Kokkos::RangePolicy<>(0, n), KOKKOS_LAMBDA(const int i) {
                        yb(i) = 0.0;
                    });
                }
                """), text);
    }

    private static final Pattern BUILD_AND_RUN = Pattern.compile("build and run: (.*)");

    /**
     * The driver starts the independent's adjoint from nonzero values and counts only what the
     * adjoint added: the generated adjoint passes, and the same adjoint made to overwrite xb
     * (which a driver starting from zero cannot tell from incrementing it: the gather writes
     * each element once) fails.
     */
    @Test
    void theCheckFailsAnAdjointThatOverwritesTheIndependentsAdjoint() throws IOException {
        Kokkos.require();
        Path sub = Files.createDirectories(dir.resolve("overwrite"));
        Files.copy(dir.resolve("residual_norm.cpp"), sub.resolve("residual_norm.cpp"));
        CliRun r = CliRun.of("check", sub.resolve("residual_norm.cpp").toString(), "--function", "residual_norm",
                "--set", "n=40", "--force");
        assertEquals(0, r.status, r.toString());
        Matcher command = BUILD_AND_RUN.matcher(r.out + r.err);
        assertTrue(command.find(), r.toString());
        String driver = Files.readString(sub.resolve("residual_norm_check.cpp"));
        assertTrue(driver.contains("Kokkos::deep_copy(pa_b_x, pa_b0_x);"), driver);
        Processes.Result incremented = Processes.exec(List.of("bash", "-c", command.group(1)), sub, Map.of(), 300);
        assertEquals(0, incremented.exitCode(), incremented.output());
        assertTrue(incremented.output().contains("finite-difference: PASS"), incremented.output());

        Path adjoint = sub.resolve("residual_norm_b.cpp");
        String text = Files.readString(adjoint);
        assertTrue(text.contains("xb(i) += "), text);
        Files.writeString(adjoint, text.replace("xb(i) += ", "xb(i) = "));
        Processes.Result overwritten = Processes.exec(List.of("bash", "-c", command.group(1)), sub, Map.of(), 300);
        assertEquals(1, overwritten.exitCode(), overwritten.output());
        assertTrue(overwritten.output().contains("finite-difference: FAIL"), overwritten.output());
    }

    @Test
    void theAllAtomicBaselineOfThePapersExampleKeepsAtomicsOnTheStencil() throws IOException {
        Path out = dir.resolve("residual_norm_b_atomic.cpp");
        CliRun r = CliRun.of("differentiate", dir.resolve("residual_norm.cpp").toString(), "--race-strategy",
                "all-atomic", "-o", out.toString());
        assertEquals(0, r.status, r.toString());
        List<String> atomics = Files.readString(out).lines().filter(l -> l.contains("Kokkos::atomic_add"))
                .map(String::strip).toList();
        assertTrue(atomics.containsAll(List.of(
                "Kokkos::atomic_add(&xb(i - 1), (i - 1 >= 0 ? 2.0 : 1.0) * yb(i));",
                "Kokkos::atomic_add(&xb(i), -4.0 * yb(i));",
                "Kokkos::atomic_add(&xb(i + 1), (i + 1 < n ? 2.0 : 1.0) * yb(i));",
                "Kokkos::atomic_add(&xb(i), 2.0 * yb(i));")), atomics.toString());
    }

    @Test
    void theAdjointStencilWrittenAsAGatherHasNoAtomics() throws IOException {
        Path out = dir.resolve("stencil_gather_b_text.cpp");
        CliRun r = CliRun.of("differentiate", dir.resolve("stencil_gather.cpp").toString(), "-o", out.toString());
        assertEquals(0, r.status, r.toString());
        String text = Files.readString(out);
        assertFalse(text.contains("atomic"), text);
        assertTrue(text.contains("xb(i) += yb(i + 1) - 2.0 * yb(i) + yb(i - 1);"), text);
    }

    @Test
    void separableGradientsSayTheyAreNotAvailable() {
        CliRun r = CliRun.of("differentiate", dir.resolve("kernels.cpp").toString(), "--mode", "separable", "-o",
                dir.resolve("ps").toString());
        assertEquals(1, r.status, r.toString());
        assertTrue(r.err.contains("partially separable gradients are not available for Kokkos C++ files"),
                r.toString());
    }
}
