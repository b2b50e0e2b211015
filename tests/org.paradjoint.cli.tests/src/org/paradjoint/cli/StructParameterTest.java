package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Parameters that point to structs ({@code examples/realc/structs}: a header with a typedef'd
 * struct holding sizes, fields, a {@code FILE *}, a name and a nested struct; the kernel names
 * members as {@code g->m} in its annotation and body). The derivatives take the user's struct
 * and a derivative struct of the same type: a driver written against the user's header calls
 * {@code relax}, {@code relax_d} and {@code relax_b} with its own structs and checks the
 * dot-product identity and central differences, so the generated struct definition, the member
 * order of the wrappers and the flattened derivatives are all exercised; {@code check --run}
 * checks the same through its own driver.
 */
class StructParameterTest {

    /** Dot product and central differences through the wrappers, with the user's header's struct. */
    private static final String DRIVER = """
            #include <math.h>
            #include <stdio.h>
            #include <string.h>
            #include "grid.h"
            void relax(grid_t *g, double alpha);
            void relax_d(grid_t *g, grid_t *gd, double alpha);
            void relax_b(grid_t *g, grid_t *gb, double alpha);
            enum { N = 41 };
            static double u[N], c[N], w[N], ud[N], cd[N], wd[N], ub[N], cb[N], wb[N], up[N], cp[N], wp[N];
            static double wm[N], um[N], cm[N];
            static double value(int k, int salt) { return 0.5 + 0.25 * sin(0.7 * k + salt); }
            static void init(grid_t *g, double *gu, double *gc, double *gw)
            {
                memset(g, 0, sizeof *g);
                g->n = N;
                strcpy(g->name, "test");
                g->log = stderr;
                for (int k = 0; k < N; k++) {
                    gu[k] = value(k, 1);
                    gc[k] = value(k, 2);
                    gw[k] = value(k, 3);
                }
                for (int k = 0; k < NV; k++)
                    g->v[k] = value(k, 4);
                g->s = 0.3;
                g->u = gu;
                g->c = gc;
                g->w = gw;
            }
            static void zero(grid_t *d, double *du, double *dc, double *dw)
            {
                memset(d, 0, sizeof *d);
                memset(du, 0, N * sizeof *du);
                memset(dc, 0, N * sizeof *dc);
                memset(dw, 0, N * sizeof *dw);
                d->u = du;
                d->c = dc;
                d->w = dw;
            }
            int main(void)
            {
                const double alpha = 0.8, h = 1e-6;
                double vd[NV];
                grid_t g, gd, gb, gp, gm;
                /* tangent along a direction of u, v, c */
                init(&g, u, c, w);
                zero(&gd, ud, cd, wd);
                for (int k = 0; k < N; k++) {
                    ud[k] = value(k, 5) - 0.5;
                    cd[k] = value(k, 6) - 0.5;
                }
                for (int k = 0; k < NV; k++)
                    vd[k] = gd.v[k] = value(k, 7) - 0.5;
                relax_d(&g, &gd, alpha);
                /* adjoint from seeds on w and s */
                init(&g, u, c, w);
                zero(&gb, ub, cb, wb);
                for (int k = 0; k < N; k++)
                    wb[k] = value(k, 8) - 0.5;
                double sb = gb.s = 0.6;
                double yd_yb = gd.s * sb, xd_xb = 0.0;
                for (int k = 0; k < N; k++) {
                    yd_yb += wd[k] * (value(k, 8) - 0.5);
                }
                relax_b(&g, &gb, alpha);
                for (int k = 0; k < N; k++)
                    xd_xb += ud[k] * ub[k] + cd[k] * cb[k];
                for (int k = 0; k < NV; k++)
                    xd_xb += vd[k] * gb.v[k];
                double dot = fabs(yd_yb - xd_xb) / fabs(yd_yb);
                /* central differences of the primal along the same direction */
                init(&gp, up, cp, wp);
                init(&gm, um, cm, wm);
                for (int k = 0; k < N; k++) {
                    up[k] += h * ud[k];
                    um[k] -= h * ud[k];
                    cp[k] += h * cd[k];
                    cm[k] -= h * cd[k];
                }
                for (int k = 0; k < NV; k++) {
                    gp.v[k] += h * vd[k];
                    gm.v[k] -= h * vd[k];
                }
                relax(&gp, alpha);
                relax(&gm, alpha);
                double fd = fabs((gp.s - gm.s) / (2 * h) - gd.s);
                for (int k = 0; k < N; k++) {
                    double e = fabs((wp[k] - wm[k]) / (2 * h) - wd[k]);
                    fd = e > fd ? e : fd;
                }
                printf("dot %.3e fd %.3e\\n", dot, fd);
                return dot < 1e-12 && fd < 1e-6 ? 0 : 1;
            }
            """;

