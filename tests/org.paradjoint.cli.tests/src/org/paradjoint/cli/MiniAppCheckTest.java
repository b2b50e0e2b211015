package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.ScratchDir;

/**
 * A time loop written as a mini-app writes it: a header with a typedef, index macros and
 * {@code static inline} helpers (one with a loop of its own), the grid in a {@code const} struct
 * passed by pointer, flat arrays behind {@code restrict} pointers whose extent the options give,
 * helper functions inlined into a parallel loop, an objective summed by a reduction. The adjoint must undo each
 * step's overwrite of {@code u}, which the inlined helpers read only through their locals
 * ({@code u0 = u[IDX(i, j, nx)]}): a partial that reads a local the adjoint iteration recomputes
 * from {@code u} needs {@code u}. It passes the derivative checks at 1, 2 and 4 threads through
 * {@code paradjoint check}, whose {@code --extent} reaches the adjoint as
 * {@code differentiate --extent} would (the tangent declares the inlined helper's loop counter in
 * the parallel loop's body); without the extent, {@code differentiate} names the option that
 * supplies it.
 */
class MiniAppCheckTest {

    static final String HEADER = """
            #ifndef MINI_H
            #define MINI_H
            #include <math.h>

            typedef double real_t;

            #define IDX(i, j, nx) ((i) * (nx) + (j))
            #define CFL 0.4
            #define SQR(x) ((x) * (x))

            typedef struct {
                int nx, ny;
                real_t dx, dt;
                real_t nu;
            } grid_t;

            static inline real_t powi(real_t x, int p)
            {
                real_t r = 1.0;
                for (int k = 0; k < p; k++)
                    r *= x;
                return r;
            }

            static inline real_t upwind(real_t u, real_t um, real_t up, real_t c)
            {
                return c > 0.0 ? u - c * (u - um) : u - c * (up - u);
            }
            #endif
            """;

    static final String SOURCE = """
            #include <stdlib.h>
            #include "mini.h"

            static real_t diffusion(real_t k, int nx, const real_t *u, int i, int j)
            {
                return k * (u[IDX(i - 1, j, nx)] + u[IDX(i + 1, j, nx)] + u[IDX(i, j - 1, nx)]
                            + u[IDX(i, j + 1, nx)] - 4.0 * u[IDX(i, j, nx)]);
            }

            void advect(const grid_t *g, int steps, real_t *restrict u, real_t *restrict w,
                        const real_t *restrict vel, real_t *restrict cost)
            {
                int t, i, j;
                const int nx = g->nx, ny = g->ny;
                const real_t kd = g->nu * g->dt / SQR(g->dx);
            #pragma ad gradient(cost : u, vel)
                for (t = 0; t < steps; t++) {
            #pragma omp parallel for private(j)
                    for (i = 1; i < ny - 1; i++)
                        for (j = 1; j < nx - 1; j++) {
                            real_t c = CFL * powi(vel[IDX(i, j, nx)], 2);
                            w[IDX(i, j, nx)] = upwind(u[IDX(i, j, nx)], u[IDX(i, j - 1, nx)], u[IDX(i, j + 1, nx)], c)
                                               + diffusion(kd, nx, u, i, j);
                        }
            #pragma omp parallel for private(j)
                    for (i = 1; i < ny - 1; i++)
                        for (j = 1; j < nx - 1; j++)
                            u[IDX(i, j, nx)] = w[IDX(i, j, nx)];
                }
                real_t s = 0.0;
            #pragma omp parallel for private(j) reduction(+ : s)
                for (i = 0; i < ny; i++)
                    for (j = 0; j < nx; j++)
                        s += SQR(u[IDX(i, j, nx)]);
                cost[0] = 0.5 * s;
            }
            """;

    private final Path dir = ScratchDir.deletedAtExit("paradjoint-miniapp");

    @Test
    void theAdjointOfATimeLoopOfInlinedHelpersPassesTheChecks() {
        Gcc.require();
        ScratchDir.write(dir, "mini.h", HEADER);
        CliRun r = RealCCheckTest.check(dir, "mini.c", SOURCE, "--function", "advect", "--extent", "u=g->nx*g->ny",
                "--set", "g->nx=12", "--set", "g->ny=9", "--set", "steps=3", "--range", "0.05:0.3", "--threads",
                "1,2,4", "--run");
        assertEquals(0, r.status, r.toString());
        assertEquals(6, RealCCheckTest.passes(r), r.toString());
    }

    @Test
    void withoutTheExtentDifferentiateNamesTheOptionThatGivesIt() {
        ScratchDir.write(dir, "mini.h", HEADER);
        Path file = ScratchDir.write(dir, "mini.c", SOURCE);
        CliRun r = CliRun.of("differentiate", file.toString());
        assertEquals(1, r.status, r.toString());
        assertTrue(r.err.contains("independent 'u' is overwritten by 'advect'")
                && r.err.contains("or the option `--extent u=EXPR` over integer parameters"), r.toString());
        CliRun given = CliRun.of("differentiate", file.toString(), "--extent", "u=g->nx*g->ny");
        assertEquals(0, given.status, given.toString());
    }

    /** Variable conductivity on a flat grid, the time loop's two loops collapsed. */
    static final String DIFFUSION = """
            #include <math.h>
            #define IDX(i, j) ((i) * (ny) + (j))
            static inline double kappa(double v)
            {
                return 0.1 + 0.05 * exp(-v * v);
            }
            #pragma ad gradient(u : u)
            void diffuse(int nx, int ny, int nt, double *u, double *tmp)
            {
                for (int t = 0; t < nt; t++) {
            #pragma omp parallel for collapse(2)
                    for (int i = 1; i < nx - 1; i++)
                        for (int j = 1; j < ny - 1; j++) {
                            double k = kappa(u[IDX(i, j)]);
                            tmp[IDX(i, j)] = u[IDX(i, j)] + k * (u[IDX(i + 1, j)] + u[IDX(i - 1, j)]
                                             + u[IDX(i, j + 1)] + u[IDX(i, j - 1)] - 4.0 * u[IDX(i, j)]);
                        }
            #pragma omp parallel for collapse(2)
                    for (int i = 1; i < nx - 1; i++)
                        for (int j = 1; j < ny - 1; j++)
                            u[IDX(i, j)] = tmp[IDX(i, j)];
                }
            }
            """;

    /**
     * The time loop is checkpointed by default, and said so once; the save of {@code u} before the
     * collapsed copy loop is no time loop (it was told to take {@code ad checkpoint}, which a
     * parallel loop refuses), and what the adjoint of a parallel loop is told is told once (the
     * checkpointed loop's adjoint is generated for its turns and for its taped steps).
     */
    @Test
    void aTimeLoopOfCollapsedLoopsIsTheOnlyLoopWarnedOfItsTapeAndNothingIsSaidTwice() {
        Path file = ScratchDir.write(dir, "diffuse.c", DIFFUSION);
        CliRun r = CliRun.of("differentiate", file.toString(), "--extent", "u=nx*ny", "--extent", "tmp=nx*ny");
        assertEquals(0, r.status, r.toString());
        assertTrue(r.err.contains("diffuse.c:10:5: warning: the loop over 't' records arrays"), r.err);
        assertTrue(!r.err.contains("the loop over 'i' records"), r.err);
        List<String> lines = r.err.lines().toList();
        assertEquals(lines.size(), lines.stream().distinct().count(), r.err);
        assertTrue(r.err.contains("info: increments of 'ub' that may collide are accumulated per thread"), r.err);
    }
}
