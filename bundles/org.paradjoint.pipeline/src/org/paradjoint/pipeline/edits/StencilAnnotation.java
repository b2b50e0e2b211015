package org.paradjoint.pipeline.edits;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * "Generate adjoint stencil for this loop": a parallel loop nest qualifies when it is a gather
 * (every assignment writes an array element indexed exactly by the loop counters, outermost
 * first) and carries no stencil pragma yet. The edit replaces the function's
 * {@code gradient} pragma by {@code #pragma ad stencil adjoint(y:yb, x:xb)} (Fortran:
 * {@code !$ad stencil adjoint(...)}) before the loop,
 * mapping the dependents and independents to their adjoint names: the adjoint-stencil
 * transformation differentiates a function of its own, so the function must have exactly one
 * differentiating pragma, on this loop or on the function.
 */
public final class StencilAnnotation {

    /** The pragma, the edit that inserts it and the loop it applies to. */
    public record Proposal(String pragma, List<SourceEdit> edits, String loop) {

        public Proposal {
            edits = List.copyOf(edits);
        }
    }

    private StencilAnnotation() {
    }

    public static Optional<Proposal> propose(ParsedSource src, int offset, String adjointSuffix) {
        Optional<Function> fn = src.functionAt(offset);
        if (fn.isEmpty()) {
            return Optional.empty();
        }
        Optional<For> loop = src.parallelLoopAt(fn.get(), offset);
        if (loop.isEmpty() || loop.get().pragmas().stream().anyMatch(p -> p instanceof AdPragma.StencilAdjoint)
                || !isGather(loop.get())) {
            return Optional.empty();
        }
        List<AdPragma.Gradient> gradients = fn.get().pragmas().stream()
                .filter(p -> p instanceof AdPragma.Gradient).map(p -> (AdPragma.Gradient) p).toList();
        boolean others = fn.get().pragmas().stream()
                .anyMatch(p -> p instanceof AdPragma.Tangent || p instanceof AdPragma.StencilAdjoint);
        if (gradients.size() != 1 || others || !gradients.get(0).range().isKnown()) {
            return Optional.empty();
        }
        AdPragma.Gradient g = gradients.get(0);
        Set<String> arrays = new LinkedHashSet<>(g.dependents());
        arrays.addAll(g.independents());
        List<String> mapping = new ArrayList<>();
        for (String a : arrays) {
            fn.get().lookup(a).filter(Variable::isArray).ifPresent(v -> mapping.add(a + ":" + a + adjointSuffix));
        }
        if (mapping.size() != arrays.size()) {
            return Optional.empty();
        }
        String pragma = src.dialect().annotation("stencil adjoint(" + String.join(", ", mapping) + ")");
        String text = src.text();
        int gradientLine = Lines.lineStart(text, g.range().offset());
        int gradientEnd = text.indexOf('\n', gradientLine);
        gradientEnd = gradientEnd < 0 ? text.length() : gradientEnd + 1;
        SourceEdit insert = Lines.insertBefore(src.dialect(), text, loop.get().range().offset(), pragma);
        List<SourceEdit> edits = new ArrayList<>();
        edits.add(new SourceEdit(gradientLine, gradientEnd - gradientLine, ""));
        edits.add(insert);
        if (gradientLine == insert.offset()) {
            edits = List.of(new SourceEdit(gradientLine, gradientEnd - gradientLine, insert.text()));
        }
        return Optional.of(new Proposal(pragma, edits, "loop over " + loop.get().counter().name()));
    }

    /**
     * A perfect nest whose innermost body only assigns array elements at the counters of the nest
     * and reads arrays only at constant offsets from the counters (or at constant indices): what
     * the adjoint-stencil transformation accepts. {@code x[c[i]]} does not qualify.
     */
    static boolean isGather(For outer) {
        List<Variable> counters = new ArrayList<>();
        Stmt s = outer;
        while (s instanceof For f) {
            counters.add(f.counter());
            List<Stmt> body = f.body().stmts();
            s = body.size() == 1 ? body.get(0) : f.body();
        }
        Stmt body = s;
        boolean[] ok = {true};
        StmtUtil.forEach(body, x -> {
            if (x instanceof For) {
                ok[0] = false;
            } else if (x instanceof Assign a) {
                ok[0] &= a.target() instanceof ArrayRef r && indexedByCounters(r, counters);
            } else if (!(x instanceof Block)) {
                ok[0] = false;
            }
        });
        StmtUtil.forEachExpr(body, e -> {
            if (e instanceof ArrayRef r) {
                ok[0] &= r.indices().stream().allMatch(i -> isCounterOffset(i, counters));
            }
        });
        return ok[0];
    }

    /** {@code i}, {@code i + 3}, {@code i - 1}, {@code 2}: a counter of the nest plus a constant, or a constant. */
    private static boolean isCounterOffset(Expr e, List<Variable> counters) {
        if (e instanceof IntLit || e instanceof VarRef v && counters.contains(v.var())) {
            return true;
        }
        return e instanceof Binary b && (b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB)
                && b.left() instanceof VarRef v && counters.contains(v.var()) && b.right() instanceof IntLit;
    }

    private static boolean indexedByCounters(ArrayRef r, List<Variable> counters) {
        if (r.indices().size() != counters.size()) {
            return false;
        }
        for (int k = 0; k < counters.size(); k++) {
            Expr e = r.indices().get(k);
            if (!(e instanceof VarRef v) || !v.var().equals(counters.get(k))) {
                return false;
            }
        }
        return true;
    }
}
