package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.paradjoint.core.tests.support.Kernels;

/**
 * Tangent and adjoint of small kernels, compiled with gcc -std=c11 -Wall -Wextra -Werror -fopenmp
 * and checked numerically with 1 and 2 threads: dot-product test between tangent and adjoint
 * (1e-12 relative to the sum of absolute terms) and tangent against central differences (1e-6).
 */
@Execution(ExecutionMode.CONCURRENT)
class EndToEndTest {

    /** The tangent and adjoint files of the last check of the current test (tests run concurrently). */
    private static final ThreadLocal<String[]> LAST = new ThreadLocal<>();

    private static void show(String[] out) {
        if (System.getenv("PARADJOINT_SHOW") != null) {
            System.out.println(out[0]);
            System.out.println(out[1]);
        }
        LAST.set(out);
    }

    private static String[] out() {
        return LAST.get();
    }

    @Test
    void straightLineScalar() {
        show(Kernels.check("""
                #include <math.h>
                void f(double a, const double *x, double *y)
                {
                    double t, u;
                #pragma ad gradient(y : a, x)
                    t = a * x[0] + sin(x[1]);
                    u = t * t / x[2];
                    y[0] = exp(u) - 2.0 * t;
                    y[1] = sqrt(x[0] * x[0] + 1.0) * a;
                    y[2] = tanh(x[1]) + cosh(x[2]) + atan(x[0]) + log(x[1]) + cbrt(x[2]) + atan2(x[0], x[1]);
                    y[3] = hypot(x[0], a) + expm1(x[1]) + log1p(x[2]) + erf(x[0]) + log10(x[1]) + asin(0.5 * x[0]);
                    y[4] = acos(0.5 * x[1]) + tan(x[2]) + sinh(x[0]) + cos(a) + floor(x[0]) * x[1];
                }
                """, "f", c -> c.size("x", "3").size("y", "5")));
        assertTrue(out()[1].contains("ab[0] +="), out()[1]);
    }

    @Test
    void overwrittenScalarsInALoop() {
        show(Kernels.check("""
                #include <math.h>
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double s;
                #pragma ad gradient(y : x)
                    s = x[0];
                    for (i = 1; i < n; i++) {
                        s = 0.5 * s * s + 0.1 * sin(x[i]);
                        s *= 1.0 + 0.01 * x[i];
                        y[i] = s;
                    }
                    y[0] = s * s;
                }
                """, "f", c -> c.set("n", "9").size("x", "n").size("y", "n")));
        assertTrue(out()[1].contains("pa_push_d(pa_t, s)"), out()[1]);
    }

    @Test
    void inPlaceArrayRecurrenceUsesATemporary() {
        show(Kernels.check("""
                void f(int n, double *y, const double *x)
                {
                    int i;
                #pragma ad gradient(y : x, y)
                    for (i = 1; i < n; i++) {
                        y[i] = y[i - 1] * y[i] + x[i];
                    }
                    for (i = n - 2; i >= 0; i -= 3) {
                        y[i] = y[i] * y[i];
                    }
                }
                """, "f", c -> c.set("n", "10").size("x", "n").size("y", "n")));
        assertTrue(out()[1].contains("tempb"), out()[1]);
    }

    @Test
    void nestedLoopsWithTwoDimensionalArrays() {
        show(Kernels.check("""
                void f(int n, int m, const double (*a)[8], const double *x, double *y)
                {
                    int i, j;
                #pragma ad gradient(y : x)
                    for (i = 0; i < n; i++) {
                        y[i] = 0.0;
                        for (j = 0; j <= m - 1; j += 2) {
                            y[i] = y[i] + a[i][j] * x[j] * x[j + 1];
                        }
                    }
                }
                """, "f", c -> c.set("n", "5").set("m", "8").size("a", "n * 8").size("x", "m + 1").size("y", "n")));
    }

