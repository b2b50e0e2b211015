package org.paradjoint.pipeline;

import org.paradjoint.core.transform.RaceStrategy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.core.check.CheckDriver;
import org.paradjoint.core.check.CheckReport;
import org.paradjoint.core.check.CheckSpecParser;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.fortran.FortranFrontEnd;
import org.paradjoint.fortran.FortranUnit;
import org.paradjoint.fortran.check.FortranCheckDriverGenerator;
import org.paradjoint.fortran.check.FortranCheckTarget;
import org.paradjoint.fortran.check.FortranDriverRunner;
import org.paradjoint.testsupport.Gfortran;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * The workbench's generators on Fortran sources write Fortran ({@code x_b.f90}, {@code x_d.f90})
 * that gfortran compiles with {@code -std=f2008 -Wall -Werror -fopenmp}, and whose tangent and
 * adjoint (with each race strategy, or the adjoint stencil) pass the dot-product test (1e-12) and the
 * finite-difference test (1e-6) with 1 and 2 threads.
 */
class FortranGeneratorsCheckTest {

    /** A three-point gather ({@code examples/fortran/gather3.f90}): its adjoint increments collide. */
    static final String GATHER3 = Repo.example("fortran/gather3.f90");

    static Stream<Arguments> cases() throws IOException {
        String indirect = Repo.example("fortran/indirect.f90");
        String indirectOptions = "--set n=50 --index c=perm:n --extent y=n --extent x=n+7";
        return Stream.of(
                Arguments.of("gather3.f90", GATHER3, "gather3", "--set n=30", Generators.adjoint(),
                        RaceStrategy.ATOMIC, 3),
                // the default strategy writes the stencil's increments as a gather: no atomic
                Arguments.of("gather3.f90", GATHER3, "gather3", "--set n=30", Generators.adjoint(),
                        RaceStrategy.PRIVATE, 0),
                Arguments.of("gather3.f90", GATHER3, "gather3", "--set n=30", Generators.adjoint(),
                        RaceStrategy.REDUCTION, 0),
                Arguments.of("gather3.f90", GATHER3, "gather3", "--set n=30", Generators.adjoint(),
                        RaceStrategy.ALL_ATOMIC, 3),
                Arguments.of("indirect.f90", indirect, "indirect", indirectOptions, Generators.adjoint(),
                        RaceStrategy.ATOMIC, 0),
                Arguments.of("indirect.f90", indirect, "indirect", indirectOptions, Generators.adjoint(),
                        RaceStrategy.ALL_ATOMIC, 1),
                Arguments.of("stencil1d.f90", Repo.example("fortran/stencil1d.f90"), "stencil1d", "--set n=20",
                        Generators.stencil(), RaceStrategy.ATOMIC, 0));
    }

    @ParameterizedTest(name = "{0} {5}")
    @MethodSource("cases")
    void derivativesPassTheChecks(String file, String source, String function, String options,
            DerivativeGenerator reverse, RaceStrategy strategy, int atomics) throws IOException {
        FortranDriverRunner runner = new FortranDriverRunner();
        FortranUnit parsed = new FortranFrontEnd().parseUnit(file, source);
        assertFalse(parsed.result().hasErrors(), parsed.result().diagnostics().toString());
        TranslationUnit unit = parsed.result().unit();
        GeneratedFile tangent = Generators.tangent().generate(unit, file, null, GenerationSettings.defaults());
        GeneratedFile adjoint = reverse.generate(unit, file, null,
                GenerationSettings.defaults().withRaceStrategy(strategy));
        assertFalse(tangent.hasErrors(), tangent.diagnostics().toString());
        assertFalse(adjoint.hasErrors(), adjoint.diagnostics().toString());
        List<String> includes = FortranCheckDriverGenerator.includesFor(file);
        assertEquals(includes.subList(1, 3), List.of(tangent.path(), adjoint.path()), "x_d.f90 and x_b.f90");
        assertTrue(adjoint.text().contains("subroutine " + function + "_b("), adjoint.text());
        assertEquals(atomics, adjoint.text().lines().filter(l -> l.strip().equals("!$omp atomic")).count(),
                adjoint.text());
        if (strategy == RaceStrategy.REDUCTION) {
            assertTrue(adjoint.text().contains("reduction(+:xb)"), adjoint.text());
        }

        Path dir = ScratchDir.deletedAtExit("paradjoint-fortran-generators");
        Files.writeString(dir.resolve(file), source, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(tangent.path()), tangent.text(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(adjoint.path()), adjoint.text(), StandardCharsets.UTF_8);
        FortranCheckTarget target = new FortranCheckTarget(unit.function(function).orElseThrow(),
                tangent.signatures().get(0), adjoint.signatures().get(0),
                CheckSpecParser.parse(Arrays.asList(options.split(" "))), parsed.procedure(function));
        CheckDriver driver = FortranCheckDriverGenerator.generate(List.of(target), includes);
        assertFalse(driver.hasErrors(), driver.diagnostics().toString());
        Path driverFile = dir.resolve(function + "_check.f90");
        Files.writeString(driverFile, driver.source(), StandardCharsets.UTF_8);
        // what follows builds and runs the driver: without gfortran the test ends here, skipped
        Gfortran.require();
        DriverRunner.Outcome compiled = runner.compile(driverFile, dir.resolve(function + "_check"));
        assertTrue(compiled.ok(), compiled.text() + "\n" + adjoint.text());
        for (int threads : List.of(1, 2)) {
            DriverRunner.Outcome run = runner.run(dir.resolve(function + "_check"), threads);
            CheckReport.Result r = run.report().result(function);
            assertNotNull(r, run.text());
            assertTrue(r.passed() && r.dotError() <= 1e-12 && r.fdError() <= 1e-6, threads + " thread(s): "
                    + run.text() + "\n" + adjoint.text());
        }
    }

    @Test
    void fortranNamesTheGeneratedFilesAfterTheSource() throws IOException {
        TranslationUnit unit = new FortranFrontEnd().parse("Stencil1d.F90", Repo.example("fortran/stencil1d.f90"))
                .unit();
        GeneratedFile g = Generators.stencil().generate(unit, "/ws/p/Stencil1d.F90", null,
                GenerationSettings.defaults());
        assertEquals("/ws/p/Stencil1d_b.F90", g.path());
        assertTrue(g.text().startsWith("!") && g.text().contains("end subroutine stencil1d_b"), g.text());
    }
}
