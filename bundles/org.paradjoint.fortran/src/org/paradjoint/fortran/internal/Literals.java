package org.paradjoint.fortran.internal;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;

/**
 * Numeric literals. A real literal without a {@code d} exponent or kind 8 has default kind
 * (single precision): the IR gets its single-precision value, exactly what the Fortran program
 * computes with, and a warning says so when that differs from the decimal text (0.1 is
 * 0.100000001490116...). Kind suffixes may be digits or named constants ({@code 1.0_dp}).
 */
final class Literals {

    private Literals() {
    }

    static long integer(Token t, Cursor c) {
        String text = t.text();
        int u = text.indexOf('_');
        String digits = u >= 0 ? text.substring(0, u) : text;
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw c.at(t, "unsupported-literal.integer-literal-too", "digits", digits);
        }
    }

    static RealLit real(Token t, Scope scope, Reporter reporter, SourceRange range) {
        String text = t.text();
        int u = text.indexOf('_');
        String number = u >= 0 ? text.substring(0, u) : text;
        String kind = u >= 0 ? text.substring(u + 1) : null;
        boolean dExponent = number.indexOf('d') >= 0 || number.indexOf('q') >= 0;
        double v = Double.parseDouble(number.replace('d', 'e').replace('q', 'e'));
        int k = dExponent ? 8 : kind == null ? 4 : kindValue(kind, scope, t, reporter);
        if (k == 4) {
            float f = (float) v;
            if ((double) f != v) {
                reporter.warning("single-precision-literal", t.start(), t.end(), "text", text, "single", (double) f,
                        "number", number);
            }
            v = f;
        }
        return new RealLit(v, null, range);
    }

    private static int kindValue(String kind, Scope scope, Token t, Reporter reporter) {
        long k;
        if (Character.isDigit(kind.charAt(0))) {
            k = Long.parseLong(kind);
        } else if (scope.lookup(kind) instanceof Scope.Constant c && c.value() instanceof IntLit l) {
            k = l.value();
        } else {
            reporter.error("unsupported-literal.kind-literal-known", t.start(), t.end(), "kind", kind, "text",
                    t.text());
            return 8;
        }
        if (k != 4 && k != 8) {
            reporter.error("unsupported-type.real-kind-supported", t.start(), t.end(), "kind", k);
            return 8;
        }
        return (int) k;
    }

    /** The value of a named constant at the place of a reference (literals get the reference's range). */
    static Expr relocate(Expr value, SourceRange at) {
        return switch (value) {
            case IntLit l -> new IntLit(l.value(), at);
            case RealLit l -> new RealLit(l.value(), l.text(), at);
            default -> value;
        };
    }
}
