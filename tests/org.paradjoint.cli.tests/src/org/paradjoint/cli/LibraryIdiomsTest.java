package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.ScratchDir;

/**
 * What C codes write around their loops: {@code assert} (only a check, not repeated in derivative
 * code), enumeration constants ({@code enum { HALO = 1 };}, read as the integers they are),
 * constants of the file ({@code static const double GAMMA = 1.4;}, their values) and
 * {@code memcpy} of a new state back into the old ({@code memcpy(u + HALO, tmp + HALO, (n - 2 *
 * HALO) * sizeof(double))}, read as the copy loop it stands for). The time loop passes the
 * derivative checks at 1, 2 and 4 threads through {@code paradjoint check}; a {@code memcpy} whose
 * size is no count of elements is an error that says how a copy is read.
 */
class LibraryIdiomsTest {

    private final Path dir = ScratchDir.deletedAtExit("paradjoint-idioms");

    static final String SMOOTH = """
            #include <assert.h>
            #include <stddef.h>
            #include <string.h>

            enum { HALO = 1, WIDTH = 2 * HALO + 1 };

            void smooth(int n, int steps, double *restrict u, double *restrict tmp, double *restrict w)
            {
                assert(n > WIDTH);
            #pragma ad gradient(u : u, w)
                for (int t = 0; t < steps; t++) {
            #pragma omp parallel for
                    for (int i = HALO; i < n - HALO; ++i)
                        tmp[i] = w[0] * u[i - 1] + w[1] * u[i] + w[2] * u[i + 1] * u[i + 1];
                    memcpy(u + HALO, &tmp[HALO], (size_t) (n - 2 * HALO) * sizeof *u);
                    memcpy(w, tmp + n / 2, sizeof(double) * WIDTH);
                }
            }
            """;

    @Test
    void assertEnumeratorsAndMemcpyInATimeLoopPassTheChecks() throws IOException {
        Gcc.require();
        CliRun r = RealCCheckTest.check(dir, "smooth.c", SMOOTH, "--function", "smooth", "--set", "n=13", "--set",
                "steps=3", "--extent", "u=n", "--extent", "tmp=n", "--extent", "w=3", "--range", "0.1:0.5",
                "--threads", "1,2,4", "--run");
        assertEquals(0, r.status, r.toString());
        // the time loop is checkpointed by default: each thread count also runs past the tape budget
        assertEquals(12, RealCCheckTest.passes(r), r.toString());
        assertTrue(r.out.contains("PARADJOINT_TAPE_BUDGET=1"), r.toString());
        CliRun d = CliRun.of("differentiate", dir.resolve("smooth.c").toString(), "--extent", "u=n", "--extent",
                "tmp=n", "--extent", "w=3");
        assertEquals(0, d.status, d.toString());
        String file = Files.readString(dir.resolve("smooth_b.c"));
        String adjoint = file.substring(file.indexOf("void smooth_b("));
        // the copies' adjoints: loops over the copied elements; no assert, no memcpy of adjoints
        assertTrue(adjoint.contains("tmpb[1 + pa_c] += ub[1 + pa_c];"), adjoint);
        assertFalse(adjoint.contains("assert") || adjoint.contains("memcpy"), adjoint);
    }

    /** Red-black relaxation behind a guard that stops on bad input. */
    static final String GUARDED = """
            #include <stdio.h>
            #include <stdlib.h>
            #include <math.h>

            void relax(int n, double *restrict u, const double *restrict f)
            {
                if (n < 3) {
                    fprintf(stderr, "relax: n = %d is too small\\n", n);
                    exit(EXIT_FAILURE);
                }
            #pragma ad gradient(u : u, f)
                for (int sweep = 0; sweep < 2; ++sweep) {
            #pragma omp parallel for schedule(static)
                    for (int i = 1; i < n - 1; i++) {
                        if (i % 2 != sweep % 2)
                            continue;
                        double r = f[i] - (2.0 * u[i] - u[i - 1] - u[i + 1]);
                        u[i] += 0.4 * r + 0.01 * pow(fabs(u[i]), 1.5);
                    }
                }
            }
            """;

