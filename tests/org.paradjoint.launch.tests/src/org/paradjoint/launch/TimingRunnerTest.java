package org.paradjoint.launch;

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
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.paradjoint.launch.tests.Repo;

class TimingRunnerTest {

    private static Path copy(String example) throws IOException {
        Path dir = Repo.scratch("timing");
        Path file = dir.resolve(Path.of(example).getFileName());
        Files.writeString(file, Repo.example(example), StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void oneRowPerVariantAndThreadCount() throws Exception {
        Path src = copy("stencil/stencil1d.c");
        TimingConfig config = TimingConfig.of(src, "stencil1d", List.of(500L), List.of(1, 2)).withRepetitions(2);
        List<String> lines = new ArrayList<>();
        TimingResult result = new TimingRunner(lines::add).run(config, () -> false);

        Set<String> variants = result.rows().stream().map(TimingRow::variant).collect(Collectors.toSet());
        // stencil1d carries an `ad stencil` pragma: the adjoint-stencil generator adds its variant.
        assertEquals(Set.of("primal", "adjoint", "adjoint-atomic", "adjoint-reduction", "tangent", "adjoint-stencil"),
                variants);
        assertEquals(variants.size() * 2, result.rows().size());
        for (TimingRow r : result.rows()) {
            assertTrue(r.minSeconds() > 0 && r.minSeconds() <= r.medianSeconds(), r.toString());
            assertEquals(2, r.repetitions());
            assertEquals(500, r.size());
        }
        assertEquals(src.getParent().resolve("stencil1d_timing.csv"), result.csv());
        List<String> csv = Files.readAllLines(result.csv());
        assertEquals(TimingRow.CSV_HEADER, csv.get(0));
        List<TimingRow> read = TimingRunner.readCsv(result.csv());
        assertEquals(result.rows().size(), read.size());
        for (int k = 0; k < read.size(); k++) {
            assertEquals(result.rows().get(k).variant(), read.get(k).variant());
            assertEquals(result.rows().get(k).threads(), read.get(k).threads());
            assertEquals(result.rows().get(k).medianSeconds(), read.get(k).medianSeconds(),
                    1e-8 * result.rows().get(k).medianSeconds());
        }
        // every command is echoed, so a run can be repeated by hand
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("$ gcc -O2 -fopenmp -o ")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("$ ") && l.contains(" OMP_NUM_THREADS=2 ")), lines.toString());
    }

    @Test
    void chosenVariantsOnly() throws Exception {
        Path src = copy("formad/indirect.c");
        TimingConfig config = TimingConfig.of(src, "indirect", List.of(300L), List.of(1)).withRepetitions(1)
                .withVariants(List.of("primal", "adjoint"));
        TimingResult result = new TimingRunner(null).run(config, null);
        assertEquals(List.of("primal", "adjoint"), result.rows().stream().map(TimingRow::variant).toList());
        assertEquals(1.0, result.rows().get(0).relativeToPrimal(), 1e-12);
    }

    @Test
    void sparseGradientIsTimedLikeTheOtherVariants() throws Exception {
        Path src = copy("separable/torsion.c");
        // torsion reads x through its helper val(): the length nx * ny is given, as a user gives it
        TimingConfig config = TimingConfig.of(src, "torsion_f", List.of(12L), List.of(1, 2)).withRepetitions(2)
                .withFixed(Map.of("x", 144L));
        List<String> lines = new ArrayList<>();
        TimingResult result = new TimingRunner(lines::add).run(config, null);
        // only partial separability is annotated: the primal and the sparse gradient apply
        assertEquals(List.of("primal", "primal", "separable-gradient", "separable-gradient"),
                result.rows().stream().map(TimingRow::variant).toList());
        for (TimingRow r : result.rows()) {
            assertTrue(r.minSeconds() > 0 && r.minSeconds() <= r.medianSeconds(), r.toString());
        }
        Path dir = config.workDir().resolve("size-12").resolve("separable-gradient");
        assertTrue(Files.isRegularFile(dir.resolve("torsion_ps.h")) && Files.isRegularFile(dir.resolve(
                "paradjoint_ps.h")), "the headers torsion_ps.c includes are written beside it");
        String driver = Files.readString(dir.resolve("driver.c"));
        assertTrue(driver.contains("torsion_f_grad_ps(int nx, int ny, const double *x, double *xb, double c, "
                + "double *f);"), driver);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("$ gcc ") && l.endsWith("torsion_ps.c -lm")),
                lines.toString());
    }

    @Test
    void badConfigurationsAreExplained() throws Exception {
        Path src = copy("stencil/stencil1d.c");
        TimingConfig base = TimingConfig.of(src, "stencil1d", List.of(100L), List.of(1)).withRepetitions(1);
        TimingException unknown = assertThrows(TimingException.class,
                () -> new TimingRunner(null).run(base.withVariants(List.of("fastest")), null));
        assertTrue(unknown.getMessage().contains("unknown variant 'fastest'"), unknown.getMessage());
        TimingException kernel = assertThrows(TimingException.class, () -> new TimingRunner(null)
                .run(TimingConfig.of(src, "nope", List.of(100L), List.of(1)), null));
        assertTrue(kernel.getMessage().contains("no function 'nope'"), kernel.getMessage());
        TimingException size = assertThrows(TimingException.class,
                () -> new TimingRunner(null).run(base.withSizeParameter("m"), null));
        assertTrue(size.getMessage().contains("'m' is not an integer parameter"), size.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TimingConfig.of(src, "stencil1d", List.of(), List.of(1)));
        Path fortran = copy("fortran/stencil1d.f90");
        TimingException language = assertThrows(TimingException.class, () -> new TimingRunner(null)
                .run(TimingConfig.of(fortran, "stencil1d", List.of(100L), List.of(1)), null));
        assertTrue(language.getMessage().startsWith(fortran + ": error: timing experiments time C kernels"),
                language.getMessage());
    }

    @Test
    void cancellationStopsTheRun() throws Exception {
        Path src = copy("stencil/stencil1d.c");
        TimingConfig config = TimingConfig.of(src, "stencil1d", List.of(100L), List.of(1)).withRepetitions(1);
        TimingException e = assertThrows(TimingException.class, () -> new TimingRunner(null).run(config, () -> true));
        assertTrue(e.getMessage().contains("cancelled"), e.getMessage());
    }

    @Test
    void rowsRoundTripThroughCsv() {
        TimingRow r = new TimingRow("adjoint", 1000, 2, 5, 1.5e-3, 2e-3, 2.5e-3, 1.8, Double.NaN);
        TimingRow back = TimingRow.parse(r.toCsv());
        assertEquals(r.variant(), back.variant());
        assertEquals(r.medianSeconds(), back.medianSeconds(), 1e-9);
        assertTrue(Double.isNaN(back.relativeToPrimal()));
    }
}
