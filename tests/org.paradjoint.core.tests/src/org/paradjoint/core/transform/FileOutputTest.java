package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.tests.support.Gcc;
import org.paradjoint.core.tests.support.TinyC;
import org.paradjoint.pipeline.DerivativeFiles;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.ReductionLengths;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/** Whole generated files: names, comments, signatures, includes, the guarded runtime. */
class FileOutputTest {

    private static final String SRC = """
            #include <math.h>
            static double sq(double v)
            {
                return v * v;
            }

            void g(int n, const double *x, double *y)
            {
                int i;
                double t;
            #pragma ad gradient(y : x)
                for (i = 0; i < n; i++) {
                    t = sq(x[i]);
                    y[i] = sin(t) * t;
                }
            }

            void h(int n, double a, const double *x, double *z)
            {
                int i;
            #pragma ad tangent(z : x)
                for (i = 0; i < n; i++)
                    z[i] = a * x[i];
            }

            void passive(int n, double *x)
            {
                int i;
                for (i = 0; i < n; i++)
                    x[i] = 0.0;
            }
            """;

    /** The file of every annotated function through the pipeline; the adjoint is the all-atomic baseline. */
    private static FileResult file(TranslationUnit u, Mode mode) {
        return DerivativeFiles.derivatives(u, mode, GenerationSettings.allAtomic(), ReductionLengths.none());
    }

    @Test
    void derivativesOfAFilePrintOneFileWithEveryAnnotatedFunction() {
        TranslationUnit u = TinyC.parse("src/kern.c", SRC);
        FileResult r = file(u, Mode.REVERSE);
        assertFalse(r.hasErrors(), r.diagnostics()::toString);
        assertEquals("src/kern_b.c", r.fileName());
        assertEquals(List.of("g_b", "h_b"), r.functions().stream().map(f -> f.name()).toList());
        assertEquals(List.of("g", "h"), r.signatures().stream().map(DerivativeSignature::primalName).toList());
        String text = r.text();
        assertTrue(text.startsWith("#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n"), text);
        assertEquals(1, count(text, "#ifndef PARADJOINT_RUNTIME_H"), text);
        assertTrue(text.contains("/* Adjoint (reverse mode) of g in kern.c: dependents y; independents x. */\n"
                + "void g_b(int n, const double *x, double *xb, double *y, double *yb)\n"), text);
        assertTrue(text.contains("/* Adjoint (reverse mode) of h in kern.c: dependents z; independents x. */\n"
                + "void h_b(int n, double a, const double *x, double *xb, double *z, double *zb)\n"), text);
        assertEquals(2, count(text, "/* Adjoint"), "exactly one comment per function: " + text);
        assertFalse(text.contains("sq("), "callees are inlined: " + text);
        assertFalse(text.contains("passive"), text);
        Gcc.assertCompiles("kern_b.c", text);

        DerivativeSignature g = r.signatures().get(0);
        assertEquals("g_b", g.derivedName());
        assertEquals(Mode.REVERSE, g.mode());
        assertFalse(g.params().get(0).isActive());
        assertTrue(g.params().get(1).independent());
        assertEquals("xb", g.params().get(1).derivative().name());
        assertFalse(g.params().get(1).derivative().isConst(), "adjoints are never const");
        assertTrue(g.params().get(2).dependent());
    }

    @Test
    void tangentFileAndNames() {
        TranslationUnit u = TinyC.parse("kern.c", SRC);
        FileResult r = file(u, Mode.TANGENT);
        assertFalse(r.hasErrors(), r.diagnostics()::toString);
        assertEquals("kern_d.c", r.fileName());
        assertTrue(r.text().contains("/* Tangent (forward mode) of h in kern.c: dependents z; independents x. */\n"
                + "void h_d(int n, double a, const double *x, const double *xd, double *z, double *zd)\n"), r.text());
        assertFalse(r.text().contains("pa_tape"), "no runtime in tangent files");
        Gcc.assertCompiles("kern_d.c", r.text());
    }

    @Test
    void customSuffixes() {
        TranslationUnit u = TinyC.parse("kern.c", SRC);
        DiffResult r = Differentiator.differentiate(u, "g", Mode.REVERSE,
                DiffOptions.defaults().withSuffixes("dot", "bar"));
        assertEquals("g_bar", r.function().name());
        assertEquals("xbar", r.signature().params().get(1).derivative().name());
        assertEquals("kern_bar.c", Differentiator.outputFileName("kern.c", Mode.REVERSE,
                DiffOptions.defaults().withSuffixes("dot", "bar")));
    }

    @Test
    void anyErrorMeansNoText() {
        TranslationUnit u = TinyC.parse("kern.c", SRC + """

                void bad(const double *x, double *y)
                {
                #pragma ad gradient(y : x)
                    y[0] = unknown(x[0]);
                }
                """);
        FileResult r = file(u, Mode.REVERSE);
        assertNull(r.text());
        assertTrue(r.hasErrors());
        assertEquals("unknown-function", r.diagnostics().get(0).code());
    }

    @Test
    void twoGeneratedFilesIncludeIntoOneDriver() {
        TranslationUnit u1 = TinyC.parse("a.c", SRC);
        TranslationUnit u2 = TinyC.parse("b.c", """
                void k(int n, double *y, const double *x)
                {
                    int i;
                #pragma ad gradient(y : x)
                    for (i = 1; i < n; i++)
                        y[i] = y[i - 1] * x[i];
                }
                """);
        String a = file(u1, Mode.REVERSE).text();
        String b = file(u2, Mode.REVERSE).text();
        Path dir = ScratchDir.deletedAtExit("pa-two");
        ScratchDir.write(dir, "a_b.c", a);
        ScratchDir.write(dir, "b_b.c", b);
        Path main = ScratchDir.write(dir, "main.c", """
                #include "a_b.c"
                #include "b_b.c"
                int main(void)
                {
                    double x[3] = {1.0, 2.0, 3.0}, xb[3] = {0.0, 0.0, 0.0}, y[3] = {1.0, 1.0, 1.0};
                    double yb[3] = {1.0, 1.0, 1.0};
                    k_b(3, y, yb, x, xb);
                    g_b(3, x, xb, y, yb);
                    return 0;
                }
                """);
        Processes.Result r = Gcc.run(Gcc.build(dir, "two", List.of(main)), java.util.Map.of(), 20);
        assertTrue(r.ok(), r.output());
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int k = text.indexOf(what); k >= 0; k = text.indexOf(what, k + 1)) {
            n++;
        }
        return n;
    }
}