    @Test
    void branchesOnModifiedConditionVariables() {
        show(Kernels.check("""
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double t;
                #pragma ad gradient(y : x)
                    for (i = 0; i < n; i++) {
                        t = x[i];
                        if (t > 0.9) {
                            t = t * t;
                            y[i] = t;
                        } else if (t < 0.7) {
                            t = -t * x[(i + 1) % n];
                            y[i] = t * x[i];
                        } else {
                            y[i] = 3.0 * t;
                        }
                        if (x[i] > 1.0) {
                            y[i] = y[i] * x[i];
                        }
                    }
                }
                """, "f", c -> c.set("n", "12").size("x", "n").size("y", "n")));
        assertTrue(out()[1].contains("pa_pop_i(pa_t)"), out()[1]);
    }

    @Test
    void indirectIndexing() {
        show(Kernels.check("""
                void f(int n, const int *c, const double *x, double *y)
                {
                    int i, k;
                #pragma ad gradient(y : x)
                    for (i = 0; i < n; i++) {
                        k = c[i];
                        y[c[i]] = y[c[i]] + x[i] * x[k];
                        y[k] += x[c[(i + 1) % n]];
                    }
                }
                """, "f", c -> c.set("n", "10").size("c", "n").fill("c", "(k * 3) % 10").size("x", "n").size("y", "n")));
    }

    @Test
    void indirectParallel() {
        show(Kernels.check("""
                void indirect(int n, double *y, const double *x, const int *c)
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++)
                        y[c[i]] = x[c[i] + 7];
                }
                """, "indirect", c -> c.set("n", "16").size("c", "n").fill("c", "(k * 5) % 16").size("x", "n + 7")
                .size("y", "n")));
        assertTrue(out()[1].contains("#pragma omp atomic"), out()[1]);
    }

    @Test
    void gfmcSplitPrivateScalarsAndInnerLoop() {
        show(Kernels.check(GFMC, "gfmc_split", c -> gfmcData(c)));
        assertTrue(out()[1].contains("#pragma omp parallel for private(ig, j, idd, iud, idu, iuu)"), out()[1]);
        assertTrue(out()[1].contains("#pragma omp atomic"), out()[1]);
        assertFalse(out()[1].contains("pa_tape pa_tl"), "the recompute needs no tape: " + out()[1]);
    }

    @Test
    void gfmcFused() {
        show(Kernels.check(GFMC, "gfmc_fused", c -> gfmcData(c)));
    }

    private static void gfmcData(org.paradjoint.core.tests.support.DerivativeCheck c) {
        c.set("ng", "6").set("nj", "5").size("mss", "4 * ng").fill("mss", "(k * 7) % 24").size("flip", "ng")
                .fill("flip", "(k * 5 + 1) % 24").size("cl", "24 * 64").size("cr", "24 * 64");
    }

    static final String GFMC = """
            void gfmc_split(int ng, int nj, const int (*mss)[4], const int *flip,
                            double xee, double xem, double xmm, double xf,
                            double (*cl)[64], const double (*cr)[64])
            {
                int ig, j, idd, iud, idu, iuu, k;
            #pragma ad gradient(cl : cr)
            #pragma omp parallel for private(ig, j, idd, iud, idu, iuu)
                for (ig = 0; ig < ng; ig++) {
                    idd = mss[ig][0];
                    iud = mss[ig][1];
                    idu = mss[ig][2];
                    iuu = mss[ig][3];
                    for (j = 0; j < nj; j++) {
                        cl[idd][j] = xee * cr[idd][j] + xem * cr[iuu][j];
                        cl[iuu][j] = xee * cr[iuu][j] + xem * cr[idd][j];
                        cl[iud][j] = xmm * cr[iud][j] + xem * cr[idu][j];
                        cl[idu][j] = xmm * cr[idu][j] + xem * cr[iud][j];
                    }
                }
            #pragma ad gradient(cl : cr)
            #pragma omp parallel for private(ig, j, k)
                for (ig = 0; ig < ng; ig++) {
                    k = flip[ig];
                    for (j = 0; j < nj; j++)
                        cl[ig][j] = cl[ig][j] + xf * cr[k][j];
                }
            }

            void gfmc_fused(int ng, int nj, const int (*mss)[4], const int *flip,
                            double xee, double xem, double xmm, double xf,
                            double (*cl)[64], const double (*cr)[64])
            {
                int ig, j, idd, iud, idu, iuu, k;
            #pragma ad gradient(cl : cr)
            #pragma omp parallel for private(ig, j, idd, iud, idu, iuu, k)
                for (ig = 0; ig < ng; ig++) {
                    idd = mss[ig][0];
                    iud = mss[ig][1];
                    idu = mss[ig][2];
                    iuu = mss[ig][3];
                    k = flip[ig];
                    for (j = 0; j < nj; j++) {
                        cl[idd][j] = xee * cr[idd][j] + xem * cr[iuu][j];
                        cl[iuu][j] = xee * cr[iuu][j] + xem * cr[idd][j];
                        cl[iud][j] = xmm * cr[iud][j] + xem * cr[idu][j];
                        cl[idu][j] = xmm * cr[idu][j] + xem * cr[iud][j] + xf * cr[k][j];
                    }
                }
            }
            """;