    private Path dir;

    @BeforeEach
    void createScratch() throws IOException {
        dir = ScratchDir.create("paradjoint-struct-parameter");
        for (String name : List.of("grid.h", "relax.c")) {
            Files.copy(Repo.examples().resolve("realc/structs").resolve(name), dir.resolve(name));
        }
    }

    @AfterEach
    void deleteScratch() {
        ScratchDir.delete(dir);
    }

    @ParameterizedTest(name = "{0} thread(s)")
    @ValueSource(ints = {1, 2, 4})
    void theDerivativesTakeTheUsersStructAndADerivativeStructOfTheSameType(int threads) throws IOException {
        Gcc.require(); // grid.h includes <stdio.h>, whose search path and macros come from gcc
        Path kernel = dir.resolve("relax.c");
        for (String mode : List.of("reverse", "tangent")) {
            CliRun d = CliRun.of("differentiate", kernel.toString(), "--mode", mode);
            assertEquals(0, d.status, d.toString());
            if (mode.equals("reverse")) {
                // diagnostics name members as the user does, not by their flattened names
                assertTrue(d.err.contains("adjoint increment gb->v[i % 4] may collide"), d.toString());
                assertTrue(!d.err.contains("g_vb"), d.toString());
            }
        }
        String adjoint = Files.readString(dir.resolve("relax_b.c"));
        assertTrue(adjoint.contains("void relax_b(grid_t *g, grid_t *gb, double alpha)"), adjoint);
        assertTrue(adjoint.contains("relax_b_members(g->n, g->u, gb->u, g->c, gb->c, g->w, gb->w, g->v, gb->v, "
                + "&g->s, &gb->s, alpha);"), adjoint);
        // every member in the user's order and layout, the unused ones included
        assertTrue(adjoint.contains("    char name[16];\n    double *u;\n    double *c;\n    double *w;\n"
                + "    double v[4];\n    double s;\n    struct _IO_FILE *log;\n    struct stats st;\n"), adjoint);
        assertTrue(adjoint.contains("dependents g->w, g->s; independents g->u, g->v, g->c."), adjoint);
        Path driver = dir.resolve("driver.c");
        Files.writeString(driver, DRIVER);
        Path exe = Gcc.link(dir, "driver", List.of(Gcc.object(dir.resolve("relax_b.c"), Gcc.STRICT),
                Gcc.object(dir.resolve("relax_d.c"), Gcc.STRICT), Gcc.object(kernel, Gcc.USER),
                Gcc.object(driver, Gcc.STRICT)));
        Processes.Result r = Gcc.run(exe, Map.of("OMP_NUM_THREADS", Integer.toString(threads)), 60);
        assertTrue(r.ok(), r.output());
    }

    @Test
    void checkRunsTheDotProductAndDifferenceTestsOnTheMembers() {
        Gcc.require();
        CliRun r = CliRun.of("check", dir.resolve("relax.c").toString(), "--function", "relax", "--run",
                "--threads", "1,2");
        assertEquals(0, r.status, r.toString());
        assertEquals(2, r.out.split("== relax: PASS", -1).length - 1, r.toString());
    }

