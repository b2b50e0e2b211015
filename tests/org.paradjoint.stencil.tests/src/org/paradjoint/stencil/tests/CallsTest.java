package org.paradjoint.stencil.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.Severity;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.stencil.StencilOptions;
import org.paradjoint.testsupport.Processes;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Calls in stencil bodies: a function defined in the file is inlined (its tangent becomes part
 * of the partials); a function the file does not define is uninterpreted, the adjoint calls the
 * user-supplied partials {@code g_d1, g_d2} and a warning says so. Checked numerically: with
 * hand-written {@code g, g_d1, g_d2}, the adjoint of the program that only declares {@code g}
 * equals the conventional adjoint of the same program with {@code g} defined.
 */
class CallsTest {

    private static final String NEST = """
            void f(int n, double *r, const double *u)
            {
                int i;
            #pragma ad stencil adjoint(r:rb, u:ub)
            #pragma omp parallel for private(i)
                for (i = 1; i < n - 1; i++)
                    r[i] = g(u[i - 1], u[i + 1]) * u[i] + g(g(u[i], 2.0), u[i - 1]);
            }
            """;

    private static final String DEFINED = """
            #include <math.h>
            static double g(double a, double b)
            {
                double t = sin(a);
                return t * b + a * a;
            }
            """;

    private static final String PARTIALS = """
            double g(double a, double b)
            {
                return sin(a) * b + a * a;
            }

            double g_d1(double a, double b)
            {
                return cos(a) * b + 2.0 * a;
            }

            double g_d2(double a, double b)
            {
                (void) b;
                return sin(a);
            }
            """;

    @Test
    void definedFunctionIsInlined() {
        DiffResult r = Variants.stencil(Variants.parse("defined.c", DEFINED + NEST), "f",
                StencilOptions.Strategy.SPLIT);
        assertTrue(StmtUtil.calls(r.function().body()).stream().map(Call::name).noneMatch(n -> n.startsWith("g")),
                () -> CPrinter.print(r.function()));
        assertTrue(r.diagnostics().isEmpty(), r.diagnostics()::toString);
    }

    @Test
    void undefinedFunctionCallsUserSuppliedPartials() {
        TranslationUnit declared = Variants.parse("declared.c", "double g(double a, double b);\n" + NEST);
        DiffResult split = Variants.stencil(declared, "f", StencilOptions.Strategy.SPLIT);
        DiffResult guarded = Variants.stencil(declared, "f", StencilOptions.Strategy.GUARDED);
        List<Diagnostic> warnings = split.diagnostics();
        assertEquals(1, warnings.size(), warnings::toString);
        Diagnostic w = warnings.get(0);
        assertEquals(Severity.WARNING, w.severity());
        assertEquals("stencil-uninterpreted-call", w.code());
        assertTrue(w.message().contains("g_d1") && w.message().contains("g_d2"), w::format);
        assertEquals(8, w.range().line(), w::format);
        String text = CPrinter.printFile(List.of(split.function()));
        assertTrue(text.contains("double g_d1(double, double);") && text.contains("double g(double, double);"), text);

        // reference: the same nest with g defined, differentiated conventionally
        Variants ref = Variants.of(Variants.parse("defined.c", DEFINED + NEST), "f");
        Function s = Variants.renamed(split.function(), "f_bs");
        Function g = Variants.renamed(guarded.function(), "f_bg");
        String code = CPrinter.printFile(List.of(ref.conventional(), ref.tangent())) + "\n"
                + CPrinter.printFile(List.of(s, g)) + "\n" + PARTIALS;
        Harness.Case c = new Harness.Case("f", ref.sTangent(), ref.sConventional(), List.of(
                new Harness.Variant("split", Variants.renamed(split.signature(), "f_bs")),
                new Harness.Variant("guarded", Variants.renamed(guarded.signature(), "f_bg"))), 2, 12,
                p -> "(size_t) n", Map.of());
        Path dir = ScratchDir.create("pa-stencil-calls");
        try {
            Path exe = Gcc.build(ScratchDir.write(dir, "calls.c", Harness.program(code, List.of(c))));
            for (int threads : new int[] {1, 2}) {
                Processes.Result r = Gcc.run(exe, threads);
                assertTrue(r.ok() && r.output().contains("nontrivial: 20"), r::output);
            }
        } finally {
            ScratchDir.delete(dir);
        }
        assertFalse(text.contains("g_d3"));
    }
}