    /**
     * {@code exit} on bad input is passive: the tangent keeps it, the adjoint does not repeat it.
     * {@code if (c) continue;} before the rest of a loop body is the branch {@code if (!c)}.
     */
    @Test
    void exitOnBadInputIsKeptByTheTangentOnly() throws IOException {
        Gcc.require();
        CliRun r = RealCCheckTest.check(dir, "relax.c", GUARDED, "--function", "relax", "--set", "n=17", "--range",
                "0.1:0.9", "--threads", "1,2,4", "--run");
        assertEquals(0, r.status, r.toString());
        assertEquals(6, RealCCheckTest.passes(r), r.toString());
        assertTrue(Files.readString(dir.resolve("relax_d.c")).contains("exit(1);"), r.toString());
        String adjoint = Files.readString(dir.resolve("relax_b.c"));
        assertFalse(adjoint.substring(adjoint.indexOf("void relax_b(")).contains("exit("), adjoint);
        // the continue is the guard it reads as, no flag: the race analysis proves the sweep's
        // iterations apart from i % 2 != sweep % 2, so only the increments that collide are atomic
        assertTrue(adjoint.contains("if (!(i % 2 != sweep % 2)) {") && !adjoint.contains("pa_continue"), adjoint);
        assertFalse(r.toString().contains("not proven race-free"), r.toString());
    }

    /**
     * A {@code continue} in the inner loop of a collapsed nest is the inner loop's own: the outer
     * loop keeps one statement, its nest stays perfect (it was refused as not perfectly nested).
     */
    @Test
    void aContinueInACollapsedNestLeavesItPerfect() throws IOException {
        CheckedAdjoint.of("lim", """
                #pragma ad gradient(out : u)
                void lim(int n, int m, const double u[n][m], double out[n][m])
                {
                #pragma omp parallel for collapse(2)
                    for (int i = 1; i < n - 1; i++)
                        for (int j = 1; j < m - 1; j++) {
                            if ((i + j) % 5 == 0)
                                continue;
                            out[i][j] = u[i][j] * u[i - 1][j];
                        }
                }
                """, "n=8", "m=7");
    }

    /** Short names for a struct's arrays ({@code double *restrict u = g->u;}) are those arrays. */
    @Test
    void localPointersNamingArraysAreTheArrays() throws IOException {
        CheckedAdjoint.of("la", """
                typedef struct { int n; double dt; double *u, *tmp; } grid_t;
                #pragma ad gradient(g->tmp : g->u)
                void la(grid_t *g)
                {
                    double *restrict u = g->u;
                    double *restrict tmp = g->tmp;
                    const int n = g->n;
                #pragma omp parallel for
                    for (int i = 1; i < n - 1; i++)
                        tmp[i] = u[i - 1] * u[i + 1] * g->dt;
                }
                """, "g->n=12");
    }

    /** Constants of the file: a floating one, an integer one, one given as an integer, one over another. */
    static final String EOS = """
            static const double GAMMA = 1.4;
            const int NG = 2;
            static const double HALF = 1 / 2.0, ONE = 1;
            static const double GM1 = GAMMA - ONE;

            #pragma ad gradient(p : rho, e)
            void eos(int n, const double *rho, const double *e, double *p)
            {
            #pragma omp parallel for
                for (int i = NG; i < n; i++)
                    p[i] = GM1 * rho[i] * e[i] + HALF * ONE / 4 * e[i] * e[i];
            }
            """;

