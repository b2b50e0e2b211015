package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import java.util.List;

import org.paradjoint.core.diag.SourceRange;

/**
 * {@code target op value}. {@code atomic} asks the printer for an {@code omp atomic} guard
 * (only meaningful in generated adjoint code: an update for {@code +=}/{@code -=}, and
 * {@code omp atomic read} for {@code =}, which reads a shared element into a private variable).
 */
public record Assign(LValue target, Op op, Expr value, boolean atomic, List<AdPragma> pragmas, SourceRange range)
        implements Stmt {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Assign.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public enum Op {
        SET("="), ADD("+="), SUB("-="), MUL("*="), DIV("/=");

        public final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }
    }

    public Assign {
        pragmas = List.copyOf(pragmas);
    }

    public Assign(LValue target, Op op, Expr value) {
        this(target, op, value, false, List.of(), SourceRange.NONE);
    }

    public static Assign set(LValue target, Expr value) {
        return new Assign(target, Op.SET, value);
    }

    public Assign withAtomic(boolean a) {
        return new Assign(target, op, value, a, pragmas, range);
    }
}
