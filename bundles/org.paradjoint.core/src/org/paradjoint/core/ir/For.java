package org.paradjoint.core.ir;

import java.util.List;

import org.paradjoint.core.diag.SourceRange;

/**
 * {@code for (counter = lower; counter cmp bound; counter += step) body}. The step is an
 * expression so that the IR can represent what was written; transformations require it to be
 * a non-zero integer constant and say so otherwise. {@code omp} is non-null for an OpenMP
 * {@code parallel for}.
 */
public record For(Variable counter, Expr lower, Binary.Op cmp, Expr bound, Expr step, Block body, OmpParallelFor omp,
        List<AdPragma> pragmas, SourceRange range) implements Stmt {

    public For {
        pragmas = List.copyOf(pragmas);
    }

    public boolean isParallel() {
        return omp != null;
    }

    /** The step as a constant, or null when it is not an integer literal (possibly negated). */
    public Long constantStep() {
        if (step instanceof IntLit l) {
            return l.value();
        }
        if (step instanceof Unary u && u.op() == Unary.Op.NEG && u.operand() instanceof IntLit l) {
            return -l.value();
        }
        return null;
    }

    public For withBody(Block newBody) {
        return new For(counter, lower, cmp, bound, step, newBody, omp, pragmas, range);
    }

    public For withOmp(OmpParallelFor newOmp) {
        return new For(counter, lower, cmp, bound, step, body, newOmp, pragmas, range);
    }

    public For withPragmas(List<AdPragma> newPragmas) {
        return new For(counter, lower, cmp, bound, step, body, omp, newPragmas, range);
    }
}
