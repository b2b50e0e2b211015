package org.paradjoint.cdt.tests.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.check.CheckReport;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.CheckSpecParser;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Every annotated function of {@code examples/formad}, {@code examples/stencil} and
 * {@code examples/openmp}: tangent and
 * adjoint generated, the check driver compiled with {@code gcc -std=c11 -Wall -Wextra -Werror
 * -fopenmp} and run with 1, 2 and 4 OpenMP threads (4 oversubscribe a small machine, which shakes
 * out ordering bugs); the dot-product test must hold to 1e-12 and the
 * finite-difference test to 1e-6.
 */
class ExamplesTest {

    /**
     * How to check each example; the same options work on the command line, e.g.
     * {@code paradjoint check examples/formad/indirect.c --function indirect --set n=50 --index c=perm:n --extent x=n+8}.
     * Sizes are small so that the suite is fast.
     */
    static final List<Example> EXAMPLES = List.of(
            example("formad/indirect.c", "indirect", "--set n=50 --index c=perm:n --extent x=n+8"),
            example("formad/compact3.c", "compact3", "--set n=40"),
            example("formad/compact17.c", "compact17", "--set n=60"),
            example("formad/gather3.c", "gather3", "--set n=30"),
            example("formad/gfmc.c", "gfmc_split",
                    "--set ng=6 --set nj=5 --index mss=perm:4*ng --index flip=range:0:ng --extent cl=4*ng --extent cr=4*ng"),
            example("formad/gfmc.c", "gfmc_fused",
                    "--set ng=6 --set nj=5 --index mss=perm:4*ng --index flip=range:0:ng --extent cl=4*ng --extent cr=4*ng"),
            example("formad/greengauss.c", "green_gauss",
                    "--set ncolors=3 --set E=12 --index color_ia=ascending:0:E --index edge2nodes=perm:2*E "
                            + "--extent dv=2*E --extent grad=2*E"),
            example("formad/lbm_stream.c", "lbm_stream", "--set nx=6 --set ny=5 --extent src=9*nx*ny --extent dst=9*nx*ny"),
            example("stencil/stencil1d.c", "stencil1d", "--set n=20"),
            example("stencil/burgers1d.c", "burgers1d", "--set n=20"),
            example("stencil/wave3d.c", "wave3d", "--set n=6"),
            example("openmp/regions.c", "smooth_two_phase", "--set n=40"),
            example("openmp/regions.c", "norm2_partial", "--set n=40"),
            example("openmp/regions.c", "relax_steps", "--set n=30 --set steps=3"),
            example("openmp/regions.c", "moments", "--set n=40 --set m=5 --extent h=m --extent r=2"),
            example("openmp/regions.c", "dot_atomic", "--set n=40 --extent r=1"),
            example("openmp/regions.c", "reversed_squares", "--set n=40"),
            example("openmp/sections.c", "two_fluxes", "--set n=40"),
            example("openmp/locks.c", "binned_energy", "--set n=40 --set nb=7 --extent h=nb --extent s=1"),
            example("openmp/ordered.c", "ordered_tally", "--set n=40 --set nb=7 --extent h=nb --extent s=1"),
            example("openmp/ordered.c", "ordered_weights", "--set n=40"),
            example("openmp/ordered.c", "ordered_scan", "--set n=40 --extent s=1"),
            example("openmp/ordered.c", "ordered_scan_region", "--set n=40 --extent s=1"),
            example("openmp/sections.c", "energies", "--set n=40 --extent e=1"),
            example("openmp/reductions.c", "max_residual", "--set n=40 --extent r=1"),
            example("openmp/reductions.c", "min_energy", "--set n=40 --extent r=1"),
            example("openmp/reductions.c", "scale_by_max", "--set n=40"),
            example("openmp/reductions.c", "growth_factor", "--set n=40 --extent r=1"),
            example("openmp/regions.c", "window_private", "--set n=30 --extent x=n --extent y=n"),
            example("openmp/threads.c", "block_rows", "--set n=40 --set steps=3"));

    /** Folders whose every annotated function must have a row above. */
    static final List<String> FOLDERS = List.of("formad", "stencil", "openmp");

