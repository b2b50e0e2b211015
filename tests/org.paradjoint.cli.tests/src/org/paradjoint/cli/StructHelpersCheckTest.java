package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.ScratchDir;

/**
 * A struct-pointer parameter passed on to helpers of the file ({@code lap(g, u, i, j)}): the
 * differentiated function's flattened members include those its helpers use, and each call passes
 * them in the helper's order and way, so the inlined helpers read and write the caller's members.
 * The derivatives pass the tangent and adjoint checks at 1, 2 and 4 threads through
 * {@code paradjoint check}.
 */
class StructHelpersCheckTest {

    static final String MINI_H = """
            typedef double real;
            typedef struct { int nx, ny; real dx, dt, nu; } grid_t;
            #define IDX(g, i, j) ((i) * (g)->ny + (j))
            """;

    /** The helper reads a member ({@code g->dx}) that the differentiated function never names itself. */
    static final String DIFF_C = """
            #include "mini.h"
            static inline real lap(const grid_t *g, const real *u, int i, int j)
            {
                return (u[IDX(g, i + 1, j)] + u[IDX(g, i - 1, j)] + u[IDX(g, i, j + 1)] + u[IDX(g, i, j - 1)]
                        - 4.0 * u[IDX(g, i, j)]) / (g->dx * g->dx);
            }
            void step(const grid_t *g, const real *restrict u, real *restrict un)
            {
                int i, j;
            #pragma ad gradient(un : u)
            #pragma omp parallel for private(j)
                for (i = 1; i < g->nx - 1; i++)
                    for (j = 1; j < g->ny - 1; j++)
                        un[IDX(g, i, j)] = u[IDX(g, i, j)] + g->dt * g->nu * lap(g, u, i, j);
            }
            """;

    /**
     * Helpers two deep ({@code rhs} passes {@code s} on to {@code flux}, which alone uses
     * {@code s->dx}, {@code s->c} and, with {@code rhs}, the independent {@code s->u}); helpers
     * that assign members ({@code set_dt} writes {@code s->dt}, which the caller reads through
     * {@code rhs}; {@code record} accumulates into the dependent {@code s->sum} and counts in
     * {@code s->calls}, which {@code weight} then takes by value from the caller's copy).
     */
    static final String STATE_C = """
            #include <math.h>
            typedef struct {
                const char *name;
                int n, calls;
                double dx, dt, sum;
                double *u;
                double *w;
                double c[4];
            } state_t;

            static double flux(const state_t *s, int i)
            {
                return s->c[i % 4] * (s->u[i + 1] - s->u[i]) / s->dx;
            }

            static double rhs(const state_t *s, int i)
            {
                return s->dt * flux(s, i) + sin(s->u[i]);
            }

            static void set_dt(state_t *s)
            {
                s->dt = 0.25 * s->dx * s->dx;
            }

            static void record(state_t *s, double r)
            {
                s->sum += r * r;
                s->calls += 1;
            }

            static double weight(const state_t *s)
            {
                return 1.0 / s->calls;
            }

            #pragma ad gradient(s->w, s->sum : s->u)
            void advance(state_t *s)
            {
                int i;
                set_dt(s);
            #pragma omp parallel for
                for (i = 0; i < s->n - 1; i++)
                    s->w[i] = rhs(s, i);
                for (i = 0; i < s->n - 1; i++)
                    record(s, s->w[i]);
                s->sum *= weight(s);
            }
            """;

    private final Path dir = ScratchDir.deletedAtExit("paradjoint-struct-helpers");

    @Test
    void aHelperThatTakesTheGridPassesTheChecks() {
        Gcc.require();
        ScratchDir.write(dir, "mini.h", MINI_H);
        CliRun r = RealCCheckTest.check(dir, "diff.c", DIFF_C, "--function", "step", "--extent", "u=g->nx*g->ny",
                "--extent", "un=g->nx*g->ny", "--set", "g->nx=9", "--set", "g->ny=7", "--threads", "1,2,4", "--run");
        assertEquals(0, r.status, r.toString());
        assertEquals(6, RealCCheckTest.passes(r), r.toString());
    }

    @Test
    void theDerivativeTakesTheMembersItsHelpersUse() {
        ScratchDir.write(dir, "mini.h", MINI_H);
        Path file = ScratchDir.write(dir, "diff.c", DIFF_C);
        CliRun r = CliRun.of("differentiate", file.toString(), "-o", "-");
        assertEquals(0, r.status, r.toString());
        // g->dx is named only in lap; the flattened members keep the struct's order
        assertTrue(r.out.contains("step_b_members(g->nx, g->ny, &g->dx, &g->dt, &g->nu, u, ub, un, unb);"), r.out);
        assertTrue(r.out.contains("void step_b(const grid_t *g, const double *u, double *ub, double *un, double *unb)"),
                r.out);
    }

    /** A {@code static inline} helper of the user's header takes the struct too. */
    @Test
    void aHelperOfTheUsersHeaderTakesTheGrid() {
        String lap = DIFF_C.substring(DIFF_C.indexOf("static inline"), DIFF_C.indexOf("void step"));
        ScratchDir.write(dir, "mini.h", MINI_H + lap);
        Path file = ScratchDir.write(dir, "diff.c", DIFF_C.replace(lap, ""));
        CliRun r = CliRun.of("differentiate", file.toString(), "-o", "-");
        assertEquals(0, r.status, r.toString());
        assertTrue(r.out.contains("step_b_members(g->nx, g->ny, &g->dx, &g->dt, &g->nu, u, ub, un, unb);"), r.out);
    }

    @Test
    void helpersThatPassTheStructOnAndAssignItsMembersPassTheChecks() {
        Gcc.require();
        CliRun r = RealCCheckTest.check(dir, "state.c", STATE_C, "--function", "advance", "--extent", "s->u=s->n",
                "--set", "s->n=11", "--threads", "1,2,4", "--run");
        assertEquals(0, r.status, r.toString());
        assertEquals(6, RealCCheckTest.passes(r), r.toString());
    }

    /**
     * Bench sizes the scalar members the helpers use as one element, and takes the length of an
     * array member passed to a helper (whose indices it cannot bound) as the code names it.
     */
    @Test
    void benchTimesAKernelThatPassesTheStructToHelpers() throws IOException {
        Gcc.require();
        Path file = ScratchDir.write(dir, "state.c", STATE_C);
        Path csv = dir.resolve("state.csv");
        CliRun r = CliRun.of("bench", file.toString(), "--kernel", "advance", "--sizes", "500", "--size-parameter",
                "s->n", "--set", "s->u=500", "--threads", "1", "--variants", "primal,adjoint,tangent",
                "--repetitions", "1", "--csv", csv.toString(), "--work-dir", dir.resolve("work").toString());
        assertEquals(0, r.status, r.toString());
        List<String> rows = Files.readAllLines(csv);
        for (String variant : List.of("primal", "adjoint", "tangent")) {
            assertTrue(rows.stream().anyMatch(row -> row.startsWith(variant + ",500,")), rows.toString());
        }
    }
}