    @Test
    void analyzeAndTheExtentOptionNameMembersAsTheCodeDoes() throws IOException {
        Gcc.require(); // grid.h includes <stdio.h>, whose search path and macros come from gcc
        Path kernel = dir.resolve("relax.c");
        CliRun a = CliRun.of("analyze", kernel.toString());
        assertEquals(0, a.status, a.toString());
        assertTrue(a.out.contains("gb->u: 4 increments, UNSAFE"), a.toString());
        assertTrue(a.out.contains("give --extent g->u=EXPR"), a.toString());
        assertTrue(!a.out.contains("g_ub"), a.toString());
        // options name members as the code does
        CliRun chosen = CliRun.of("differentiate", kernel.toString(), "--dependents", "g->w", "--independents", "g->u",
                "--extent", "g->u=g->n", "-o", "-");
        assertEquals(0, chosen.status, chosen.toString());
        assertTrue(chosen.out.contains("dependents g->w; independents g->u."), chosen.toString());
        // the derivative struct's name takes the derivative's suffix
        CliRun suffixed = CliRun.of("differentiate", kernel.toString(), "--adjoint-suffix", "adj", "-o", "-");
        assertTrue(suffixed.out.contains("void relax_adj(grid_t *g, grid_t *gadj, double alpha)"), suffixed.toString());
        assertTrue(suffixed.err.contains("increments of 'gadj->v'"), suffixed.toString());
        CliRun wrong = CliRun.of("differentiate", kernel.toString(), "--extent", "g->x=g->n", "-o", "-");
        assertEquals(64, wrong.status, wrong.toString());
        assertTrue(wrong.err.contains("'g->x' is not an array of 'relax'"), wrong.toString());
    }

    @Test
    void benchTimesThePrimalAndTheDerivativesOfAStructKernel() throws IOException {
        Gcc.require();
        Path csv = dir.resolve("relax.csv");
        CliRun r = CliRun.of("bench", dir.resolve("relax.c").toString(), "--kernel", "relax", "--sizes", "2000",
                "--size-parameter", "g->n", "--threads", "1", "--variants", "primal,adjoint,tangent", "--repetitions",
                "1", "--csv", csv.toString(), "--work-dir", dir.resolve("work").toString());
        assertEquals(0, r.status, r.toString());
        List<String> rows = Files.readAllLines(csv);
        assertEquals(4, rows.size(), rows.toString());
        for (String variant : List.of("primal", "adjoint", "tangent")) {
            assertTrue(rows.stream().anyMatch(row -> row.startsWith(variant + ",2000,")), rows.toString());
        }
    }

    @Test
    void aFunctionThatUsesNoMemberKeepsTheStructAsAnArgument() throws IOException {
        Gcc.require(); // grid.h includes <stdio.h>, whose search path and macros come from gcc
        Path file = ScratchDir.write(dir, "scale.c", """
                #include "grid.h"
                #pragma ad gradient(y : x)
                void scale(int n, const grid_t *unused, double *x, double *y)
                {
                    for (int i = 0; i < n; i++)
                        y[i] = 2.0 * x[i] * x[i];
                }
                """);
        CliRun d = CliRun.of("differentiate", file.toString());
        assertEquals(0, d.status, d.toString());
        String text = Files.readString(dir.resolve("scale_b.c"));
        assertTrue(text.contains("void scale_b(int n, const grid_t *unused, double *x, double *xb, double *y, "
                + "double *yb)\n{\n    (void) unused;\n    scale_b_members(n, x, xb, y, yb);\n}"), text);
        Gcc.object(dir.resolve("scale_b.c"), Gcc.STRICT);
        CliRun r = CliRun.of("check", file.toString(), "--function", "scale", "--run");
        assertEquals(0, r.status, r.toString());
    }