    static final double DOT_TOLERANCE = 1e-12;
    static final double FD_TOLERANCE = 1e-6;

    record Example(String file, String function, String options) {
        CheckSpec spec() {
            return CheckSpecParser.parse(Arrays.asList(options.split("\\s+")));
        }

        String command() {
            return "paradjoint check examples/" + file + " --function " + function + " " + options;
        }
    }

    private static Example example(String file, String function, String options) {
        return new Example(file, function, options);
    }

    static Stream<String> files() {
        return EXAMPLES.stream().map(Example::file).distinct();
    }

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-examples");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void derivativesPassTheChecks(String file) throws IOException {
        Path source = Repo.examples().resolve(file);
        String base = source.getFileName().toString().replaceFirst("\\.c$", "");
        List<Example> rows = EXAMPLES.stream().filter(e -> e.file().equals(file)).toList();
        CheckPipeline.Built built = CheckPipeline.build(work.resolve(base), base, Files.readString(source),
                fn -> rows.stream().filter(r -> r.function().equals(fn)).map(Example::spec).findFirst().orElse(null));
        if (built.stage() != CheckPipeline.Stage.PASSED) {
            fail(file + ": " + built.stage() + "\n" + built.problem() + "\n" + CheckPipeline.files(built, base, 200));
        }
        List<String> problems = new ArrayList<>();
        for (int threads : new int[] {1, 2, 4}) {
            DriverRunner.Outcome run = CheckPipeline.runner().run(built.executable(), threads);
            CheckReport report = run.report();
            for (Example row : rows) {
                CheckReport.Result r = report.result(row.function());
                String where = row.function() + " with " + threads + " thread(s)";
                if (r == null) {
                    problems.add(where + ": no result (exit " + run.exitCode() + ")");
                } else if (!r.passed() || !(r.dotError() <= DOT_TOLERANCE) || !(r.fdError() <= FD_TOLERANCE)) {
                    problems.add(where + ": dot-product rel_err=" + r.dotError() + ", finite-difference rel_err="
                            + r.fdError() + "\n  reproduce: " + row.command());
                }
            }
            if (report.threads() != threads) {
                problems.add("the driver reports " + report.threads() + " threads, expected " + threads);
            }
            if (!problems.isEmpty() || run.exitCode() != 0) {
                fail(file + ":\n" + String.join("\n", problems) + "\n---- driver output (" + threads + " threads, exit "
                        + run.exitCode() + ")\n" + CheckPipeline.head(run.text(), 80) + "\n"
                        + CheckPipeline.files(built, base, 150));
            }
        }
    }

    @Test
    void everyAnnotatedExampleFunctionHasARow() throws IOException {
        Set<String> annotated = new TreeSet<>();
        for (String folder : FOLDERS) {
            try (Stream<Path> files = Files.list(Repo.examples().resolve(folder))) {
                for (Path p : files.filter(f -> f.toString().endsWith(".c")).sorted().toList()) {
                    var parsed = new CFrontEnd().parse(p.getFileName().toString(), Files.readString(p));
                    assertNotNull(parsed.unit(), p + ": " + parsed.diagnostics());
                    for (Function f : parsed.unit().functions()) {
                        if (Differentiator.isAnnotated(f)) {
                            annotated.add(folder + "/" + p.getFileName() + " " + f.name());
                        }
                    }
                }
            }
        }
        Set<String> rows = new TreeSet<>();
        EXAMPLES.forEach(e -> rows.add(e.file() + " " + e.function()));
        assertEquals(annotated, rows, "add a row to ExamplesTest.EXAMPLES for every annotated example function");
    }

    @Test
    void everyRowParsesAsCommandLineOptions() {
        for (Example e : EXAMPLES) {
            var cmd = CheckSpecParser.parseCommand(Arrays.asList(e.command().split("\\s+")).subList(2,
                    e.command().split("\\s+").length));
            assertEquals("examples/" + e.file(), cmd.file());
            assertEquals(e.function(), cmd.function());
            assertTrue(cmd.spec().toArguments().size() > 0, e.command());
        }
    }
}
