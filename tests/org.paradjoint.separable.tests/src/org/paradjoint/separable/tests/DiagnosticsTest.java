package org.paradjoint.separable.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.separable.SeparableDifferentiator;
import org.paradjoint.separable.SeparableOptions;
import org.paradjoint.separable.SeparableResult;

/**
 * Every unsupported shape is a located error with a stable code and no output. Each snippet
 * marks the line that must carry the error with {@code // err}.
 */
class DiagnosticsTest {

    @Test
    void noPragma() {
        expect("no-partially-separable", """
                void f(int n, const double *x, double *y) // err
                {
                    int i;
                    double s;
                    s = 0.0;
                    for (i = 0; i < n; i++)
                        s = s + x[i] * x[i];
                    *y = s;
                }
                """);
    }

    @Test
    void missingElementalPragma() {
        expect("missing-elemental-pragma", """
                void f(int n, const double *x, double *y) // err
                {
                    int i;
                    double s, t;
                #pragma ad elemental
                    s = 0.0;
                    t = 0.0;
                    for (i = 0; i < n; i++) {
                        s = s + x[i] * x[i];
                        t = t + x[i];
                    }
                #pragma ad partially_separable(s, t)
                    *y = s + t;
                }
                """);
    }

    @Test
    void elementalNotFound() {
        // the C front-end already rejects unknown names in the pragma; another front-end might not
        String src = """
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double s;
                #pragma ad elemental
                    s = 0.0;
                    for (i = 0; i < n; i++)
                        s = s + x[i] * x[i];
                #pragma $adic_partiallyseparable, s // err
                    *y = s;
                }
                """;
        TranslationUnit unit = Sources.unit("t.c", src);
        Function f = unit.function("f").orElseThrow();
        AdPragma.PartiallySeparable old = f.pragmas().stream().filter(p -> p instanceof AdPragma.PartiallySeparable)
                .map(p -> (AdPragma.PartiallySeparable) p).findFirst().orElseThrow();
        AdPragma.PartiallySeparable wrong = new AdPragma.PartiallySeparable(List.of("s", "q"), old.range());
        List<AdPragma> pragmas = f.pragmas().stream().map(p -> p == old ? (AdPragma) wrong : p).toList();
        List<Stmt> body = f.body().stmts().stream().map(st -> st instanceof Assign a && a.pragmas().contains(old)
                ? (Stmt) new Assign(a.target(), a.op(), a.value(), a.atomic(), List.of(wrong), a.range())
                        : st).toList();
        Function g = new Function(f.name(), f.returnType(), f.params(), f.locals(), new Block(body), pragmas,
                f.isStatic(), f.comment(), f.range());
        SeparableResult r = SeparableDifferentiator.differentiate(new TranslationUnit("t.c", unit.language(),
                List.of(g)), "f", SeparableOptions.defaults());
        assertTrue(r.hasErrors());
        assertEquals("elemental-not-found", r.diagnostics().get(0).code(), r.diagnostics().toString());
        assertEquals(markedLine(src, "// err"), r.diagnostics().get(0).range().line());
        assertTrue(r.diagnostics().get(0).message().contains("'q'"), r.diagnostics().get(0).message());
    }

    @Test
    void elementalIsAParameter() {
        expect("elemental-not-local-scalar", """
                void f(int n, const double *x, double s, double *y)
                {
                    int i;
                    for (i = 0; i < n; i++)
                        s = s + x[i] * x[i];
                #pragma ad partially_separable(s) // err
                    *y = s;
                }
                """);
    }

    @Test
    void elementalPragmaOnAnUnlistedVariable() {
        expect("elemental-not-listed", """
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double s, t;
                #pragma ad elemental
                    s = 0.0;
                #pragma ad elemental // err
                    t = 0.0;
                    for (i = 0; i < n; i++)
                        s = s + x[i] * x[i] + t;
                #pragma ad partially_separable(s)
                    *y = s;
                }
                """);
    }

    @Test
    void updateThatScalesTheElemental() {
        expect("elemental-update-form", """
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double s;
                #pragma ad elemental
                    s = 1.0;
                    for (i = 0; i < n; i++)
                        s = s * x[i]; // err
                #pragma ad partially_separable(s)
                    *y = s;
                }
                """);
    }

