package org.paradjoint.pipeline.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Kokkos;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Timing runs of Kokkos C++ kernels: the variants the issue names (primal, proven adjoint,
 * all-atomic adjoint; the adjoint stencil and the tangent where they apply), each built against
 * Kokkos (Debian's {@code libtrilinos-kokkos-dev}, Serial backend) with its C++ driver and run.
 */
class KokkosTimingTest {

    /** Each test, so that each is reported skipped without Kokkos (an aborted class reports no tests). */
    @BeforeEach
    void kokkosIsThere() {
        Kokkos.require();
    }

    private static Path copy(String example) throws IOException {
        Path dir = ScratchDir.deletedAtExit("paradjoint-kokkos-timing");
        Path file = dir.resolve(Path.of(example).getFileName());
        Files.writeString(file, Repo.example(example), StandardCharsets.UTF_8);
        return file;
    }

    private static int count(Path file, String what) throws IOException {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(Files.readString(file));
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void papersExampleTimesPrimalProvenAndAllAtomicAdjoints() throws Exception {
        Path src = copy("kokkos/residual_norm.cpp");
        TimingConfig config = TimingConfig.of(src, "residual_norm", List.of(2000L), List.of(1)).withRepetitions(2);
        List<String> lines = new ArrayList<>();
        TimingResult result = new TimingRunner(lines::add).run(config, null);

        assertEquals(List.of("primal", "adjoint", "adjoint-atomic"),
                result.rows().stream().map(TimingRow::variant).toList());
        for (TimingRow r : result.rows()) {
            assertTrue(r.minSeconds() > 0 && r.minSeconds() <= r.medianSeconds(), r.toString());
            assertEquals(2, r.repetitions());
        }
        // returning a value: no tangent; Kokkos kernels take no OpenMP reduction clauses
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("not timed: tangent")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("not timed: adjoint-reduction")), lines.toString());
        // every command is echoed: g++ with the variant force-included before the driver, linked with Kokkos
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("$ g++ -O2 -fopenmp -o ") && l.contains(" -include ")
                && l.endsWith("-ltrilinos_kokkoscore")), lines.toString());
        // the proven adjoint keeps atomic_add on the stencil's four increments; the baseline guards more
        Path work = config.workDir().resolve("size-2000");
        int proven = count(work.resolve("adjoint").resolve("residual_norm_b.cpp"), "Kokkos::atomic_add");
        int all = count(work.resolve("adjoint-atomic").resolve("residual_norm_b.cpp"), "Kokkos::atomic_add");
        assertEquals(4, proven);
        assertTrue(all > proven, "all-atomic: " + all);
        // the adjoint's driver passes the seed of the returned value last
        String driver = Files.readString(work.resolve("adjoint").resolve("driver.cpp"));
        assertTrue(driver.contains("residual_norm_b(arg_x, arg_xb, arg_y, arg_yb, arg_n, arg_rb);"), driver);
    }

    @Test
    void viewsOfRankTwoAndThreeTemplatesAndTangents() throws Exception {
        Path src = copy("kokkos/kernels.cpp");
        TimingConfig gemv = TimingConfig.of(src, "gemv", List.of(40L), List.of(1)).withRepetitions(1)
                .withSizeParameter("n").withFixed(Map.of("m", 30L));
        TimingResult r = new TimingRunner(null).run(gemv, null);
        assertEquals(List.of("primal", "adjoint", "adjoint-atomic", "tangent"),
                r.rows().stream().map(TimingRow::variant).toList());
        String driver = Files.readString(gemv.workDir().resolve("size-40").resolve("adjoint").resolve("driver.cpp"));
        assertTrue(driver.contains("Kokkos::View<double**> arg_a(\"arg_a\", 40, 30);"), driver);

        TimingConfig scale3d = TimingConfig.of(src, "scale3d", List.of(6L), List.of(1)).withRepetitions(1)
                .withVariants(List.of("adjoint"));
        assertEquals(1, new TimingRunner(null).run(scale3d, null).rows().size());

        // a function template over the View type is instantiated by the driver's call
        TimingConfig sumSq = TimingConfig.of(src, "sum_sq", List.of(100L), List.of(1)).withRepetitions(1)
                .withVariants(List.of("primal", "adjoint"));
        assertEquals(List.of("primal", "adjoint"),
                new TimingRunner(null).run(sumSq, null).rows().stream().map(TimingRow::variant).toList());
    }

    @Test
    void theAdjointStencilIsAVariantOfStencilKernels() throws Exception {
        Path src = copy("kokkos/stencil_gather.cpp");
        TimingConfig config = TimingConfig.of(src, "laplace1d", List.of(500L), List.of(1)).withRepetitions(1)
                .withVariants(List.of("primal", "adjoint-stencil"));
        TimingResult r = new TimingRunner(null).run(config, null);
        assertEquals(List.of("primal", "adjoint-stencil"), r.rows().stream().map(TimingRow::variant).toList());
        Path stencil = config.workDir().resolve("size-500").resolve("adjoint-stencil").resolve("stencil_gather_b.cpp");
        assertEquals(0, count(stencil, "atomic_add"));
    }

    @Test
    void viewsWhoseIndicesDoNotBoundThemNeedALength() throws Exception {
        Path src = copy("kokkos/kernels.cpp");
        TimingConfig config = TimingConfig.of(src, "fill_scale", List.of(50L), List.of(1)).withRepetitions(1)
                .withVariants(List.of("primal"));
        TimingException e = assertThrows(TimingException.class, () -> new TimingRunner(null).run(config, null));
        assertTrue(e.getMessage().contains("cannot bound the indices of 'y' in 'fill_scale'")
                && e.getMessage().contains("y=n+8"), e.getMessage());
        assertEquals(1, new TimingRunner(null).run(config.withFixed(Map.of("y", 50L)), null).rows().size());
    }
}
