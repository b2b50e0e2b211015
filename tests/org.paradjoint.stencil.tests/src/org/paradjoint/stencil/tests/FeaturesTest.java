package org.paradjoint.stencil.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.FileResult;
import org.paradjoint.stencil.StencilOptions;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Directed cases beyond the random ones, each checked against the conventional adjoint:
 * passive scalar statements before the nest (repeated in the adjoint), a pointwise stencil (no
 * remainders at all), an input read only in a condition, a {@code +=} output summed over a
 * loop, a nest narrower than its stencil in one dimension only (the small-domain path while the
 * other dimension grows), and byte-identical output on repeated runs.
 */
class FeaturesTest {

    private static final String SOURCE = """
            #include <math.h>

            void prefix(int n, double h, double *r, const double *u)
            {
                int i, m;
                double w;
                m = n - 1;
                w = 1.0 / (h * h);
            #pragma ad stencil adjoint(r:rb, u:ub)
            #pragma omp parallel for private(i)
                for (i = 1; i < m; i++)
                    r[i] = w * (u[i - 1] - 2.0 * u[i] + u[i + 1]) + sin(u[i]);
            }

            void pointwise(int n, double *r, const double *u, const double *v)
            {
                int i;
            #pragma ad stencil adjoint(r:rb, u:ub, v:vb)
                for (i = 0; i < n; i++)
                    r[i] = u[i] * exp(v[i]);
            }

            void selector(int n, double *r, const double *u, const double *s)
            {
                int i;
            #pragma ad stencil adjoint(r:rb, u:ub, s:sb)
            #pragma omp parallel for
                for (i = 1; i < n - 1; i++)
                    r[i] = s[i] > 1.0 ? u[i - 1] : 2.0 * u[i + 1];
            }

            void aniso(int n, int m, double r[n][n], const double u[n][n])
            {
                int i, j;
            #pragma ad stencil adjoint(r:rb, u:ub)
            #pragma omp parallel for private(i, j)
                for (i = 1; i < n - 1; i++)
                    for (j = 1; j < m - 1; j++)
                        r[i][j] = u[i - 1][j + 1] * u[i + 1][j - 1] + u[i][j];
            }

            void rowsum(int n, double *r, const double u[n][n])
            {
                int i, j;
            #pragma ad stencil adjoint(r:rb, u:ub)
            #pragma omp parallel for private(i, j)
                for (i = 1; i < n - 1; i++)
                    for (j = 1; j < n - 1; j++)
                        r[i] += u[i - 1][j] * u[i][j + 1];
            }
            """;

    @Test
    void directedCasesAgreeWithTheConventionalAdjoint() {
        TranslationUnit unit = Variants.parse("features.c", SOURCE);
        List<Harness.Case> cases = new ArrayList<>();
        List<Function> core = new ArrayList<>();
        List<Function> stencil = new ArrayList<>();
        for (String name : List.of("prefix", "pointwise", "selector", "rowsum", "aniso")) {
            Variants v = Variants.of(unit, name);
            core.addAll(List.of(v.conventional(), v.tangent()));
            stencil.addAll(List.of(v.split(), v.guarded()));
            int nLo = name.equals("pointwise") ? 0 : 2;
            cases.add(new Harness.Case(name, v.sTangent(), v.sConventional(), List.of(
                    new Harness.Variant("split", v.sSplit()), new Harness.Variant("guarded", v.sGuarded())), nLo, 10,
                    p -> p.rank() == 2 ? "(size_t) n * n" : "(size_t) n + 1", Map.of("h", "0.5", "m", "3")));
        }
        Function pointwise = Variants.stencil(unit, "pointwise", StencilOptions.Strategy.SPLIT).function();
        assertFalse(CPrinter.print(pointwise).contains("if ("), () -> "no remainders: " + CPrinter.print(pointwise));
        String code = CPrinter.printFile(core) + "\n" + CPrinter.printFile(stencil);
        Path dir = ScratchDir.create("pa-stencil-features");
        try {
            Path exe = Gcc.build(ScratchDir.write(dir, "features.c", Harness.program(code, cases)));
            int nontrivial = Harness.expectedNontrivial(cases, c -> c.nHi() - c.nLo());
            for (int threads : new int[] {1, 2}) {
                Processes.Result r = Gcc.run(exe, threads);
                assertTrue(r.ok() && r.output().contains("nontrivial: " + nontrivial), r::output);
            }
        } finally {
            ScratchDir.delete(dir);
        }
    }

    /** Parsing and differentiating anew gives the same bytes (parameter order, loop order, names). */
    @RepeatedTest(3)
    void outputIsByteIdenticalOnRepeatedRuns() {
        List<String> sources = List.of(Repo.example("stencil/wave3d.c"), Repo.example("stencil/burgers1d.c"),
                Repo.example("stencil/stencil1d.c"), SOURCE, RandomStencils.callees() + RandomStencils.source(
                        new java.util.Random(7), "r7"));
        for (String src : sources) {
            for (StencilOptions.Strategy s : StencilOptions.Strategy.values()) {
                FileResult a = Generated.adjoint(Variants.parse("x.c", src), s);
                FileResult b = Generated.adjoint(Variants.parse("x.c", src), s);
                assertFalse(a.hasErrors(), a.diagnostics()::toString);
                assertEquals(a.text(), b.text());
            }
        }
    }
}
