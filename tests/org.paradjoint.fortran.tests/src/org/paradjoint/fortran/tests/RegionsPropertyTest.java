package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.paradjoint.core.check.CheckReport;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.CheckSpecParser;
import org.paradjoint.core.check.DriverRunner;
import org.paradjoint.fortran.check.FortranCheckPipeline;
import org.paradjoint.fortran.check.FortranDriverRunner;
import org.paradjoint.testsupport.Gfortran;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Property: random Fortran OpenMP procedures built from parallel regions with {@code !$omp do}
 * loops (with and without {@code nowait}), {@code !$omp sections}, increments under {@code call
 * omp_set_lock} ... {@code call omp_unset_lock}, {@code !$omp ordered} blocks, {@code single}
 * blocks, barriers, work divided by thread number ({@code omp_get_thread_num()}) and worksharing loops
 * whose ordered block is a recurrence, and from {@code parallel do} loops with locks, ordered blocks (of increments,
 * or a recurrence, split around the block by core's {@code OrderedLoops}) or a
 * {@code reduction(*)}, pass the dot-product and finite-difference tests at 1, 2 and 4 threads
 * ({@code gfortran -std=f2008 -Wall -Werror -fopenmp}). The Fortran counterpart of the C
 * front-end's {@code RegionsPropertyTest}: the same constructs reach the same core rules
 * through the other front-end.
 * <p>
 * Reproduce: {@code -Dparadjoint.regions.seed=SEED} generates the procedures of that seed.
 */
class RegionsPropertyTest {

    static final int KERNELS = 16;
    static final long BASE_SEED = 20_261_128L;
    /** Output arrays of {@code n} elements, one per piece of a procedure. */
    static final int PIECES = 3;

    /** Values of iteration {@code i} (the loops run over {@code 1 <= i <= n}). */
    static final List<String> VALUES = List.of(
            "sin(x(i)) * x(i)",
            "x(i) * x(i) + 0.5d0",
            "exp(0.1d0 * x(i)) * x(mod(i, n) + 1)",
            "x(i) / (1.0d0 + x(i) * x(i))");

    private Path work;

    @BeforeEach
    void createScratch() {
        work = ScratchDir.create("paradjoint-fortran-regions");
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(work);
    }

    record Kernel(String name, String source, String options) {
    }

    private static String value(Random r) {
        return VALUES.get(r.nextInt(VALUES.size()));
    }

    /** {@code h(...) += e} and {@code s(k) += e * x(i)} under the lock, {@code e} set before. */
    private static String locked(int k, String in) {
        return in + "call omp_set_lock(lock)\n"
                + in + "h(mod(3 * i + " + k + ", nb) + 1) = h(mod(3 * i + " + k + ", nb) + 1) + e\n"
                + in + "s(" + k + ") = s(" + k + ") + e * x(i)\n"
                + in + "call omp_unset_lock(lock)\n";
    }

    private static String ordered(int k, String in) {
        return in + "!$omp ordered\n"
                + in + "h(mod(i + " + k + ", nb) + 1) = h(mod(i + " + k + ", nb) + 1) + e\n"
                + in + "s(" + k + ") = s(" + k + ") + e * e\n"
                + in + "!$omp end ordered\n";
    }

    /** A piece of a region writing only {@code o<k>}, {@code s(k)}, and increments of {@code h}. */
    private static String regionPiece(Random r, int k) {
        String o = "o" + k;
        return switch (r.nextInt(8)) {
            case 7 -> generalOrdered(r, k, "  !$omp do ordered private(e)", "  !$omp end do");
            case 6 -> threadBlocks(r, k);
            case 0 -> "  !$omp do" + (r.nextBoolean() ? " schedule(dynamic, 3)" : "") + "\n"
                    + "  do i = 1, n\n    " + o + "(i) = " + value(r) + "\n  end do\n"
                    + "  !$omp end do" + (r.nextBoolean() ? " nowait" : "") + "\n";
            case 1 -> {
                StringBuilder b = new StringBuilder("  !$omp sections\n");
                b.append(r.nextBoolean() ? "  !$omp section\n" : "");
                b.append("  do i = 1, n / 2\n    ").append(o).append("(i) = ").append(value(r)).append("\n  end do\n");
                b.append("  !$omp section\n");
                b.append("  do i = n / 2 + 1, n\n    ").append(o).append("(i) = ").append(value(r)).append("\n  end do\n");
                if (r.nextBoolean()) {
                    b.append("  !$omp section\n  s(").append(k).append(") = x(1) * x(2) + cos(x(n))\n");
                }
                yield b.append("  !$omp end sections").append(r.nextBoolean() ? " nowait" : "").append("\n").toString();
            }
            case 2 -> "  !$omp do private(e)\n  do i = 1, n\n    e = " + value(r) + "\n" + locked(k, "    ")
                    + "    " + o + "(i) = e * x(i)\n  end do\n  !$omp end do\n";
            case 3 -> "  !$omp do ordered private(e)\n  do i = 1, n\n    e = " + value(r) + "\n" + ordered(k, "    ")
                    + "  end do\n  !$omp end do\n";
            case 4 -> "  !$omp single\n  s(" + k + ") = x(1) * x(n) + sin(x(2))\n  !$omp end single\n"
                    + (r.nextBoolean() ? "  !$omp barrier\n" : "");
            default -> "  !$omp barrier\n";
        };
    }

    /**
     * Work divided by thread number: each thread's block of rows of {@code o<k>} from {@code
     * omp_get_thread_num()} and {@code omp_get_num_threads()} (core's {@code ThreadPhases}), with
     * or without a barrier after it.
     */
    private static String threadBlocks(Random r, int k) {
        return "  t = omp_get_thread_num()\n  nt = omp_get_num_threads()\n"
                + "  lo = 1 + t * n / nt\n  hi = (t + 1) * n / nt\n"
                + "  do i = lo, hi\n    o" + k + "(i) = " + value(r) + "\n  end do\n"
                + (r.nextBoolean() ? "  !$omp barrier\n" : "");
    }

    /** A piece outside regions: a {@code parallel do} with a lock, an ordered block, or a product. */
    private static String loopPiece(Random r, int k) {
        String o = "o" + k;
        return switch (r.nextInt(5)) {
            case 0 -> "  !$omp parallel do private(e)\n  do i = 1, n\n    e = " + value(r) + "\n" + locked(k, "    ")
                    + "  end do\n  !$omp end parallel do\n";
            case 1 -> "  !$omp parallel do ordered private(e)\n  do i = 1, n\n    e = " + value(r) + "\n"
                    + "    " + o + "(i) = e + x(i)\n" + ordered(k, "    ") + "  end do\n  !$omp end parallel do\n";
            case 2, 3 -> generalOrdered(r, k, "  !$omp parallel do ordered private(e)", "  !$omp end parallel do");
            default -> "  p = " + (r.nextBoolean() ? "1.0d0 + x(1) * x(1)" : "0.5d0") + "\n"
                    + "  !$omp parallel do reduction(*: p)\n  do i = 1, n\n    p = p * (1.0d0 + 0.2d0 * " + value(r)
                    + ")\n  end do\n  !$omp end parallel do\n  s(" + k + ") = p\n";
        };
    }

    /**
     * A {@code parallel do ordered} whose ordered block is a recurrence through the shared
     * {@code s(k)} (its adjoint must run in reverse iteration order), with or without work before
     * and after the block; the private {@code e} is read after the loop (its original value must
     * survive the loop).
     */
    private static String generalOrdered(Random r, int k, String directive, String end) {
        String o = "o" + k;
        String sk = "s(" + k + ")";
        boolean before = r.nextBoolean();
        return directive + (r.nextBoolean() ? " schedule(static, 2)" : "") + "\n"
                + "  do i = 1, n\n"
                + "    e = " + value(r) + "\n"
                + (before ? "    " + o + "(i) = e * x(i)\n" : "")
                + "    !$omp ordered\n"
                + "    " + sk + " = 0.5d0 * " + sk + " + e * sin(" + sk + ")\n"
                + "    " + o + "(i) = " + (before ? o + "(i) + " : "") + sk + "\n"
                + "    !$omp end ordered\n"
                + (r.nextBoolean() ? "    " + o + "(i) = " + o + "(i) * cos(x(i)) + e\n" : "")
                + "  end do\n" + end + "\n";
    }

    static Kernel kernel(String name, Random r) {
        StringBuilder body = new StringBuilder();
        int pieces = 1 + r.nextInt(PIECES);
        if (r.nextInt(3) != 0) {
            body.append("  !$omp parallel\n");
            for (int k = 1; k <= pieces; k++) {
                body.append(regionPiece(r, k));
            }
            body.append("  !$omp end parallel\n");
        } else {
            for (int k = 1; k <= pieces; k++) {
                body.append(loopPiece(r, k));
            }
        }
        // the thread-number variables are declared, and private to the region, where a piece uses them
        boolean threads = body.indexOf("omp_get_thread_num") >= 0;
        if (threads) {
            body.replace(0, body.length(), body.toString().replace("  !$omp parallel\n",
                    "  !$omp parallel private(t, nt, lo, hi)\n"));
        }
        String source = "!$ad gradient(o1, o2, o3, h, s : x)\n"
                + "subroutine " + name + "(n, nb, x, o1, o2, o3, h, s)\n"
                + "  use omp_lib\n"
                + "  implicit none\n"
                + "  integer, intent(in) :: n, nb\n"
                + "  real(8), intent(in) :: x(n)\n"
                + "  real(8), intent(inout) :: o1(n), o2(n), o3(n), h(nb), s(" + PIECES + ")\n"
                + "  integer(omp_lock_kind) :: lock\n"
                + "  real(8) :: e, p\n"
                + (threads ? "  integer :: i, t, nt, lo, hi\n\n" : "  integer :: i\n\n")
                + "  e = 0.0d0\n  p = 0.0d0\n"
                + "  call omp_init_lock(lock)\n"
                + body
                + "  call omp_destroy_lock(lock)\n"
                // every output depends on x, whichever pieces were drawn
                + "  o1(1) = o1(1) + x(1)\n  o2(2) = o2(2) + x(2)\n  o3(3) = o3(3) + x(3)\n"
                + "  i = nb\n  h(i) = h(i) + x(n)\n  s(1) = s(1) + x(4) + p + e\n  s(2) = s(2) + x(1)\n  s(3) = s(3) + x(2)\n"
                + "end subroutine " + name + "\n";
        int n = 6 + r.nextInt(30);
        return new Kernel(name, source, "--set n=" + n + " --set nb=" + (2 + r.nextInt(5)));
    }

    static List<Kernel> kernels() {
        String only = System.getProperty("paradjoint.regions.seed");
        long seed = only == null || only.isBlank() ? BASE_SEED : Long.parseLong(only.trim());
        Random r = new Random(seed);
        List<Kernel> out = new ArrayList<>();
        for (int k = 0; k < KERNELS; k++) {
            out.add(kernel("rg" + k, r));
        }
        return out;
    }

    @Test
    void derivativesOfRandomRegionsSectionsLocksAndOrderedBlocksPassTheChecks() throws IOException {
        Gfortran.require();
        List<Kernel> kernels = kernels();
        StringBuilder source = new StringBuilder();
        Map<String, Kernel> byName = new LinkedHashMap<>();
        for (Kernel k : kernels) {
            source.append(k.source()).append('\n');
            byName.put(k.name(), k);
        }
        var runner = new FortranDriverRunner();
        FortranCheckPipeline.Built built = FortranCheckPipeline.build(work, "regions.f90", source.toString(),
                Generated::file, fn -> byName.containsKey(fn) ? spec(byName.get(fn).options()) : null, runner);
        if (built.stage() != FortranCheckPipeline.Stage.BUILT) {
            fail(built.stage() + "\n" + built.problem() + "\n" + source);
        }
        List<String> problems = new ArrayList<>();
        for (int threads : new int[] {1, 2, 4}) {
            DriverRunner.Outcome run = runner.run(built.executable(), threads);
            CheckReport report = run.report();
            assertEquals(threads, report.threads(), run.text());
            for (Kernel k : kernels) {
                CheckReport.Result res = report.result(k.name());
                if (res == null) {
                    problems.add(k.name() + " with " + threads + " thread(s): no result (exit " + run.exitCode() + ")");
                } else if (!res.passed() || !(res.dotError() <= ExamplesTest.DOT_TOLERANCE)
                        || !(res.fdError() <= ExamplesTest.FD_TOLERANCE)) {
                    problems.add(k.name() + " with " + threads + " thread(s): dot-product rel_err=" + res.dotError()
                            + ", finite-difference rel_err=" + res.fdError() + " (" + k.options() + ")\n" + k.source());
                }
            }
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " failing checks:\n" + String.join("\n", problems.subList(0,
                    Math.min(6, problems.size()))));
        }
    }

    private static CheckSpec spec(String options) {
        return CheckSpecParser.parse(List.of(options.split("\\s+")));
    }
}
