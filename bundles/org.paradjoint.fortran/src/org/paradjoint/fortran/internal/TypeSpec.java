package org.paradjoint.fortran.internal;

import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;

/**
 * An intrinsic type with its kind: {@code integer}, {@code integer(8)}, {@code real},
 * {@code real(8)}, {@code real(kind=dp)}, {@code real*8}, {@code double precision},
 * {@code logical}. Default {@code real} is single precision ({@code float} in the IR);
 * {@code logical} is an integer 0/1 in the IR (it has no logical type).
 */
record TypeSpec(BaseType type, boolean logical) {

    /** {@code type(MPI_Comm)} of {@code use mpi_f08} (see {@link MpiDeclarations}). */
    static final TypeSpec MPI_COMM = new TypeSpec(BaseType.MPI_COMM, false);

    /** Reads a type specification at the cursor; derived, character and complex types are errors. */
    static TypeSpec read(Cursor c, ExprParser exprs) {
        Token t = c.expectName("a type");
        switch (t.text()) {
            case "integer":
                return sized(c, exprs, t, BaseType.INT, BaseType.LONG);
            case "real":
                return sized(c, exprs, t, BaseType.FLOAT, BaseType.DOUBLE);
            case "double":
                if (!c.peekName("precision")) {
                    throw c.atNext("unsupported-type.expected-precision-after");
                }
                c.next();
                return new TypeSpec(BaseType.DOUBLE, false);
            case "doubleprecision":
                return new TypeSpec(BaseType.DOUBLE, false);
            case "logical":
                kind(c, exprs, 4);
                return new TypeSpec(BaseType.INT, true);
            case "complex", "doublecomplex":
                throw c.at(t, "unsupported-type.complex-numbers-are");
            case "character":
                throw c.at(t, "unsupported-type.character-data-supported");
            case "type", "class":
                throw c.at(t, "unsupported-type.derived-types-are");
            default:
                throw c.at(t, "syntax-error.expected-type-found", "text", t.text());
        }
    }

    /** {@code integer} or {@code real} ({@code t}) of kind 4 ({@code four}, the default) or 8 ({@code eight}). */
    private static TypeSpec sized(Cursor c, ExprParser exprs, Token t, BaseType four, BaseType eight) {
        long k = kind(c, exprs, 4);
        if (k == 4) {
            return new TypeSpec(four, false);
        }
        if (k == 8) {
            return new TypeSpec(eight, false);
        }
        throw c.at(t, "unsupported-type.kind-supported-use", "text", t.text(), "kind", k);
    }

    private static long kind(Cursor c, ExprParser exprs, long dflt) {
        if (c.accept("*")) {
            Token n = c.next();
            if (n.kind() != Token.Kind.INT) {
                throw c.at(n, "syntax-error.expected-byte-count");
            }
            return Long.parseLong(n.text().replaceAll("_.*", ""));
        }
        if (!c.peekIs("(")) {
            return dflt;
        }
        int open = c.pos();
        c.next();
        if (c.peekName("kind") && c.peek(1) != null && c.peek(1).isOp("=")) {
            c.next();
            c.next();
        } else if (c.peekName("len")) {
            throw c.atNext("unsupported-type.character-data-supported");
        }
        Expr k = ConstFold.fold(exprs.parse(c));
        c.expect(")", "')' after the kind");
        if (!(k instanceof IntLit l)) {
            throw c.between(c.token(open).start(), c.prevEnd(), "unsupported-type.kind-integer-constant");
        }
        return l.value();
    }
}
