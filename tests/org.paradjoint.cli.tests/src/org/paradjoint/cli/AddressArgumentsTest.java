package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Addresses passed to helpers, as real codes write them: results returned through pointers
 * ({@code flux(u, i, &fl, &fr)}: the address of a scalar stands for the scalar once the call is
 * inlined, core {@code CallInliner} making the callee's {@code *p} and {@code p[0]} the scalar),
 * and a row of a flat array handed to a helper ({@code &a[i * m]}, {@code out + i * m}: the
 * callee's {@code r[j]} is {@code a[i * m + j]}, which the race analysis proves per row). The
 * kernels pass the derivative checks at 1, 2 and 4 threads through {@code paradjoint check}; a
 * helper that reads a scalar's pointer beyond its first element is a located error that names the
 * helper, the pointer and the scalar.
 */
class AddressArgumentsTest {

    private final Path dir = ScratchDir.deletedAtExit("paradjoint-addresses");

    /** Two fluxes out of one helper, inside a parallel loop; the first half computed by a second helper. */
    static final String FLUXES = """
            static void half(double a, double b, double *out)
            {
                *out = 0.5 * (a + b);
            }

            static void flux(const double *u, int i, double *fl, double *fr)
            {
                half(u[i - 1], u[i], fl);
                *fl = *fl * u[i];
                fr[0] = 0.5 * (u[i] + u[i + 1]) * u[i + 1];
            }

            void burgers(int n, const double *restrict u, double *restrict un, double dt)
            {
                int i;
            #pragma ad gradient(un : u)
            #pragma omp parallel for
                for (i = 1; i < n - 1; i++) {
                    double fl, fr;
                    flux(u, i, &fl, &fr);
                    un[i] = u[i] - dt * (fr - fl);
                }
            }
            """;

    @Test
    void fluxesReturnedThroughPointersPassTheChecks() throws IOException {
        // the extents of u and un are inferred, the helpers' indices included
        String adjoint = CheckedAdjoint.of("burgers", FLUXES, "n=17");
        // the helpers are inlined: their results are the caller's locals, adjoints of their own
        assertFalse(adjoint.contains("&fl") || adjoint.contains("flux("), adjoint);
        assertTrue(adjoint.contains("double flb = 0.0;"), adjoint);
    }

    /** A running sum accumulated through a pointer in a sequential loop, and read back. */
    static final String ACCUMULATED = """
            #include <math.h>

            static void accumulate(double *acc, double v)
            {
                *acc += v * v;
            }

            #pragma ad gradient(y : x)
            void energy(int n, const double *x, double *y)
            {
                double e = 0.0;
                for (int i = 0; i < n; i++) {
                    accumulate(&e, sin(x[i]));
                    y[i] = e * x[i];
                }
            }
            """;

    @Test
    void aSumAccumulatedThroughAPointerPassesTheChecks() throws IOException {
        CheckedAdjoint.of("energy", ACCUMULATED, "n=9");
    }

    /** Rows of flat arrays handed to helpers, by {@code &a[e]} and by {@code a + e}. */
    static final String ROWS = """
            #include <math.h>

            static double row_norm(const double *r, int m)
            {
                double s = 0.0;
                for (int j = 0; j < m; j++)
                    s += r[j] * r[j];
                return sqrt(s);
            }

            static void scale_row(double *r, int m, double c)
            {
                for (int j = 0; j < m; j++)
                    r[j] *= c;
            }

            void normalise(int n, int m, double *restrict a, double *restrict out)
            {
                int i;
            #pragma ad gradient(out : a)
            #pragma omp parallel for
                for (i = 0; i < n; i++) {
                    for (int j = 0; j < m; j++)
                        out[i * m + j] = a[i * m + j];
                    scale_row(out + i * m, m, 1.0 / row_norm(&a[i * m], m));
                }
            }
            """;

    @Test
    void rowsOfFlatArraysHandedToHelpersPassTheChecksWithoutAtomics() throws IOException {
        String adjoint = CheckedAdjoint.of("normalise", ROWS, "n=5", "m=7");
        // the rows are the iterations' own: the race analysis proves it through the offsets
        assertTrue(adjoint.contains("ab[i * m + j0] += 2.0 * a[i * m + j0] * sb;"), adjoint);
        assertFalse(adjoint.contains("omp atomic"), adjoint);
    }

    /** Pointers written as sums of several terms, to a helper and to memcpy ({@code a + i * m + 1}). */
    @Test
    void pointerSumsOfSeveralTermsAreTheElementsTheyPointTo() throws IOException {
        CheckedAdjoint.of("hp", """
                static double inner(const double *r, int m)
                {
                    double s = 0.0;
                    for (int j = 0; j < m - 2; j++)
                        s += r[j] * r[j + 1];
                    return s;
                }

                #pragma ad gradient(b : a)
                void hp(int n, int m, const double *a, double *b)
                {
                #pragma omp parallel for
                    for (int i = 0; i < n; i++)
                        b[i * m] = inner(a + i * m + 1, m);
                }
                """, "n=5", "m=6");
        CheckedAdjoint.of("mp", """
                #include <string.h>
                #pragma ad gradient(a : b)
                void mp(int n, int m, double *a, const double *b)
                {
                    for (int i = 0; i < n; i++)
                        memcpy(&a[i * m + 1], b + i * m + 1, (m - 2) * sizeof(double));
                }
                """, "n=8", "m=4");
    }

    @Test
    void aHelperReadingPastTheScalarIsALocatedError() {
        Path file = ScratchDir.write(dir, "pair.c", """
                static void pair(const double *u, double *out)
                {
                    out[0] = u[0];
                    out[1] = u[1];
                }

                #pragma ad gradient(y : u)
                void f(const double *u, double *y)
                {
                    double a;
                    pair(u, &a);
                    y[0] = a;
                }
                """);
        CliRun r = CliRun.of("differentiate", file.toString(), "--extent", "u=2", "--extent", "y=1");
        assertEquals(1, r.status, r.toString());
        assertTrue(r.err.contains("pair.c:4:5: error: 'pair' reads `out` beyond its first element, but the call"
                + " passes the address of the scalar `a`"), r.err);
    }
}