    @Test
    void parallelReductionWithNonlinearUseAfter() {
        show(Kernels.check("""
                #include <math.h>
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double s, t;
                #pragma ad gradient(y : x)
                    s = 0.0;
                #pragma omp parallel for private(i, t) reduction(+: s)
                    for (i = 0; i < n; i++) {
                        t = x[i] * x[i];
                        s += sin(t) * x[(i + 1) % n];
                    }
                    y[0] = s * s;
                }
                """, "f", c -> c.set("n", "20").size("x", "n").size("y", "1")));
        assertTrue(out()[0].contains("reduction(+: s, sd)"), out()[0]);
        assertTrue(out()[0].contains("private(i, t, td)"), out()[0]);
    }

    @Test
    void inlinedCallees() {
        show(Kernels.check("""
                #include <math.h>
                static double sq(double v)
                {
                    return v * v;
                }

                static double val(const double *x, int n, int i)
                {
                    if (i < 0 || i >= n)
                        return 0.0;
                    return x[i] * sq(x[i]);
                }

                static void axpy(int n, double a, const double *x, double *y)
                {
                    int i;
                    for (i = 0; i < n; i++)
                        y[i] = y[i] + a * x[i];
                }

                void f(int n, double a, const double *x, double *y)
                {
                    int i;
                    double v;
                #pragma ad gradient(y : a, x)
                    for (i = 0; i < n; i++) {
                        v = val(x, n, i - 1);
                        y[i] = sq(v) + 2.0 * val(x, n, i + 1) + sq(x[i] + a);
                    }
                    axpy(n, a * a, x, y);
                }
                """, "f", c -> c.set("n", "7").size("x", "n").size("y", "n")));
    }

    @Test
    void piecewiseIntrinsicsBurgers() {
        show(Kernels.check("""
                #include <math.h>
                void burgers1d(int n, double C, double D, double *u, const double *u_1)
                {
                    int i;
                #pragma ad stencil adjoint(u:u_b, u_1:u_1_b)
                #pragma omp parallel for private(i)
                    for (i = 1; i <= n - 2; i++) {
                        u[i] = u_1[i]
                             - C * (fmax(u_1[i], 0.0) * (u_1[i] - u_1[i - 1])
                                  + fmin(u_1[i], 0.0) * (u_1[i + 1] - u_1[i]))
                             + D * (u_1[i + 1] + u_1[i - 1] - 2.0 * u_1[i]) + 0.1 * fabs(u_1[i]);
                    }
                }
                """, "burgers1d", c -> c.set("n", "30").size("u", "n").size("u_1", "n").fill("u_1",
                        "(k % 3 == 0 ? -1.0 : 1.0) * (0.3 + 0.01 * k)")));
        assertTrue(out()[1].contains("u_1_b"), out()[1]);
        assertTrue(out()[1].contains("double *u, double *u_b, const double *u_1,"), out()[1]);
        assertTrue(out()[1].contains("double *u_1_b)"), out()[1]);
    }

    @Test
    void powWithConstantAndActiveExponents() {
        show(Kernels.check("""
                #include <math.h>
                void f(const double *x, double *y)
                {
                #pragma ad gradient(y : x)
                    y[0] = pow(x[0], 2.0) + pow(x[1], 3) + pow(x[2], 0.5) + pow(x[0], 1.7);
                    y[1] = pow(x[0], x[1]) + pow(2.0, x[2]);
                }
                """, "f", c -> c.size("x", "3").size("y", "2")));
        assertTrue(out()[1].contains("2.0 * x[0]"), out()[1]);
    }

