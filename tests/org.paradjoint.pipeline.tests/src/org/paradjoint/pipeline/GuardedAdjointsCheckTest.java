package org.paradjoint.pipeline;

import org.paradjoint.core.transform.RaceStrategy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.check.CheckDriver;
import org.paradjoint.core.check.CheckDriverGenerator;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * The adjoints of every race strategy compile with the project's strict flags and pass the
 * dot-product test against the tangent (and the tangent against finite differences) with 1 and
 * 2 threads; the guards are where the proofs say (and, by default, none where the increments are
 * gathered).
 */
class GuardedAdjointsCheckTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("formad/gather3.c", "gather3", CheckSpec.parse("--set", "n=30"), 3, true, "xb[:n]"),
                Arguments.of("formad/indirect.c", "indirect",
                        CheckSpec.parse("--set", "n=50", "--index", "c=perm:n", "--extent", "x=n+8"), 0, false, null),
                Arguments.of("formad/compact3.c", "compact3", CheckSpec.parse("--set", "n=40"), 0, false, null),
                Arguments.of("stencil/stencil1d.c", "stencil1d", CheckSpec.parse("--set", "n=20"), 3, true,
                        "ub[:n + 1]"));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void strategiesPassTheDerivativeChecks(String example, String function, CheckSpec spec, int unprovenAtomics,
            boolean gathered, String reductionSection) throws IOException {
        String text = Repo.example(example);
        String file = Path.of(example).getFileName().toString();
        ParseResult parsed = new CFrontEnd().parse(file, text);
        assertFalse(parsed.hasErrors(), parsed.diagnostics().toString());
        TranslationUnit unit = parsed.unit();
        GeneratedFile tangent = Generators.tangent().generate(unit, file, function, GenerationSettings.defaults());
        assertFalse(tangent.hasErrors(), tangent.diagnostics().toString());
        for (RaceStrategy strategy : RaceStrategy.values()) {
            // the conventional reverse mode, also of the stencil (its adjoint stencil has no guards to test)
            GeneratedFile adjoint = Generators.adjoint().generate(unit, file, function,
                    GenerationSettings.defaults().withRaceStrategy(strategy).withConventionalAdjoint(true));
            assertFalse(adjoint.hasErrors(), adjoint.diagnostics().toString());
            long atomics = adjoint.text().lines().filter(l -> l.contains("omp atomic")).count();
            switch (strategy) {
                case ALL_ATOMIC -> assertTrue(atomics >= unprovenAtomics, adjoint.text());
                case ATOMIC -> assertEquals(unprovenAtomics, atomics, adjoint.text());
                // unproven constant-offset increments are written as a gather before anything else
                case PRIVATE -> assertTrue(!gathered || atomics == 0 && !adjoint.text().contains("pa_thread_part"),
                        adjoint.text());
                case REDUCTION -> {
                    assertEquals(0, atomics, adjoint.text());
                    if (reductionSection != null) {
                        // of run-time size: accumulated per thread on the heap, not in a reduction clause
                        // (whose private copies would live on the threads' stacks)
                        assertFalse(adjoint.text().contains("reduction(+: " + reductionSection + ")"), adjoint.text());
                        assertTrue(adjoint.text().contains("pa_thread_part"), adjoint.text());
                    }
                }
            }
            check(unit, function, file, text, tangent, adjoint, spec, strategy);
        }
    }

    private static void check(TranslationUnit unit, String function, String file, String text, GeneratedFile tangent,
            GeneratedFile adjoint, CheckSpec spec, RaceStrategy strategy) throws IOException {
        Path dir = ScratchDir.deletedAtExit("paradjoint-guards");
        Files.writeString(dir.resolve(file), text, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(tangent.path()), tangent.text(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(adjoint.path()), adjoint.text(), StandardCharsets.UTF_8);
        Function primal = unit.function(function).orElseThrow();
        CheckDriver driver = CheckDriverGenerator.generate(primal, tangent.signatures().get(0),
                adjoint.signatures().get(0), spec, file);
        assertFalse(driver.hasErrors(), driver.diagnostics().toString());
        Path src = dir.resolve("check.c");
        Files.writeString(src, driver.source(), StandardCharsets.UTF_8);
        Gcc.require();
        DriverRunner runner = new DriverRunner();
        DriverRunner.Outcome compiled = runner.compile(src, dir.resolve("check"));
        assertTrue(compiled.ok(), strategy + ": " + compiled.text() + "\n" + adjoint.text());
        for (int threads : List.of(1, 2)) {
            DriverRunner.Outcome run = runner.run(dir.resolve("check"), threads);
            assertTrue(run.ok() && run.report().passed(), strategy + " with " + threads + " threads:\n" + run.text()
                    + "\n" + adjoint.text());
        }
    }
}
