package org.paradjoint.stencil.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.MessageSpelling;

/**
 * Finds the annotated loop nest of a function and checks that the function holds nothing else
 * that would need differentiating: before the nest only assignments of scalars that do not read
 * the arrays of the pragma (they are repeated in the adjoint), after it at most a bare
 * {@code return}.
 */
final class NestLocator {

    /** The nest, its pragma and the statements before it. */
    record Located(For nest, AdPragma.StencilAdjoint pragma, List<Stmt> prefix) {
    }

    private NestLocator() {
    }

    static boolean isStencilNest(Stmt s) {
        return s instanceof For f && f.pragmas().stream().anyMatch(AdPragma.StencilAdjoint.class::isInstance);
    }

    static Located locate(Function fn, MessageSpelling spell, Diagnostics diags) {
        List<For> nests = new ArrayList<>();
        StmtUtil.forEach(fn.body(), s -> {
            if (isStencilNest(s)) {
                nests.add((For) s);
            }
        });
        if (nests.isEmpty()) {
            diags.error("stencil-no-pragma", fn.range(), "function", fn.name(), "annotation",
                    spell.annotation("stencil adjoint(...)"));
            return null;
        }
        for (AdPragma p : fn.pragmas()) {
            if (!(p instanceof AdPragma.StencilAdjoint) && !(p instanceof AdPragma.Disjoint)) {
                diags.error("stencil-mixed-code.this-pragma-asks", p.range(), "mixing", mixing(fn), "function",
                        fn.name());
            }
        }
        if (nests.size() > 1) {
            diags.error("stencil-mixed-code.has-several-stencil", nests.get(1).range(), "function", fn.name());
            return null;
        }
        For nest = nests.get(0);
        AdPragma.StencilAdjoint pragma = (AdPragma.StencilAdjoint) nest.pragmas().stream()
                .filter(AdPragma.StencilAdjoint.class::isInstance).findFirst().orElseThrow();
        Set<String> mapped = new java.util.HashSet<>();
        pragma.mappings().forEach(m -> mapped.add(m.array()));
        List<Stmt> top = StmtUtil.flatten(fn.body().stmts());
        int at = top.indexOf(nest);
        if (at < 0) {
            Stmt enclosing = top.stream().filter(s -> contains(s, nest)).findFirst().orElse(nest);
            diags.error("stencil-mixed-code.stencil-nest-sits", enclosing.range(), "mixing", mixing(fn));
            return null;
        }
        List<Stmt> prefix = new ArrayList<>();
        for (int k = 0; k < top.size(); k++) {
            Stmt s = top.get(k);
            if (k < at && isPassiveScalarAssignment(s, mapped)) {
                prefix.add(s);
            } else if (k > at && k == top.size() - 1 && s instanceof Return r && r.value() == null) {
                continue;
            } else if (k != at) {
                diags.error(k < at ? "stencil-mixed-code.before-nest" : "stencil-mixed-code.after-nest", s.range(),
                        "mixing", mixing(fn), "function", fn.name());
            }
        }
        return diags.hasErrors() ? null : new Located(nest, pragma, prefix);
    }

    private static String mixing(Function fn) {
        return "mixing stencil loops with other differentiated code in one function is not supported yet";
    }

    private static boolean isPassiveScalarAssignment(Stmt s, Set<String> mapped) {
        if (!(s instanceof Assign a) || !(a.target() instanceof VarRef t) || !t.var().isScalar()) {
            return false;
        }
        for (Variable v : ExprUtil.variables(a.value())) {
            if (mapped.contains(v.name())) {
                return false;
            }
        }
        for (Call c : ExprUtil.calls(a.value())) {
            if (!c.isIntrinsic()) {
                return false;
            }
        }
        return true;
    }

    private static boolean contains(Stmt outer, Stmt inner) {
        boolean[] found = new boolean[1];
        StmtUtil.forEach(outer, s -> found[0] |= s == inner);
        return found[0];
    }
}