    @Test
    void elementalReadElsewhere() {
        expect("elemental-misuse", """
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double s, t;
                #pragma ad elemental
                    s = 0.0;
                    t = 0.0;
                    for (i = 0; i < n; i++) {
                        s = s + x[i] * x[i];
                        t = t + s; // err
                    }
                #pragma ad partially_separable(s)
                    *y = s + t;
                }
                """);
    }

    @Test
    void triangularLoopNest() {
        expect("elemental-loop-bounds", """
                void f(int n, const double *x, double *y)
                {
                    int i, j;
                    double s;
                #pragma ad elemental
                    s = 0.0;
                    for (i = 0; i < n; i++)
                        for (j = 0; j < i; j++) // err
                            s = s + x[i] * x[j];
                #pragma ad partially_separable(s)
                    *y = s;
                }
                """);
    }

    @Test
    void loopBoundChangedAfterTheInitialisation() {
        expect("elemental-loop-bounds", """
                void f(int n, const double *x, double *y)
                {
                    int i, m;
                    double s;
                #pragma ad elemental
                    s = 0.0;
                    m = n / 2;
                    for (i = 0; i < m; i++) // err
                        s = s + x[i] * x[i];
                #pragma ad partially_separable(s)
                    *y = s;
                }
                """);
    }

    @Test
    void loopStepNotConstant() {
        expect("elemental-loop-step", """
                void f(int n, int k, const double *x, double *y)
                {
                    int i;
                    double s;
                #pragma ad elemental
                    s = 0.0;
                    for (i = 0; i < n; i += k) // err
                        s = s + x[i] * x[i];
                #pragma ad partially_separable(s)
                    *y = s;
                }
                """);
    }

    @Test
    void elementalInParallelLoop() {
        expect("elemental-in-parallel-loop", """
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double s;
                #pragma ad elemental
                    s = 0.0;
                #pragma omp parallel for reduction(+: s)
                    for (i = 0; i < n; i++) // err
                        s = s + x[i] * x[i];
                #pragma ad partially_separable(s)
                    *y = s;
                }
                """);
    }

    @Test
    void activeTemporaryInParallelLoop() {
        expect("active-in-parallel-loop", """
                void f(int n, const double *x, double *t, double *y)
                {
                    int i;
                    double s, u;
                #pragma ad elemental
                    s = 0.0;
                #pragma omp parallel for private(u)
                    for (i = 0; i < n; i++) { // err
                        u = x[i] * x[i];
                        t[i] = 2.0;
                    }
                    for (i = 0; i < n; i++)
                        s = s + x[i] * t[i];
                #pragma ad partially_separable(s)
                    *y = s;
                }
                """);
    }

    @Test
    void passiveParallelLoopStaysParallel() {
        String src = """
                void f(int n, const double *x, double *t, double *y)
                {
                    int i;
                    double s;
                #pragma omp parallel for
                    for (i = 0; i < n; i++)
                        t[i] = 1.0 + i;
                #pragma ad elemental
                    s = 0.0;
                    for (i = 0; i < n; i++)
                        s = s + t[i] * x[i] * x[i];
                #pragma ad partially_separable(s)
                    *y = s;
                }
                """;
        SeparableResult r = SeparableDifferentiator.differentiate(Sources.unit("t.c", src), "f",
                SeparableOptions.defaults());
        assertFalse(r.hasErrors(), r.diagnostics().toString());
        assertTrue(r.source().text().contains("#pragma omp parallel for"), r.source().text());
        assertEquals(List.of("x"), r.function("f").orElseThrow().independents());
    }

    @Test
    void combinationInsideALoop() {
        expect("combine-position", """
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double s;
                #pragma ad elemental
                    s = 0.0;
                    for (i = 0; i < n; i++) {
                        s = s + x[i] * x[i];
                #pragma ad partially_separable(s) // err
                        y[i] = s;
                    }
                }
                """);
    }

    @Test
    void combinationIntoALocal() {
        expect("combine-target", """
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double s, r;
                #pragma ad elemental
                    s = 0.0;
                    for (i = 0; i < n; i++)
                        s = s + x[i] * x[i];
                #pragma ad partially_separable(s)
                    r = 2.0 * s; // err
                    *y = r;
                }
                """);
    }

