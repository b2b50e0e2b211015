package org.paradjoint.fortran.print;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.TextOperand;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.transform.Runtime;

/**
 * IR expressions as Fortran 2008, with C's meaning kept: parentheses by Fortran precedence (a
 * sign binds like binary minus and never follows another operator), {@code logical} where
 * Fortran needs it ({@code x /= 0} for an integer condition, {@code merge(1, 0, c)} for a
 * truth value used as a number), C intrinsics under their Fortran names with arguments
 * converted to the kind C would pass ({@code fmax(a, b)} is {@code max(a, b)} on real(8)),
 * {@code pow(x, 2.0)} as {@code x**2}, {@code c ? a : b} as {@code merge(a, b, c)}, and
 * every real literal with a {@code d} exponent (double precision).
 */
final class FortranExprPrinter {

    static final int EQV = 1;
    static final int OR = 2;
    static final int AND = 3;
    static final int NOT = 4;
    static final int REL = 5;
    static final int ADD = 6;
    static final int MUL = 7;
    static final int POW = 8;
    static final int PRIMARY = 9;

    /** Printed text and the precedence level of its outermost operator. */
    private record P(String text, int prec) {
    }

    /** C math functions with the same name in Fortran (generic on the argument kind). */
    private static final Set<String> SAME = Set.of("sqrt", "exp", "log", "log10", "sin", "cos", "tan", "asin",
            "acos", "atan", "sinh", "cosh", "tanh", "erf", "erfc", "atan2", "hypot");
    private static final Map<String, String> RENAMED = Map.of("fabs", "abs", "fmax", "max", "fmin", "min", "fmod",
            "mod", "trunc", "aint", "round", "anint");
    private static final Set<String> SPECIAL = Set.of("pow", "floor", "ceil", "expm1", "log1p", "log2", "cbrt");

    private final Map<String, BaseType> functionTypes;

    /** Whether the procedure being printed uses {@code mpi_f08} (see {@link FortranMpi}). */
    boolean mpiF08;

    FortranExprPrinter(Map<String, BaseType> functionTypes) {
        this.functionTypes = functionTypes;
    }

    // ---- contexts -----------------------------------------------------------------------------

    /** {@code e} where a value of its own type is wanted, at precedence {@code min}. */
    String expr(Expr e, int min) {
        P p = raw(e);
        return p.prec() < min ? "(" + p.text() + ")" : p.text();
    }

    /** {@code e} as a number (a logical becomes 0 or 1). */
    String numeric(Expr e, int min) {
        if (type(e) == FType.LOGICAL) {
            return "merge(1, 0, " + expr(e, 0) + ")";
        }
        return expr(e, min);
    }

    /** {@code e} as a logical (a number is true when non-zero, as in C). */
    String logical(Expr e, int min) {
        if (type(e) == FType.LOGICAL) {
            return expr(e, min);
        }
        String s = numeric(e, ADD) + " /= 0";
        return REL < min ? "(" + s + ")" : s;
    }

    /** {@code e} converted to {@code target} as C converts on assignment or argument passing. */
    String converted(Expr e, FType target, int min) {
        FType t = type(e);
        if (t == target || target == FType.LOGICAL) {
            return target == FType.LOGICAL ? logical(e, min) : expr(e, min);
        }
        if (t == FType.LOGICAL && target == FType.INT) {
            return numeric(e, min);
        }
        if (e instanceof IntLit l && target == FType.DOUBLE) {
            return literal(new RealLit(l.value()), min);
        }
        String inner = numeric(e, 0);
        return switch (target) {
            case DOUBLE -> "real(" + inner + ", 8)";
            case FLOAT -> "real(" + inner + ", 4)";
            case INT -> "int(" + inner + ")";
            case LONG -> "int(" + inner + ", 8)";
            case LOGICAL -> throw new IllegalStateException();
        };
    }

    private static String literal(RealLit l, int min) {
        String s = real(l.value());
        return s.startsWith("-") && ADD < min ? "(" + s + ")" : s;
    }

    // ---- types --------------------------------------------------------------------------------

    FType type(Expr e) {
        return switch (e) {
            case IntLit l -> fitsInt(l.value()) ? FType.INT : FType.LONG;
            case RealLit l -> FType.DOUBLE;
            case VarRef r -> r.var().type() == BaseType.TAPE ? FType.INT : FType.of(r.var().type());
            case ArrayRef r -> FType.of(r.var().type());
            case Unary u -> u.op() == Unary.Op.NOT ? FType.LOGICAL : numericType(u.operand());
            case Binary b -> b.op().isBoolean() ? FType.LOGICAL : FType.join(numericType(b.left()),
                    numericType(b.right()));
            case Call c -> callType(c);
            case Cond c -> type(c.then()) == FType.LOGICAL && type(c.otherwise()) == FType.LOGICAL ? FType.LOGICAL
                    : FType.join(numericType(c.then()), numericType(c.otherwise()));
            case Cast c -> FType.of(c.type());
            case TextOperand t -> FType.INT; // an MPI constant (MPI_PROC_NULL, a handle only an MPI call takes)
        };
    }

