package org.paradjoint.stencil.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.DiffOptions;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Differentiator;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.stencil.GatherCheck;
import org.paradjoint.stencil.StencilDifferentiator;
import org.paradjoint.stencil.StencilOptions;

/**
 * The derivatives of one function that the checks compare: the stencil adjoint with both
 * strategies ({@code f_bs}, {@code f_bg}), the core's conventional reverse mode ({@code f_bc})
 * and the core's tangent ({@code f_d}), renamed so that many fit into one C file.
 */
record Variants(Function split, Function guarded, Function conventional, Function tangent, DerivativeSignature sSplit,
        DerivativeSignature sGuarded, DerivativeSignature sConventional, DerivativeSignature sTangent) {

    static TranslationUnit parse(String file, String source) {
        ParseResult r = new CFrontEnd().parse(file, source);
        assertFalse(r.hasErrors(), () -> "front-end errors: " + r.diagnostics() + "\n" + source);
        return r.unit();
    }

    static Variants of(TranslationUnit unit, String fn) {
        DiffResult split = stencil(unit, fn, StencilOptions.Strategy.SPLIT);
        DiffResult guarded = stencil(unit, fn, StencilOptions.Strategy.GUARDED);
        DiffResult conv = Differentiator.differentiate(unit, fn, Mode.REVERSE, DiffOptions.defaults());
        assertFalse(conv.hasErrors(), () -> "conventional adjoint of " + fn + ": " + conv.diagnostics());
        DiffResult tan = Differentiator.differentiate(unit, fn, Mode.TANGENT, DiffOptions.defaults());
        assertFalse(tan.hasErrors(), () -> "tangent of " + fn + ": " + tan.diagnostics());
        return new Variants(renamed(split.function(), fn + "_bs"), renamed(guarded.function(), fn + "_bg"),
                renamed(conv.function(), fn + "_bc"), tan.function(), renamed(split.signature(), fn + "_bs"),
                renamed(guarded.signature(), fn + "_bg"), renamed(conv.signature(), fn + "_bc"), tan.signature());
    }

    /** The stencil adjoint; asserts it exists and is a pure gather (checked on the IR). */
    static DiffResult stencil(TranslationUnit unit, String fn, StencilOptions.Strategy strategy) {
        DiffResult r = StencilDifferentiator.differentiate(unit, fn, StencilOptions.defaults().withStrategy(strategy));
        assertFalse(r.hasErrors(), () -> "stencil adjoint (" + strategy + ") of " + fn + ": " + r.diagnostics());
        List<String> broken = GatherCheck.violations(r.function());
        assertTrue(broken.isEmpty(), () -> fn + " (" + strategy + ") writes outside its counters: " + broken);
        assertEquals(fn + "_b", r.function().name());
        return r;
    }

    static Function renamed(Function f, String name) {
        return new Function(name, f.returnType(), f.params(), f.locals(), f.body(), f.pragmas(), f.linkage(),
                f.comment(), f.range(), f.unusedParams(), f.returnKind());
    }

    static DerivativeSignature renamed(DerivativeSignature s, String name) {
        return new DerivativeSignature(s.primalName(), name, s.mode(), s.params());
    }
}
