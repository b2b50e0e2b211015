package org.paradjoint.fortran.print;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;

/** {@code !$ad} lines of the annotations of a primal printed back as source ({@link FortranPrinter#printAnnotated}). */
final class AdAnnotations {

    private AdAnnotations() {
    }

    static String line(AdPragma p, FortranExprPrinter exprs) {
        return "!$ad " + switch (p) {
            case AdPragma.Gradient g -> "gradient(" + String.join(", ", g.dependents()) + " : "
                    + String.join(", ", g.independents()) + ")";
            case AdPragma.Tangent t -> "tangent(" + String.join(", ", t.dependents()) + " : "
                    + String.join(", ", t.independents()) + ")";
            case AdPragma.StencilAdjoint s -> "stencil adjoint("
                    + s.mappings().stream().map(m -> m.array() + ":" + m.adjoint()).collect(Collectors.joining(", "))
                    + ")" + (s.strategy() == null ? "" : " strategy(" + s.strategy() + ")");
            case AdPragma.PartiallySeparable s -> "partially_separable(" + String.join(", ", s.elementals()) + ")";
            case AdPragma.Elemental e -> "elemental";
            case AdPragma.Disjoint d -> "disjoint("
                    + d.expressions().stream().map(e -> exprs.expr(e, 0)).collect(Collectors.joining(", ")) + ")";
            case AdPragma.Checkpoint c -> "checkpoint(binomial"
                    + (c.snapshots() == null ? "" : ", " + exprs.expr(c.snapshots(), 0)) + ")";
        };
    }

    /** The annotations of {@code f} that no statement carries: they go before the procedure. */
    static List<AdPragma> functionLevel(Function f) {
        List<AdPragma> rest = new ArrayList<>(f.pragmas());
        StmtUtil.forEach(f.body(), s -> {
            List<AdPragma> own = switch (s) {
                case For x -> x.pragmas();
                case Assign a -> a.pragmas();
                default -> List.of();
            };
            own.forEach(rest::remove);
        });
        return rest;
    }
}