    @Test
    void unsupportedUsesOfAStructAreLocatedErrors() {
        Gcc.require(); // grid.h includes <stdio.h>, whose search path and macros come from gcc
        expectError("""
                #include "grid.h"
                void helper(grid_t *g);
                #pragma ad gradient(g->w : g->u)
                void f(grid_t *g)
                {
                    g->w[0] = g->u[0];
                    helper(g);
                }
                """, ":7:5: error: `helper(g)` passes struct parameter `g` to `helper`, which is not defined in this "
                + "file or its headers; a struct parameter can be passed on only to a function defined there");
        expectError("""
                #include "grid.h"
                static long count(const struct stats *st) { return st->calls; }
                #pragma ad gradient(g->w : g->u)
                void f(grid_t *g)
                {
                    g->w[0] = g->u[0] * count(g);
                }
                """, ":6:25: error: `count(g)` passes struct parameter `g` as argument 1 of `count`, whose parameter "
                + "there is `const struct stats *st`; a struct parameter can be passed on only where the callee takes "
                + "a pointer to the same struct (`grid_t *`)");
        expectError("""
                #include "grid.h"
                static double next(const grid_t *h) { return h->s; }
                #pragma ad gradient(g->w : g->u)
                void f(grid_t *g)
                {
                    g->w[0] = g->u[0] * next(g + 1);
                }
                """, ":6:30: error: `g + 1` uses struct parameter `g` other than through its members; use `g->m`, or "
                + "pass `g` itself as an argument to a function defined in this file or its headers");
        expectError("""
                #include "grid.h"
                static double peek(grid_t h) { return h.s; }
                #pragma ad gradient(g->w : g->u)
                void f(grid_t *g)
                {
                    g->w[0] = g->u[0] * peek(*g);
                }
                """, ":6:30: error: `*g` uses struct parameter `g` other than through its members");
        expectError("""
                #include "grid.h"
                static void bump(grid_t *h) { h->s += 1.0; }
                static void twice(grid_t *h) { bump(h); bump(h); }
                #pragma ad gradient(g->w : g->u)
                void f(const grid_t *g)
                {
                    g->w[0] = g->u[0];
                    twice(g);
                }
                """, ":2:31: error: member `h->s` is assigned in a function that `f` passes `g` on to, but `f` "
                + "declares `g` as a pointer to const");
        expectError("""
                #include "grid.h"
                static double down(const grid_t *h, int k)
                {
                    double r = h->s;
                    if (k > 0)
                        r = down(h, k - 1);
                    return r;
                }
                #pragma ad gradient(g->w : g->u)
                void f(grid_t *g)
                {
                    g->w[0] = g->u[0] * down(g, 2);
                }
                """, ":6:13: error: recursive call of 'down'");
        expectError("""
                #include "grid.h"
                #pragma ad gradient(g->w : g->u)
                void f(grid_t *g)
                {
                    g->w[0] = g->u[0] * g->name[0];
                }
                """, ":5:25: error: member `g->name` has type `char [16]`, which is not supported");
        expectError("""
                #include "grid.h"
                #pragma ad gradient(g->w : g->u)
                void f(grid_t *g, double *other)
                {
                    g->u = other;
                    g->w[0] = g->u[0];
                }
                """, ":5:5: error: pointer member `g->u` is assigned");
        expectError("""
                union U { double a; int b; };
                #pragma ad gradient(y : x)
                void f(union U *p, double *x, double *y)
                {
                    y[0] = x[0] * p->a;
                }
                """, ":3:8: error: parameter `union U *p` points to a union, which is not supported");
        expectError("""
                #include "grid.h"
                #pragma ad gradient(g->w : g->u)
                void f(grid_t g)
                {
                    g.w[0] = g.u[0];
                }
                """, ":3:8: error: struct parameter `grid_t g` is passed by value, which is not supported; "
                + "pass a pointer to it");
    }

    private void expectError(String source, String located) {
        Path file = ScratchDir.write(dir, "bad.c", source);
        CliRun r = CliRun.of("differentiate", file.toString(), "-o", "-");
        assertEquals(1, r.status, r.toString());
        assertTrue(r.err.contains(file + located), r.toString());
    }
}
