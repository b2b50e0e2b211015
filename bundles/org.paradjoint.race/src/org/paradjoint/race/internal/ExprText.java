package org.paradjoint.race.internal;

import java.util.List;
import java.util.stream.Collectors;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;

/**
 * Expressions for messages, with minimal parentheses: array elements in their source language's
 * spelling, C's {@code xb[c[i] + 7]} or Fortran's {@code xb(c(i) + 7)} (known from the array's
 * layout, as the Fortran front-end keeps subscripts in source order); operators in C spelling.
 */
public final class ExprText {

    private ExprText() {
    }

    public static String of(Expr e) {
        return of(e, 0);
    }

    /** {@code ref} with its array renamed, e.g. the adjoint {@code xb[c[i] + 7]} of {@code x[c[i] + 7]}. */
    public static String renamed(ArrayRef ref, String arrayName) {
        return element(arrayName, ref.indices().stream().map(ExprText::of).toList(),
                ref.var().layout() == Layout.COLUMN_MAJOR);
    }

    /** {@code a[i][j]}, or {@code a(i, j)} for a Fortran (column-major) array. */
    public static String element(String array, List<String> subscripts, boolean fortran) {
        return fortran ? array + "(" + String.join(", ", subscripts) + ")"
                : array + subscripts.stream().map(x -> "[" + x + "]").collect(Collectors.joining());
    }

    private static String of(Expr e, int outer) {
        return switch (e) {
            case IntLit l -> Long.toString(l.value());
            case RealLit r -> r.text() != null ? r.text() : Double.toString(r.value());
            case VarRef v -> v.var().name();
            case ArrayRef a -> renamed(a, a.var().name());
            case Unary u -> paren(u.op().symbol + of(u.operand(), 14), 14, outer);
            case Binary b -> {
                int p = b.op().precedence;
                yield paren(of(b.left(), p) + " " + b.op().symbol + " " + of(b.right(), p + 1), p, outer);
            }
            case Call c -> c.name() + "(" + c.args().stream().map(ExprText::of).collect(Collectors.joining(", ")) + ")";
            case Cast c -> paren("(" + c.type().cName() + ") " + of(c.operand(), 14), 14, outer);
            case Cond c -> paren(of(c.cond(), 4) + " ? " + of(c.then(), 3) + " : " + of(c.otherwise(), 3), 3, outer);
        };
    }

    private static String paren(String s, int precedence, int outer) {
        return precedence < outer ? "(" + s + ")" : s;
    }
}