    @Test
    void constantsOfTheFileAreTheirValuesOfTheirTypes() throws IOException {
        Gcc.require();
        CliRun r = RealCCheckTest.check(dir, "eos.c", EOS, "--function", "eos", "--set", "n=9", "--extent", "rho=n",
                "--extent", "e=n", "--extent", "p=n", "--threads", "1,2", "--run");
        assertEquals(0, r.status, r.toString());
        assertEquals(4, RealCCheckTest.passes(r), r.toString());
        CliRun d = CliRun.of("differentiate", dir.resolve("eos.c").toString(), "--extent", "rho=n", "--extent",
                "e=n", "--extent", "p=n");
        assertEquals(0, d.status, d.toString());
        String adjoint = Files.readString(dir.resolve("eos_b.c"));
        // ONE is a double: HALF * ONE / 4 divides doubles, not the integers 1 / 4
        assertTrue(adjoint.contains("for (i = 2; i < n; i++)") && adjoint.contains("(1.4 - 1.0) * e[i] * pb[i]")
                && adjoint.contains("1 / 2.0 * 1.0 / 4 * e[i]"), adjoint);
    }

    /** A state struct passed to helpers, fluxes out through pointers, a copy back of struct members. */
    static final String STATE_HEADER = """
            #ifndef STATE_H
            #define STATE_H
            #include <string.h>
            typedef struct { int n; double dt, nu; double *u, *tmp; } state_t;
            enum { GHOST = 1 };
            static const double CFL = 0.5;
            #endif
            """;

    static final String STATE = """
            #include "state.h"

            static void flux(const state_t *s, int i, double *fl, double *fr)
            {
                *fl = 0.5 * (s->u[i - 1] + s->u[i]) * (s->u[i - 1] + s->u[i]);
                *fr = 0.5 * (s->u[i] + s->u[i + 1]) * (s->u[i] + s->u[i + 1]);
            }

            static double diffusion(const state_t *s, int i)
            {
                return s->nu * (s->u[i - 1] - 2.0 * s->u[i] + s->u[i + 1]);
            }

            void advance(state_t *s, int steps, double *cost)
            {
            #pragma ad gradient(cost : s->u)
                for (int t = 0; t < steps; t++) {
            #pragma omp parallel for
                    for (int i = GHOST; i < s->n - GHOST; i++) {
                        double fl, fr;
                        flux(s, i, &fl, &fr);
                        s->tmp[i] = s->u[i] - CFL * s->dt * (fr - fl) + s->dt * diffusion(s, i);
                    }
                    memcpy(s->u + GHOST, s->tmp + GHOST, (s->n - 2 * GHOST) * sizeof(double));
                }
                double c = 0.0;
            #pragma omp parallel for reduction(+ : c)
                for (int i = 0; i < s->n; i++)
                    c += s->u[i] * s->u[i];
                cost[0] = c;
            }
            """;

    /**
     * Together, as a mini-app writes them: the checks pass at 1, 2 and 4 threads, within the tape
     * budget and past it, with no extent given (the helpers' indices size the members).
     */
    @Test
    void aStateStructThroughHelpersPointersAndACopyBackPassesTheChecks() {
        Gcc.require();
        ScratchDir.write(dir, "state.h", STATE_HEADER);
        CliRun r = RealCCheckTest.check(dir, "state.c", STATE, "--function", "advance", "--set", "s->n=15", "--set",
                "steps=3", "--range", "0.05:0.3", "--threads", "1,2,4", "--run");
        assertEquals(0, r.status, r.toString());
        assertEquals(12, RealCCheckTest.passes(r), r.toString());
    }

    @Test
    void aMemcpyOfBytesThatAreNoCountOfElementsIsAnError() {
        Path file = ScratchDir.write(dir, "bytes.c", """
                #include <string.h>
                #pragma ad gradient(u : u)
                void f(int n, double *u, double *v)
                {
                    memcpy(u, v, n);
                    u[0] = u[0] * u[0];
                }
                """);
        CliRun r = CliRun.of("differentiate", file.toString(), "--extent", "u=n", "--extent", "v=n");
        assertEquals(1, r.status, r.toString());
        assertTrue(r.err.contains("bytes.c:5:5: error: `memcpy(u, v, n)` is not read: a copy is read as"
                + " `memcpy(dst, src, count * sizeof(T))`"), r.err);
    }
}