    @Test
    void resultOverwrittenAfterTheCombination() {
        expect("after-combine", """
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double s;
                #pragma ad elemental
                    s = 0.0;
                    for (i = 0; i < n; i++)
                        s = s + x[i] * x[i];
                #pragma ad partially_separable(s)
                    *y = s;
                    *y = *y + 1.0; // err
                }
                """);
    }

    /**
     * The C front-end lowers an early {@code return;} to a flag that guards the rest of the
     * function, so the combining assignment is no longer at the top level.
     */
    @Test
    void earlyReturn() {
        expect("combine-position", """
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double s;
                #pragma ad elemental
                    s = 0.0;
                    if (n <= 0)
                        return;
                    for (i = 0; i < n; i++)
                        s = s + x[i] * x[i];
                #pragma ad partially_separable(s) // err
                    *y = s;
                }
                """);
    }

    @Test
    void activeWorkArray() {
        expect("active-array", """
                void f(int n, const double *x, double *w, double *y)
                {
                    int i;
                    double s;
                #pragma ad elemental
                    s = 0.0;
                    for (i = 0; i < n; i++) {
                        w[i] = x[i] * x[i]; // err
                        s = s + w[i];
                    }
                #pragma ad partially_separable(s)
                    *y = s;
                }
                """);
    }

    @Test
    void noActiveInput() {
        expect("no-active-input", """
                void f(int n, double c, double *y)
                {
                    int i;
                    double s;
                #pragma ad elemental
                    s = 0.0;
                    for (i = 0; i < n; i++)
                        s = s + c * i;
                #pragma ad partially_separable(s) // err
                    *y = s;
                }
                """);
    }

    @Test
    void independentNotAnArray() {
        String src = """
                void f(int n, const double *x, double c, double *y)
                {
                    int i;
                    double s;
                #pragma ad elemental
                    s = 0.0;
                    for (i = 0; i < n; i++)
                        s = s + c * x[i];
                #pragma ad partially_separable(s)
                    *y = s;
                }
                """;
        SeparableResult r = SeparableDifferentiator.differentiate(Sources.unit("t.c", src), "f",
                SeparableOptions.defaults().withIndependents(List.of("c")));
        assertTrue(r.hasErrors());
        assertEquals("independent-shape", r.diagnostics().get(0).code(), r.diagnostics().toString());
    }

    @Test
    void valueDependentPatternIsAWarningAndStillGenerated() {
        String src = """
                void f(int n, const double *x, double *y)
                {
                    int i;
                    double s;
                #pragma ad elemental
                    s = 0.0;
                    for (i = 0; i < n; i++)
                        if (x[i] > 0.0)
                            s = s + x[i] * x[(i + 1) % n];
                #pragma ad partially_separable(s) // warn
                    *y = s;
                }
                """;
        SeparableResult r = SeparableDifferentiator.differentiate(Sources.unit("t.c", src), "f",
                SeparableOptions.defaults());
        assertFalse(r.hasErrors(), r.diagnostics().toString());
        Diagnostic d = r.diagnostics().get(0);
        assertEquals("pattern-not-cached", d.code());
        assertEquals(markedLine(src, "// warn"), d.range().line(), d.toString());
        assertFalse(r.function("f").orElseThrow().cacheable());
    }

    @Test
    void unknownFunction() {
        expect("no-such-function", null);
    }

    private static void expect(String code, String src) {
        SeparableResult r;
        int line = 0;
        if (src == null) {
            TranslationUnit unit = Sources.unit("t.c", "void g(void)\n{\n}\n");
            r = SeparableDifferentiator.differentiate(unit, "f", SeparableOptions.defaults());
        } else {
            line = markedLine(src, "// err");
            r = SeparableDifferentiator.differentiate(Sources.unit("t.c", src), "f", SeparableOptions.defaults());
        }
        assertTrue(r.hasErrors(), () -> "expected " + code);
        assertTrue(r.files().isEmpty(), "no output with an error");
        Diagnostic first = r.diagnostics().stream().filter(Diagnostic::isError).findFirst().orElseThrow();
        assertEquals(code, first.code(), r.diagnostics().toString());
        if (line > 0) {
            assertEquals(line, first.range().line(), first.toString());
        }
        assertFalse(first.message().isBlank());
    }

    private static int markedLine(String src, String marker) {
        String[] lines = src.split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(marker)) {
                return i + 1;
            }
        }
        throw new AssertionError("no " + marker + " line");
    }
}
