package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.paradjoint.core.frontend.Increments;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Stmt;

/**
 * The statements of a block that OpenMP runs one thread at a time in a parallel loop ({@code
 * !$omp critical}, a lock's section, {@code !$omp ordered}), read as increments {@code x = x + e}
 * made atomic: for increments no thread can observe in which order the others added, so the
 * atomic update is the same program. Every other statement is reported with {@code problem} and
 * left out.
 */
final class ProtectedIncrements {

    private ProtectedIncrements() {
    }

    /** True when every statement of {@code body} is an increment {@link #of} reads. */
    static boolean allIncrements(List<Stmt> body) {
        return body.stream().allMatch(s -> s instanceof Assign a && !a.atomic() && a.op() == Assign.Op.SET
                && Increments.atomicIncrement(a) != null);
    }

    /** {@code arguments} are the problem's own; {@code code} (the statement's text) is added. */
    static List<Stmt> of(List<Stmt> body, Reporter reporter, SourceText src, String problem, Object... arguments) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : body) {
            Assign inc = s instanceof Assign a && !a.atomic() && a.op() == Assign.Op.SET
                    ? Increments.atomicIncrement(a) : null;
            if (inc == null) {
                Object[] args = Arrays.copyOf(arguments, arguments.length + 2);
                args[arguments.length] = "code";
                args[arguments.length + 1] = src.excerpt(s.range().offset(), s.range().offset() + s.range().length());
                reporter.error(problem, s.range(), args);
                continue;
            }
            out.add(inc);
        }
        return out;
    }
}
