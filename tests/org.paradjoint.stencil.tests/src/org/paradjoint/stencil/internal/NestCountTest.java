package org.paradjoint.stencil.internal;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.stencil.tests.RandomStencils;

/**
 * The number of nests each strategy emits, on many random stencils: {@code split} at most
 * {@code prod_k (2 p_k - 1)} (p_k distinct shifts in dimension k), hence at most
 * {@code (2w + 1)^d} for the stencil width {@code w} (largest span of the shifts);
 * {@code guarded} at most {@code 1 + 2d}. The core nest comes first in both.
 */
class NestCountTest {

    @Test
    void nestCountsStayWithinTheirBounds() {
        Random rnd = new Random(42);
        StringBuilder src = new StringBuilder(RandomStencils.callees());
        int count = 300;
        for (int q = 0; q < count; q++) {
            src.append(RandomStencils.source(rnd, "s" + q)).append('\n');
        }
        ParseResult parsed = new CFrontEnd().parse("counts.c", src.toString());
        assertTrue(!parsed.hasErrors(), parsed.diagnostics()::toString);
        TranslationUnit unit = parsed.unit();
        for (int q = 0; q < count; q++) {
            Function f = unit.function("s" + q).orElseThrow();
            Diagnostics diags = new Diagnostics();
            StencilNest nest = StencilAnalyzer.analyze(unit, f, diags);
            assertNotNull(nest, diags.list()::toString);
            Geometry g = new Geometry(nest);
            long bound = 1;
            int width = 0;
            for (int k = 0; k < g.depth(); k++) {
                bound *= 2L * g.values(k).length - 1;
                width = Math.max(width, g.span(k));
            }
            long widthBound = Math.round(Math.pow(2 * width + 1, g.depth()));
            int split = new SplitPlanner(g).plan().size();
            int guarded = new GuardedPlanner(g).plan().size();
            String what = f.name() + " (d=" + g.depth() + ", w=" + width + ")";
            assertTrue(split <= bound && bound <= widthBound, what + ": " + split + " split nests, bound " + bound);
            assertTrue(guarded <= 1 + 2 * g.depth(), what + ": " + guarded + " guarded nests");
        }
    }
}
