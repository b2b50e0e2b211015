package org.paradjoint.pipeline.edits;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;

/**
 * "Assert disjoint indices" for an unsafe adjoint increment: inserts
 * {@code #pragma ad disjoint(idx)} (Fortran: {@code !$ad disjoint(idx)}) before the parallel
 * loop, where {@code idx} are the index expressions of the primal reference that read an index
 * array ({@code x[c[i]]} gives {@code c[i]}). The user thereby asserts what the primal cannot show: those values differ
 * between iterations. Indices made of loop counters alone are not offered: asserting them
 * proves nothing the analysis does not already know.
 */
public final class DisjointAssertion {

    /** The pragma, the edit that inserts it and the loop it applies to. */
    public record Proposal(String pragma, SourceEdit edit, String loop) {
    }

    private DisjointAssertion() {
    }

    /** For the primal reference that starts at {@code referenceOffset}. */
    public static Optional<Proposal> propose(ParsedSource src, int referenceOffset) {
        Optional<Function> fn = src.functionAt(referenceOffset);
        if (fn.isEmpty()) {
            return Optional.empty();
        }
        Optional<For> loop = src.parallelLoopAt(fn.get(), referenceOffset);
        Optional<ArrayRef> ref = loop.flatMap(l -> referenceAt(l, referenceOffset));
        if (ref.isEmpty()) {
            return Optional.empty();
        }
        List<Expr> indirect = ref.get().indices().stream().filter(DisjointAssertion::readsAnArray).toList();
        List<Expr> asserted = new ArrayList<>();
        loop.get().pragmas().stream().filter(p -> p instanceof AdPragma.Disjoint)
                .forEach(p -> asserted.addAll(((AdPragma.Disjoint) p).expressions()));
        List<Expr> fresh = indirect.stream().filter(e -> !asserted.contains(e)).toList();
        if (fresh.isEmpty()) {
            return Optional.empty();
        }
        String pragma = src.dialect().annotation("disjoint(" + String.join(", ", fresh.stream()
                .map(e -> spell(src, e)).toList()) + ")");
        return Optional.of(new Proposal(pragma, Lines.insertBefore(src.dialect(), src.text(),
                loop.get().range().offset(), pragma), "loop over " + loop.get().counter().name()));
    }

    private static Optional<ArrayRef> referenceAt(For loop, int offset) {
        List<ArrayRef> found = new ArrayList<>();
        StmtUtil.forEachExpr(loop.body(), x -> {
            if (x instanceof ArrayRef r && r.range().isKnown() && r.range().offset() == offset) {
                found.add(r);
            }
        });
        return found.stream().findFirst();
    }

    private static boolean readsAnArray(Expr e) {
        boolean[] found = {false};
        ExprUtil.forEach(e, x -> found[0] |= x instanceof ArrayRef);
        return found[0];
    }

    private static String spell(ParsedSource src, Expr e) {
        return e.range().isKnown() ? src.text(e.range()).strip() : src.dialect().spell(e);
    }
}