    @Test
    void compact3InPlaceUpdateInParallelLoopInsideSequentialLoop() {
        show(Kernels.check("""
                void compact3(int n, double *unew, const double *uold,
                              double wl, double wc, double wr)
                {
                    int offset, from, i;
                    for (offset = 0; offset <= 1; offset++) {
                        from = 2 + offset;
                #pragma ad gradient(unew : uold)
                #pragma omp parallel for shared(unew, uold) private(i)
                        for (i = from; i <= n - 2; i += 2) {
                            unew[i] = unew[i] + wl * uold[i - 1];
                            unew[i] = unew[i] + wc * uold[i];
                            unew[i - 1] = unew[i - 1] + wr * uold[i];
                        }
                    }
                }
                """, "compact3", c -> c.set("n", "21").size("unew", "n").size("uold", "n")));
        // the forward sweep keeps only what the reverse sweep reads (from), not the primal's loop
        assertTrue(out()[1].contains("shared(unewb, uoldb) private(i)"), out()[1]);
        String adjoint = out()[1].substring(out()[1].indexOf("void compact3_b"));
        assertEquals(1, occurrences(adjoint, "#pragma omp parallel for"), adjoint);
    }

    @Test
    void wave3dVariableLengthArrays() {
        show(Kernels.check("""
                void wave3d(int n, double D, double u[n][n][n], const double c[n][n][n],
                            const double u_1[n][n][n], const double u_2[n][n][n])
                {
                    int i, j, k;
                #pragma ad stencil adjoint(u:u_b, u_1:u_1_b, u_2:u_2_b)
                #pragma omp parallel for private(i, j, k)
                    for (i = 1; i <= n - 2; i++)
                        for (j = 1; j <= n - 2; j++)
                            for (k = 1; k <= n - 2; k++)
                                u[i][j][k] = 2.0 * u_1[i][j][k] - u_2[i][j][k]
                                    + c[i][j][k] * D * (u_1[i - 1][j][k] + u_1[i + 1][j][k]
                                                      + u_1[i][j - 1][k] + u_1[i][j + 1][k]
                                                      + u_1[i][j][k - 1] + u_1[i][j][k + 1]
                                                      - 6.0 * u_1[i][j][k]);
                }
                """, "wave3d", c -> c.set("n", "6").size("u", "n*n*n").size("c", "n*n*n").size("u_1", "n*n*n")
                .size("u_2", "n*n*n")));
        assertTrue(out()[1].contains("double u_b[n][n][n]"), out()[1]);
    }

    @Test
    void greenGaussBranchInParallelLoop() {
        show(Kernels.check("""
                void green_gauss(int ncolors, const int *color_ia, const int (*edge2nodes)[2],
                                 const double *sij, const double *dv, double *grad)
                {
                    int ic, ie, i, j;
                    double dvFace;
                    for (ic = 0; ic < ncolors; ic++) {
                #pragma ad gradient(grad : dv)
                #pragma omp parallel for private(ie, i, j, dvFace)
                        for (ie = color_ia[ic]; ie < color_ia[ic + 1]; ie++) {
                            i = edge2nodes[ie][0];
                            j = edge2nodes[ie][1];
                            if (i != j) {
                                dvFace = 0.5 * (dv[i] + dv[j]);
                                grad[i] = grad[i] + dvFace * sij[ie];
                                grad[j] = grad[j] - dvFace * sij[ie];
                            }
                        }
                    }
                }
                """, "green_gauss", c -> c.set("ncolors", "2").size("color_ia", "3").fill("color_ia", "k * 4")
                .size("edge2nodes", "16").fill("edge2nodes", "(k % 2 == 0) ? (k / 2) : ((k / 2 + 4) % 8)")
                .size("sij", "8").size("dv", "8").size("grad", "8")));
        // the adjoint needs no primal value that the loop computes: no forward sweep, one loop per colour
        String adjoint = out()[1].substring(out()[1].indexOf("void green_gauss_b"));
        assertEquals(1, occurrences(adjoint, "#pragma omp parallel for"), adjoint);
        assertFalse(adjoint.contains("grad[i] ="), adjoint);
    }