    private FType numericType(Expr e) {
        FType t = type(e);
        return t == FType.LOGICAL ? FType.INT : t;
    }

    private FType callType(Call c) {
        String n = c.name();
        if (c.isMpi()) {
            return FType.INT; // a rank or a size; MPI routines are statements
        }
        if (n.equals(Runtime.POP_D)) {
            return FType.DOUBLE;
        }
        if (n.equals(Runtime.POP_I)) {
            return FType.INT;
        }
        if (n.equals("abs") || n.equals("labs")) {
            return c.args().isEmpty() ? FType.INT : numericType(c.args().get(0));
        }
        if (functionTypes.containsKey(n)) {
            return FType.of(functionTypes.get(n));
        }
        return singleVariant(n) != null ? FType.FLOAT : FType.DOUBLE;
    }

    /** For {@code sinf}, {@code fmaxf} ...: the double name; else null. */
    private static String singleVariant(String n) {
        if (n.length() > 1 && n.endsWith("f")) {
            String base = n.substring(0, n.length() - 1);
            if (SAME.contains(base) || RENAMED.containsKey(base) || SPECIAL.contains(base)) {
                return base;
            }
        }
        return null;
    }

    // ---- forms --------------------------------------------------------------------------------

    private P raw(Expr e) {
        return switch (e) {
            case IntLit l -> new P(fitsInt(l.value()) ? Long.toString(l.value()) : l.value() + "_8",
                    l.value() < 0 ? ADD : PRIMARY);
            case RealLit l -> {
                String s = real(l.value());
                yield new P(s, s.startsWith("-") ? ADD : PRIMARY);
            }
            case VarRef r -> new P(r.var().name(), PRIMARY);
            case ArrayRef r -> new P(r.var().name() + "("
                    + inMemoryOrder(r.var(), r.indices()).stream().map(i -> numeric(i, 0))
                            .collect(Collectors.joining(", ")) + ")", PRIMARY);
            case Unary u -> u.op() == Unary.Op.NEG ? new P("-" + numeric(u.operand(), MUL), ADD)
                    : new P(".not. " + logical(u.operand(), REL), NOT);
            case Binary b -> binary(b);
            case Call c -> call(c);
            case Cond c -> cond(c);
            case Cast c -> new P(cast(c), PRIMARY);
            case TextOperand t -> new P(t.text(), PRIMARY);
        };
    }

    private String cast(Cast c) {
        String inner = numeric(c.operand(), 0);
        return switch (c.type()) {
            case DOUBLE -> "real(" + inner + ", 8)";
            case FLOAT -> "real(" + inner + ", 4)";
            case INT -> "int(" + inner + ")";
            case LONG -> "int(" + inner + ", 8)";
            case TAPE, PS_PLAN, PS_SET, MPI_COMM, MPI_REQUEST, MPI_STATUS, FLAGS -> throw unsupported(c, "a cast to the opaque type " + c.type().cName());
        };
    }

    private P binary(Binary b) {
        switch (b.op()) {
            case AND:
                return new P(logical(b.left(), AND) + " .and. " + logical(b.right(), NOT), AND);
            case OR:
                return new P(logical(b.left(), OR) + " .or. " + logical(b.right(), AND), OR);
            case EQ:
            case NE:
                if (type(b.left()) == FType.LOGICAL && type(b.right()) == FType.LOGICAL) {
                    String op = b.op() == Binary.Op.EQ ? " .eqv. " : " .neqv. ";
                    return new P(expr(b.left(), EQV) + op + expr(b.right(), OR), EQV);
                }
                return new P(numeric(b.left(), ADD) + (b.op() == Binary.Op.EQ ? " == " : " /= ")
                        + numeric(b.right(), ADD), REL);
            case LT:
            case LE:
            case GT:
            case GE:
                return new P(numeric(b.left(), ADD) + " " + b.op().symbol + " " + numeric(b.right(), ADD), REL);
            case MOD: {
                FType t = FType.join(numericType(b.left()), numericType(b.right()));
                return new P("mod(" + converted(b.left(), t, 0) + ", " + converted(b.right(), t, 0) + ")", PRIMARY);
            }
            case ADD:
            case SUB:
                return new P(numeric(b.left(), ADD) + " " + b.op().symbol + " " + numeric(b.right(), MUL), ADD);
            default:
                return new P(numeric(b.left(), MUL) + " " + b.op().symbol + " " + numeric(b.right(), POW), MUL);
        }
    }

