package org.paradjoint.cdt.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;

/**
 * {@code parseFor}: a differentiation maps only the functions it can reach (annotated, named, and
 * what they call), yet every syntax error of the file is reported and every definition listed.
 */
class NeededFunctionsTest {

    private static final String FILE = """
            static double square(double v)
            {
                return v * v;
            }

            static double twice(double v)
            {
                return 2.0 * square(v);
            }

            #pragma ad gradient(y : x)
            void annotated(int n, double *y, const double *x)
            {
                for (int i = 0; i < n; i++) {
                    y[i] = twice(x[i]);
                }
            }

            void unrelated(int n, double *y)
            {
                double *p = y + 1;
                p[0] = n;
            }

            void named(double *y, const double *x)
            {
                y[0] = x[0];
            }
            """;

    private static List<String> mapped(ParseResult r) {
        return r.unit().functions().stream().map(Function::name).toList();
    }

    @Test
    void everyFunctionIsMappedAndCheckedByParse() {
        ParseResult r = Sources.parse(FILE);
        assertEquals(List.of("square", "twice", "annotated", "named"), mapped(r));
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.code().equals("unsupported-local-pointer")),
                r.diagnostics()::toString);
    }

    @Test
    void differentiationMapsTheAnnotatedFunctionAndWhatItCallsTransitively() {
        ParseResult r = Sources.FRONT_END.parseFor("t.c", FILE, Set.of());
        assertFalse(r.hasErrors(), r.diagnostics()::toString);
        assertEquals(List.of("square", "twice", "annotated"), mapped(r));
        assertEquals(List.of("square", "twice", "annotated", "unrelated", "named"),
                r.unit().definitions().stream().map(TranslationUnit.Definition::name).toList());
    }

    @Test
    void aNamedFunctionIsMappedToo() {
        ParseResult r = Sources.FRONT_END.parseFor("t.c", FILE, Set.of("named"));
        assertEquals(List.of("square", "twice", "annotated", "named"), mapped(r));
    }

    @Test
    void aNamedFunctionWithUnsupportedCodeIsStillAnError() {
        ParseResult r = Sources.FRONT_END.parseFor("t.c", FILE, Set.of("unrelated"));
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.code().equals("unsupported-local-pointer")),
                r.diagnostics()::toString);
    }

    @Test
    void aSyntaxErrorInAnUnneededFunctionIsStillReported() {
        String src = FILE + """

                void broken(double *y)
                {
                    y[0] = = 1.0;
                }
                """;
        ParseResult r = Sources.FRONT_END.parseFor("t.c", src, Set.of());
        assertTrue(r.hasErrors());
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.code().equals("syntax-error")),
                r.diagnostics()::toString);
    }

    @Test
    void aDanglingPragmaIsStillReported() {
        ParseResult r = Sources.FRONT_END.parseFor("t.c", FILE + "\n#pragma ad gradient(y : x)\n", Set.of());
        assertTrue(r.diagnostics().stream().anyMatch(d -> d.code().equals("dangling-pragma")),
                r.diagnostics()::toString);
    }

    @Test
    void pragmasArePlacedInTheirOwnFunctionsAmongMany() {
        StringBuilder src = new StringBuilder("double global;\n");
        for (int k = 0; k < 50; k++) {
            if (k % 10 == 0) {
                src.append("#pragma ad gradient(y : x)\n");
            }
            src.append("void k").append(k).append("(int n, double *y, const double *x)\n{\n#pragma omp parallel for\n")
                    .append("    for (int i = 0; i < n; i++) {\n        y[i] = ").append(k).append(".0 * x[i];\n")
                    .append("    }\n}\n");
        }
        ParseResult full = Sources.parse(src.toString());
        assertFalse(full.hasErrors(), full.diagnostics()::toString);
        ParseResult needed = Sources.FRONT_END.parseFor("t.c", src.toString(), Set.of());
        assertEquals(List.of("k0", "k10", "k20", "k30", "k40"), mapped(needed));
        for (Function f : needed.unit().functions()) {
            assertEquals(full.unit().function(f.name()).orElseThrow(), f);
            assertEquals(1, f.pragmas().size(), f::toString);
        }
    }
}
