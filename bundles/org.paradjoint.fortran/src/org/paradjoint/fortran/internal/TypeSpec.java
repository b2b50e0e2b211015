package org.paradjoint.fortran.internal;

import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.fortran.FortranDiagnosticCodes;

/**
 * An intrinsic type with its kind: {@code integer}, {@code integer(8)}, {@code real},
 * {@code real(8)}, {@code real(kind=dp)}, {@code real*8}, {@code double precision},
 * {@code logical}. Default {@code real} is single precision ({@code float} in the IR);
 * {@code logical} is an integer 0/1 in the IR (it has no logical type).
 */
record TypeSpec(BaseType type, boolean logical) {

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
                    throw c.atNext(FortranDiagnosticCodes.TYPE, "expected 'precision' after 'double'");
                }
                c.next();
                return new TypeSpec(BaseType.DOUBLE, false);
            case "doubleprecision":
                return new TypeSpec(BaseType.DOUBLE, false);
            case "logical":
                kind(c, exprs, 4);
                return new TypeSpec(BaseType.INT, true);
            case "complex", "doublecomplex":
                throw c.at(t, FortranDiagnosticCodes.TYPE, "complex numbers are not supported; store the real and "
                        + "imaginary parts in two real arrays");
            case "character":
                throw c.at(t, FortranDiagnosticCodes.TYPE, "character data is not supported");
            case "type", "class":
                throw c.at(t, FortranDiagnosticCodes.TYPE, "derived types are not supported; pass the components "
                        + "as separate arguments");
            default:
                throw c.at(t, FortranDiagnosticCodes.SYNTAX_ERROR, "expected a type, found '" + t.text() + "'");
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
        throw c.at(t, FortranDiagnosticCodes.TYPE, t.text() + " kind " + k + " is not supported; use 4 or 8");
    }

    private static long kind(Cursor c, ExprParser exprs, long dflt) {
        if (c.accept("*")) {
            Token n = c.next();
            if (n.kind() != Token.Kind.INT) {
                throw c.at(n, FortranDiagnosticCodes.SYNTAX_ERROR, "expected a byte count after '*'");
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
            throw c.atNext(FortranDiagnosticCodes.TYPE, "character data is not supported");
        }
        Expr k = ConstFold.fold(exprs.parse(c));
        c.expect(")", "expected ')' after the kind");
        if (!(k instanceof IntLit l)) {
            throw c.between(c.token(open).start(), c.prevEnd(), FortranDiagnosticCodes.TYPE,
                    "the kind must be an integer constant (a literal or a named constant)");
        }
        return l.value();
    }
}
