package org.paradjoint.stencil;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.MessageSpelling;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.DiffResult;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.stencil.internal.AdjointBuilder;
import org.paradjoint.stencil.internal.Input;
import org.paradjoint.stencil.internal.Output;
import org.paradjoint.stencil.internal.StencilAnalyzer;
import org.paradjoint.stencil.internal.StencilNest;

/**
 * Entry point of the adjoint-stencil transformation (after PerforAD): for a function whose
 * perfect loop nest carries {@code #pragma ad stencil adjoint(out:outb, in:inb, ...)}, the
 * adjoint {@code f_b} made only of gather nests that write at their loop counters, so that it
 * is as parallel as the primal and needs no atomics.
 * <p>
 * The loop body is differentiated once per active read; each partial, taken at the iteration
 * {@code x - s} for the read's shift {@code s}, contributes to the input adjoint at {@code x}.
 * The core nest covers the positions where every shift is valid; the remainder of the
 * positions some read reaches is covered by remainder nests ({@link StencilOptions.Strategy}).
 * <p>
 * Semantics, as for every {@code f_b} of DESIGN.md: on entry the output adjoints hold the seed;
 * on exit each input adjoint has been incremented by the transposed Jacobian times the seed, the
 * adjoints of overwritten outputs are zero where the primal wrote, the adjoints of {@code +=}
 * outputs are untouched. {@code f_b} does not compute the primal results.
 */
public final class StencilDifferentiator {

    private StencilDifferentiator() {
    }

    /** True when the function carries an {@code ad stencil adjoint} pragma. */
    public static boolean isStencil(Function f) {
        return f.pragmas().stream().anyMatch(AdPragma.StencilAdjoint.class::isInstance);
    }

    /** The adjoint stencil of one function of {@code unit}. */
    public static DiffResult differentiate(TranslationUnit unit, String function, StencilOptions options) {
        Diagnostics diags = new Diagnostics();
        Optional<Function> fn = unit.function(function);
        if (fn.isEmpty()) {
            diags.error("no-such-function", SourceRange.NONE, "function", function, "file", unit.file());
            return new DiffResult(null, null, diags.list());
        }
        return differentiate(unit, fn.get(), options == null ? StencilOptions.defaults() : options, diags);
    }

    private static DiffResult differentiate(TranslationUnit unit, Function primal, StencilOptions options,
            Diagnostics diags) {
        if (primal.returnType() != null) {
            diags.error("unsupported-return-value.function-returns-value", primal.range(), "primal", primal.name());
            return new DiffResult(null, null, diags.list());
        }
        MessageSpelling spell = MessageSpelling.of(unit, primal);
        checkStrategies(primal, spell, diags);
        StencilNest nest;
        try {
            nest = StencilAnalyzer.analyze(unit, primal, diags);
        } catch (UnsupportedException e) {
            diags.add(e.diagnostic());
            nest = null;
        }
        if (nest == null || diags.hasErrors()) {
            return new DiffResult(null, null, diags.list());
        }
        StencilOptions.Strategy strategy = options.strategy() != null ? options.strategy()
                : StencilOptions.Strategy.of(nest.pragma().strategy());
        String name = primal.name() + "_" + options.adjointSuffix();
        Function out = new AdjointBuilder(nest, strategy, name, comment(nest, strategy, unit.file())).build();
        warnUninterpreted(nest, out, spell, diags);
        List<String> broken = GatherCheck.violations(out, spell);
        if (!broken.isEmpty()) {
            diags.error("stencil-internal", nest.nest().range(), "primal", primal.name(), "gather", broken.get(0));
            return new DiffResult(null, signature(nest, name), diags.list());
        }
        return new DiffResult(out, signature(nest, name), diags.list());
    }

    /** A located error for each stencil pragma whose {@code strategy(...)} names no strategy. */
    private static void checkStrategies(Function primal, MessageSpelling spell, Diagnostics diags) {
        for (AdPragma p : primal.pragmas()) {
            if (p instanceof AdPragma.StencilAdjoint s && s.strategy() != null) {
                try {
                    StencilOptions.Strategy.of(s.strategy());
                } catch (IllegalArgumentException e) {
                    diags.error("stencil-strategy", s.range(), "strategy", s.strategy(), "annotation",
                            spell.annotation("stencil adjoint"), "strategies", StencilOptions.Strategy.VALUES);
                }
            }
        }
    }

    private static DerivativeSignature signature(StencilNest nest, String name) {
        List<DerivativeSignature.Param> ps = new ArrayList<>();
        for (Variable p : nest.function().params()) {
            boolean in = nest.inputs().stream().map(Input::array).anyMatch(p::equals);
            boolean outp = nest.outputs().stream().map(Output::array).anyMatch(p::equals);
            ps.add(new DerivativeSignature.Param(p, nest.adjointOf(p), in, outp));
        }
        return new DerivativeSignature(nest.function().name(), name, Mode.REVERSE, ps);
    }

    private static String comment(StencilNest nest, StencilOptions.Strategy strategy, String sourceFile) {
        String file = sourceFile == null ? "" : sourceFile.replace('\\', '/');
        file = file.substring(file.lastIndexOf('/') + 1);
        return "/* Adjoint stencil (" + strategy.name().toLowerCase(java.util.Locale.ROOT) + " remainders) of "
                + nest.function().name() + (file.isEmpty() ? "" : " in " + file) + ": dependents "
                + String.join(", ", nest.outputs().stream().map(o -> o.array().name()).toList()) + "; independents "
                + String.join(", ", nest.inputs().stream().map(i -> i.array().name()).toList()) + ". */";
    }

    /** A warning per function the file does not define, naming the partials the adjoint calls. */
    private static void warnUninterpreted(StencilNest nest, Function out, MessageSpelling spell, Diagnostics diags) {
        for (Call g : nest.uninterpreted()) {
            Set<String> partials = new LinkedHashSet<>();
            for (Call c : StmtUtil.calls(out.body())) {
                if (c.name().startsWith(g.name() + "_d") && c.name().substring(g.name().length() + 2)
                        .chars().allMatch(Character::isDigit)) {
                    partials.add(c.name());
                }
            }
            String real = spell.type(org.paradjoint.core.ir.BaseType.DOUBLE);
            String signature = spell.isFortran()
                    ? "the " + real + " function " + g.name() + "_dK of " + g.args().size() + " " + real + " argument"
                            + (g.args().size() == 1 ? "" : "s")
                    : real + " " + g.name() + "_dK(" + String.join(", ", g.args().stream().map(a -> real).toList())
                            + ")";
            diags.warning("stencil-uninterpreted-call", g.range(), "function", g.name(), "derivatives",
                    (partials.isEmpty() ? "(none needed here)" : String.join(", ",
                            partials) + " (" + signature + " returns the derivative of '"
                            + g.name() + "' in its K-th argument)"));
        }
    }
}