    private static int occurrences(String text, String what) {
        int n = 0;
        for (int k = text.indexOf(what); k >= 0; k = text.indexOf(what, k + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void lbmStreamAndGather() {
        show(Kernels.check("""
                void lbm_stream(int nx, int ny, const double *src, double *dst)
                {
                    int i, ncell = nx * ny;
                #pragma ad gradient(dst : src)
                #pragma omp parallel for private(i)
                    for (i = nx + 1; i < ncell - nx - 1; i++) {
                        dst[0 * ncell + i]          = src[0 * ncell + i];
                        dst[1 * ncell + i + 1]      = src[1 * ncell + i];
                        dst[4 * ncell + i - nx]     = src[4 * ncell + i];
                        dst[8 * ncell + i - nx - 1] = src[8 * ncell + i];
                    }
                }
                """, "lbm_stream", c -> c.set("nx", "5").set("ny", "4").size("src", "9 * nx * ny")
                .size("dst", "9 * nx * ny")));
        show(Kernels.check("""
                void gather3(int n, double *y, const double *x)
                {
                    int i;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i) schedule(static, 2)
                    for (i = 1; i < n - 1; i++)
                        y[i] = x[i - 1] + 2.0 * x[i] + x[i + 1];
                }
                """, "gather3", c -> c.set("n", "17").size("y", "n").size("x", "n")));
        assertTrue(out()[1].contains("schedule(static, 2)"), out()[1]);
    }

    @Test
    void collapsedNestWithDeclaredTemporaryAndNonlinearBody() {
        show(Kernels.check("""
                #include <math.h>
                void f(int n, const double *x, double *y)
                {
                    int i, j, k;
                #pragma ad gradient(y : x)
                #pragma omp parallel for private(i, j, k) collapse(2)
                    for (i = 0; i < n; i++)
                        for (j = 0; j < n; j++) {
                            double t = x[i * n + j];
                            double s = 0.0;
                            for (k = 0; k < 3; k++) {
                                s = s * t + sin(t + k);
                            }
                            y[i * n + j] = s * t;
                        }
                }
                """, "f", c -> c.set("n", "5").size("x", "n * n").size("y", "n * n")));
        assertTrue(out()[1].contains("pa_tape pa_tl[1];"), out()[1]);
    }

    @Test
    void scalarByValueIndependentThatIsOverwritten() {
        show(Kernels.check("""
                void f(int n, double a, const double *x, double *y)
                {
                    int i;
                #pragma ad gradient(y : a, x)
                    a = a * a + x[0];
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++) {
                        y[i] = a * x[i];
                    }
                }
                """, "f", c -> c.set("n", "9").size("x", "n").size("y", "n")));
    }

    @Test
    void loopShapesAndCompoundAssignments() {
        show(Kernels.check("""
                void f(int n, int m, const int *lim, const double *x, double *y)
                {
                    int i, j;
                    double t;
                #pragma ad gradient(y : x)
                    for (i = n - 1; i > 0; i--) {
                        y[i] *= x[i];
                        y[i] -= 0.5 * x[i - 1] * x[i];
                    }
                    for (i = m; i >= 1; i -= 3) {
                        y[i] /= 1.0 + x[i] * x[i];
                    }
                    for (i = 1; i < m; i += 4) {
                        for (j = lim[i]; j <= lim[i + 1]; j++) {
                            t = (double) j * x[j];
                            y[j] += j > 3 ? t * x[i] : -t;
                        }
                    }
                    for (i = 2; i <= 9; i += 3) {
                        y[i] = y[i] + (i % 2 == 0 ? x[i] : x[i] * x[i]);
                    }
                }
                """, "f", c -> c.set("n", "12").set("m", "10").size("lim", "12").fill("lim", "k / 2")
                .size("x", "n").size("y", "n")));
        assertTrue(out()[1].contains("for (i = 1 > m ? m + 3 : m - 3 * ((m - 1) / 3); i <= m; i += 3) {"), out()[1]);
        assertTrue(out()[1].contains("for (i = m - 2 < 1 ? -3 : 1 + 4 * ((m - 2 - 1) / 4); i >= 1; i -= 4) {")
                || out()[1].contains("i >= 1; i -= 4) {"), out()[1]);
    }

    @Test
    void earlyReturnAndUnusedIndependent() {
        show(Kernels.check("""
                void f(int n, const double *x, const double *z, double *y)
                {
                #pragma ad gradient(y : x, z)
                    y[0] = x[0] * x[1];
                    if (n < 3 || z[0] > 100.0)
                        return;
                    y[1] = x[1] * x[2];
                }
                """, "f", c -> c.set("n", "5").size("x", "3").size("z", "3").size("y", "2")));
        assertTrue(out()[1].contains("(void) zb;"), out()[1]);
    }

    @Test
    void workArrayThatIsNeitherDependentNorIndependent() {
        show(Kernels.check("""
                void f(int n, const double *x, double *w, double *y)
                {
                    int i;
                #pragma ad gradient(y : x)
                    for (i = 0; i < n; i++)
                        w[i] = x[i] * x[i];
                    for (i = 1; i < n; i++)
                        y[i] = w[i] * w[i - 1];
                }
                """, "f", c -> c.set("n", "8").size("x", "n").size("w", "n").size("y", "n")));
    }

    @Test
    void compact17EightyOneUpdates() {
        StringBuilder body = new StringBuilder();
        for (int r = 0; r <= 8; r++) {
            for (int q = 0; q <= 8; q++) {
                body.append("            unew[i - ").append(r).append("] = unew[i - ").append(r).append("] + w[")
                        .append(r).append("][").append(q).append("] * uold[i - ").append(q).append("];\n");
            }
        }
        show(Kernels.check("""
                void compact17(int n, double *unew, const double *uold, const double w[9][9])
                {
                    int offset, from, i;
                    for (offset = 0; offset <= 8; offset++) {
                        from = 8 + offset;
                #pragma ad gradient(unew : uold)
                #pragma omp parallel for shared(unew, uold) private(i)
                        for (i = from; i <= n - 1; i += 9) {
                """ + body + """
                        }
                    }
                }
                """, "compact17", c -> c.set("n", "40").size("unew", "n").size("uold", "n").size("w", "81")));
        assertTrue(out()[1].contains("const double w[9][9]"), out()[1]);
    }

    @Test
    void torsionWithInlinedEarlyReturnsAndOverriddenVariables() {
        show(Kernels.check("""
                static double val(const double *x, int nx, int ny, int i, int j)
                {
                    if (i < 1 || i > nx || j < 1 || j > ny)
                        return 0.0;
                    return x[(j - 1) * nx + (i - 1)];
                }

                void torsion_f(int nx, int ny, const double *x, double c, double *f)
                {
                    const double hx = 1.0 / (nx + 1), hy = 1.0 / (ny + 1);
                    const double area = 0.5 * hx * hy, p5 = 0.5, cdiv3 = c / 3.0;
                    double fquad, flin, v, vr, vt, vl, vb, dvdx, dvdy;
                    int i, j;
                    fquad = 0.0;
                    flin = 0.0;
                    for (j = 0; j <= ny; j++) {
                        for (i = 0; i <= nx; i++) {
                            v = val(x, nx, ny, i, j);
                            vr = val(x, nx, ny, i + 1, j);
                            vt = val(x, nx, ny, i, j + 1);
                            dvdx = (vr - v) / hx;
                            dvdy = (vt - v) / hy;
                            fquad = fquad + dvdx * dvdx + dvdy * dvdy;
                            flin = flin - cdiv3 * (v + vr + vt);
                        }
                    }
                    for (j = 1; j <= ny + 1; j++) {
                        for (i = 1; i <= nx + 1; i++) {
                            vb = val(x, nx, ny, i, j - 1);
                            vl = val(x, nx, ny, i - 1, j);
                            v = val(x, nx, ny, i, j);
                            dvdx = (v - vl) / hx;
                            dvdy = (v - vb) / hy;
                            fquad = fquad + dvdx * dvdx + dvdy * dvdy;
                            flin = flin - cdiv3 * (vb + vl + v);
                        }
                    }
                    *f = area * (p5 * fquad + flin);
                }
                """, "torsion_f", DiffOptions.defaults().withVariables(java.util.List.of("f"), java.util.List.of("x")),
                c -> c.set("nx", "4").set("ny", "3").size("x", "nx * ny").size("f", "1")));
    }
}
