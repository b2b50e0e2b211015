package org.paradjoint.stencil.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.ir.Function;
import org.paradjoint.stencil.GatherCheck;

/** The invariant check itself: it accepts gathers and names each way of breaking them. */
class GatherCheckTest {

    private static Function fn(String body) {
        String src = "void f(int n, double *a, double b[n][n], double *s)\n{\n    int i, j;\n" + body + "}\n";
        return new CFrontEnd().parse("g.c", src).unit().function("f").orElseThrow();
    }

    @Test
    void acceptsWritesAtTheCountersAndFixedIndices() {
        assertEquals(List.of(), GatherCheck.violations(fn("""
                    for (i = 0; i < n; i++)
                        for (j = 0; j < n; j++)
                            b[j][i] += a[i + 1];
                    for (j = 0; j < n; j++)
                        b[0][j] = 0.0;
                    a[0] = 1.0;
                """)));
    }

    @Test
    void flagsScattersCollisionsAndScalars() {
        List<String> v = GatherCheck.violations(fn("""
                    for (i = 1; i < n; i++) {
                        a[i - 1] += a[i];
                        s[0] += a[i];
                    }
                    for (i = 0; i < n; i++)
                        for (j = 0; j < n; j++)
                            b[i][i] += 1.0;
                """));
        assertEquals(3, v.size(), v::toString);
        assertTrue(v.get(0).startsWith("a[i - 1] += ...") && v.get(0).contains("not a plain loop counter"),
                v::toString);
        assertTrue(v.get(1).startsWith("s[0] += ...") && v.get(1).contains("counter 'i'"), v::toString);
        assertTrue(v.get(2).contains("two dimensions") && v.get(2).contains("counter 'j'"), v::toString);
    }
}
