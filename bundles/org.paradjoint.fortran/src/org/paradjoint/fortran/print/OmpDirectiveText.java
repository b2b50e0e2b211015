package org.paradjoint.fortran.print;

import java.util.List;
import java.util.stream.Collectors;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Variable;

/**
 * The {@code !$omp parallel do} line of a printed loop: its clauses in a fixed order, with the
 * C reduction operators spelled as Fortran OpenMP spells them. Separate from
 * {@link FortranPrinter} because it depends only on the IR's OpenMP clauses, not on the
 * statement being printed.
 */
final class OmpDirectiveText {

    private OmpDirectiveText() {
    }

    /** The {@code !$omp parallel do} line of a loop. */
    static String of(OmpParallelFor omp) {
        StringBuilder sb = new StringBuilder("!$omp parallel do").append(omp.sharingClauses());
        for (OmpParallelFor.Reduction r : omp.reductions()) {
            if (!r.vars().isEmpty()) {
                sb.append(" reduction(").append(reductionOp(r.op(), omp.range())).append(":")
                        .append(r.vars().stream().map(Variable::name).collect(Collectors.joining(", "))).append(')');
            }
        }
        if (omp.schedule() != null && !omp.schedule().isBlank()) {
            sb.append(" schedule(").append(omp.schedule()).append(')');
        }
        if (omp.collapse() > 0) {
            sb.append(" collapse(").append(omp.collapse()).append(')');
        }
        return sb.toString();
    }

    private static String reductionOp(String op, SourceRange at) {
        return switch (op) {
            case "+", "-", "*", "max", "min" -> op;
            case "&&" -> ".and.";
            case "||" -> ".or.";
            case "&" -> "iand";
            case "|" -> "ior";
            case "^" -> "ieor";
            default -> throw new UnsupportedException("fortran-output.reduction-operator-has", at, "operator", op);
        };
    }
}
