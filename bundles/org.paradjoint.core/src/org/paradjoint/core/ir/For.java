package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import java.util.List;

import org.paradjoint.core.diag.SourceRange;

/**
 * {@code for (counter = lower; counter cmp bound; counter += step) body}. The step is an
 * expression so that the IR can represent what was written; transformations require it to be
 * a non-zero integer constant and say so otherwise. {@code omp} is non-null for an OpenMP
 * {@code parallel for}. {@code hint} (null for none) is what a generated loop tells the compiler
 * ({@link LoopHint}: {@code omp simd} where the generator knows the iterations to be independent,
 * or an unroll macro of a support header): front-ends never set it.
 */
public record For(Variable counter, Expr lower, Binary.Op cmp, Expr bound, Expr step, Block body, OmpParallelFor omp,
        List<AdPragma> pragmas, SourceRange range, LoopHint hint) implements Stmt {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), For.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public For {
        pragmas = List.copyOf(pragmas);
    }

    public For(Variable counter, Expr lower, Binary.Op cmp, Expr bound, Expr step, Block body, OmpParallelFor omp,
            List<AdPragma> pragmas, SourceRange range) {
        this(counter, lower, cmp, bound, step, body, omp, pragmas, range, null);
    }

    /** True when the generator knows the iterations to be independent ({@link LoopHint#SIMD}). */
    public boolean simd() {
        return hint instanceof LoopHint.Simd;
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

    /**
     * The loop nest over {@code counters[k]} from {@code lowers[k]} while below {@code uppers[k]},
     * step 1, around {@code body}, whose outermost loop is parallel with {@code omp} (collapsed over
     * the whole nest when it has several loops): the element-wise nests that generated code and
     * lowered kernels build.
     */
    public static For parallelNest(List<Variable> counters, List<Expr> lowers, List<Expr> uppers, Block body,
            OmpParallelFor omp, SourceRange range) {
        OmpParallelFor outer = counters.size() > 1 ? omp.withCollapse(counters.size()) : omp;
        Block inner = body;
        For loop = null;
        for (int k = counters.size() - 1; k >= 0; k--) {
            loop = new For(counters.get(k), lowers.get(k), Binary.Op.LT, uppers.get(k), new IntLit(1, range), inner,
                    k == 0 ? outer : null, List.of(), range);
            inner = new Block(List.of(loop), range);
        }
        return loop;
    }

    public For withBody(Block newBody) {
        return new For(counter, lower, cmp, bound, step, newBody, omp, pragmas, range, hint);
    }

    public For withOmp(OmpParallelFor newOmp) {
        return new For(counter, lower, cmp, bound, step, body, newOmp, pragmas, range, hint);
    }

    public For withPragmas(List<AdPragma> newPragmas) {
        return new For(counter, lower, cmp, bound, step, body, omp, newPragmas, range, hint);
    }

    public For withHint(LoopHint newHint) {
        return new For(counter, lower, cmp, bound, step, body, omp, pragmas, range, newHint);
    }
}