    private P cond(Cond c) {
        FType t = type(c);
        String then = t == FType.LOGICAL ? expr(c.then(), 0) : converted(c.then(), t, 0);
        String otherwise = t == FType.LOGICAL ? expr(c.otherwise(), 0) : converted(c.otherwise(), t, 0);
        return new P("merge(" + then + ", " + otherwise + ", " + logical(c.cond(), 0) + ")", PRIMARY);
    }

    private P call(Call c) {
        String n = c.name();
        if (c.isMpi()) {
            return new P(mpiCall(c), PRIMARY);
        }
        if (n.equals(Runtime.POP_D) || n.equals(Runtime.POP_I) || functionTypes.containsKey(n)) {
            return new P(n + "(" + c.args().stream().map(a -> expr(a, 0)).collect(Collectors.joining(", ")) + ")",
                    PRIMARY);
        }
        if (n.equals("abs") || n.equals("labs")) {
            return new P("abs(" + numeric(c.args().get(0), 0) + ")", PRIMARY);
        }
        String base = singleVariant(n);
        FType kind = base != null ? FType.FLOAT : FType.DOUBLE;
        String name = base != null ? base : n;
        List<String> args = c.args().stream().map(a -> converted(a, kind, 0)).toList();
        if (SAME.contains(name)) {
            return new P(name + "(" + String.join(", ", args) + ")", PRIMARY);
        }
        if (RENAMED.containsKey(name)) {
            return new P(RENAMED.get(name) + "(" + String.join(", ", args) + ")", PRIMARY);
        }
        String k = kind == FType.DOUBLE ? "8" : "4";
        String one = kind == FType.DOUBLE ? "1.0d0" : "1.0";
        return switch (name) {
            case "pow" -> power(c, kind);
            case "floor" -> new P("real(floor(" + args.get(0) + ", 8), " + k + ")", PRIMARY);
            case "ceil" -> new P("real(ceiling(" + args.get(0) + ", 8), " + k + ")", PRIMARY);
            case "expm1" -> new P("(exp(" + args.get(0) + ") - " + one + ")", PRIMARY);
            case "log1p" -> new P("log(" + one + " + " + converted(c.args().get(0), kind, MUL) + ")", PRIMARY);
            case "log2" -> new P("(log(" + args.get(0) + ") / log(2" + (kind == FType.DOUBLE ? ".0d0" : ".0") + "))",
                    PRIMARY);
            case "cbrt" -> new P("sign(abs(" + args.get(0) + ")**(" + one + " / 3" + (kind == FType.DOUBLE ? ".0d0"
                    : ".0") + "), " + args.get(0) + ")", PRIMARY);
            default -> throw unsupported(c, "call of '" + n + "', which has no Fortran equivalent here");
        };
    }

    /** A call of an MPI routine or of the MPI run-time module, with Fortran's handles ({@link FortranMpi}). */
    String mpiCall(Call c) {
        return FortranMpi.call(c, mpiF08, a -> expr(a, 0));
    }

    /** {@code pow(x, y)}: {@code x**k} for an integral literal exponent, else {@code x**y}. */
    private P power(Call c, FType kind) {
        Expr x = c.args().get(0);
        Expr y = c.args().get(1);
        String base = converted(x, kind, PRIMARY);
        if (y instanceof RealLit l && l.value() == Math.rint(l.value()) && Math.abs(l.value()) < 1e9) {
            long k = (long) l.value();
            return new P(base + "**" + (k < 0 ? "(" + k + ")" : Long.toString(k)), POW);
        }
        return new P(base + "**" + converted(y, kind, POW), POW);
    }

    /**
     * Subscripts (or dimensions) in Fortran's order: a row-major (C) array of rank > 1 is
     * declared and indexed with its dimensions reversed, so that element {@code a[i][j]} is
     * {@code a(j, i)} and occupies the same memory as in C.
     */
    static <T> List<T> inMemoryOrder(org.paradjoint.core.ir.Variable v, List<T> xs) {
        if (v.layout() != org.paradjoint.core.ir.Layout.ROW_MAJOR || xs.size() < 2) {
            return xs;
        }
        List<T> out = new java.util.ArrayList<>(xs);
        java.util.Collections.reverse(out);
        return out;
    }

    // ---- literals -----------------------------------------------------------------------------

    /** A double-precision literal that reads back exactly ({@code 0.5d0}, {@code 1.0d-12}). */
    static String real(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            throw new IllegalArgumentException("cannot print " + v + " as a Fortran literal");
        }
        String s = Double.toString(v);
        int e = s.indexOf('E');
        if (e >= 0) {
            return s.substring(0, e) + "d" + s.substring(e + 1);
        }
        return s + "d0";
    }

    static boolean fitsInt(long v) {
        return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE;
    }

    static UnsupportedException unsupported(Expr e, String what) {
        return new UnsupportedException("fortran-output.print-as-fortran", e.range(), "what", what);
    }
}
