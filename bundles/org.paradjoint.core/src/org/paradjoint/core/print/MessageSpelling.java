package org.paradjoint.core.print;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.TextOperand;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * User code quoted in diagnostic messages, in the spelling of the user's language, with minimal
 * parentheses.
 * <ul>
 * <li>{@link #C}: {@code u[i - 1][j]}, {@code a && !b}, {@code x != 0}, {@code (double) i},
 * {@code c ? a : b}, {@code fabs(x)}, {@code pow(x, 2.0)}, type {@code double},
 * {@code #pragma ad elemental}, statements ending with {@code ;}.</li>
 * <li>{@link #FORTRAN}: the IR back in Fortran's words, inverting what the Fortran front-end
 * does: array elements {@code u(i - 1, j)} with the subscripts in source order (as the IR keeps
 * them), {@code a .and. .not. b}, {@code x /= 0}, {@code real(i, 8)}, {@code merge(a, b, c)},
 * {@code abs(x)}, {@code max(a, b)} (of reals or integers), {@code mod(i, 2)}, {@code x**2},
 * {@code nint(x)}, types {@code real(8)} and {@code integer}, {@code !$ad elemental}, statements
 * without {@code ;}.</li>
 * <li>{@link #KOKKOS}: C's spelling with View elements {@code v(i - 1, j)}.</li>
 * <li>{@link #ARRAYS_BY_LAYOUT}: C's spelling except that each array element takes the form of
 * the language its array comes from (a {@link Layout#COLUMN_MAJOR} array is a Fortran one, an array
 * with a run-time shape a Kokkos View); the
 * race analysis's spelling, for messages that only know the expression.</li>
 * </ul>
 * Pick one with {@link #of(TranslationUnit)} (the unit's language) or {@link #of(Function)} (the
 * layout of its arrays).
 */
public final class MessageSpelling {

    /** C's spelling. */
    public static final MessageSpelling C = new MessageSpelling(false, false);
    /** Fortran's spelling. */
    public static final MessageSpelling FORTRAN = new MessageSpelling(true, true);
    /** C's spelling with each array element in its own language's form, known from its layout. */
    public static final MessageSpelling ARRAYS_BY_LAYOUT = new MessageSpelling(false, null);
    /** Kokkos C++: C's spelling, View elements {@code v(i, j)}. */
    public static final MessageSpelling KOKKOS = new MessageSpelling(false, true);

    // Fortran precedence levels (higher binds tighter)
    private static final int EQV = 1;
    private static final int OR = 2;
    private static final int AND = 3;
    private static final int NOT = 4;
    private static final int REL = 5;
    private static final int ADD = 6;
    private static final int MUL = 7;
    private static final int POW = 8;
    private static final int PRIMARY = 9;

    /** C's unary and cast precedence, above every binary operator of {@link Binary.Op}. */
    private static final int C_UNARY = 14;
    private static final int C_CONDITIONAL = 3;

    private final boolean fortran;
    /** True for Fortran elements, false for C ones, null: by the array's layout. */
    private final Boolean fortranArrays;

    private MessageSpelling(boolean fortran, Boolean fortranArrays) {
        this.fortran = fortran;
        this.fortranArrays = fortranArrays;
    }

    /** The spelling of a language. */
    public static MessageSpelling of(TranslationUnit.Language language) {
        return switch (language) {
            case FORTRAN -> FORTRAN;
            case KOKKOS -> KOKKOS;
            case C -> C;
        };
    }

    /** The spelling of the unit's language; C for null. */
    public static MessageSpelling of(TranslationUnit unit) {
        return unit == null ? C : of(unit.language());
    }

    /** Fortran's spelling when one of the function's arrays is column-major (Fortran's), else C's. */
    public static MessageSpelling of(Function f) {
        boolean columnMajor = f.params().stream().anyMatch(v -> v.layout() == Layout.COLUMN_MAJOR)
                || f.locals().stream().anyMatch(v -> v.layout() == Layout.COLUMN_MAJOR);
        return columnMajor ? FORTRAN : C;
    }

    /** The spelling of the unit's language, or for a null unit the one {@link #of(Function)} gives. */
    public static MessageSpelling of(TranslationUnit unit, Function f) {
        return unit != null ? of(unit.language()) : of(f);
    }

    public boolean isFortran() {
        return fortran;
    }

    // ---- expressions --------------------------------------------------------------------------

    /** {@code e} as the user would write it. */
    public String expr(Expr e) {
        return fortran ? fortran(e, 0) : c(e, 0);
    }

    /** {@code ref} with its array renamed, e.g. the adjoint {@code ub[i - 1]} of {@code u[i - 1]}. */
    public String renamed(ArrayRef ref, String arrayName) {
        return element(arrayName, ref.indices().stream().map(this::expr).toList(), fortranElement(ref.var()));
    }

    /** Element {@code subscripts} (in source order) of {@code array}: {@code a[i][j]} or {@code a(i, j)}. */
    public String element(String array, List<String> subscripts) {
        return element(array, subscripts, fortranArrays != null ? fortranArrays : fortran);
    }

    /** {@code a[i][j]}, or {@code a(i, j)} when {@code fortran}. */
    static String element(String array, List<String> subscripts, boolean fortran) {
        return fortran ? array + "(" + String.join(", ", subscripts) + ")"
                : array + subscripts.stream().map(x -> "[" + x + "]").collect(Collectors.joining());
    }

    private boolean fortranElement(Variable array) {
        return fortranArrays != null ? fortranArrays : parenthesised(array);
    }

    /** Parenthesised subscripts: a Fortran array (column-major) or a Kokkos View (an array with a run-time shape). */
    static boolean parenthesised(Variable array) {
        return array.layout() == Layout.COLUMN_MAJOR || array.hasRuntimeShape();
    }

    /** The binary operator: {@code &&} or {@code .and.}, {@code !=} or {@code /=} ... */
    public String operator(Binary.Op op) {
        if (!fortran) {
            return op.symbol;
        }
        return switch (op) {
            case NE -> "/=";
            case AND -> ".and.";
            case OR -> ".or.";
            case MOD -> "mod";
            default -> op.symbol;
        };
    }

    /**
     * An assignment of {@code value} (text) to {@code target} (text): {@code t += v}, which
     * Fortran writes {@code t = t + v}.
     */
    public String assignment(String target, Assign.Op op, String value) {
        if (!fortran || op == Assign.Op.SET) {
            return target + " " + op.symbol + " " + value;
        }
        return target + " = " + target + " " + op.symbol.substring(0, 1) + " " + value;
    }

    // ---- types and phrases --------------------------------------------------------------------

    /** {@code double}, {@code int} ... or {@code real(8)}, {@code integer} ... */
    public String type(BaseType t) {
        if (!fortran) {
            return t.cName();
        }
        return switch (t) {
            case INT -> "integer";
            case LONG -> "integer(8)";
            case FLOAT -> "real";
            case DOUBLE -> "real(8)";
            case TAPE, PS_PLAN, PS_SET, MPI_COMM, MPI_REQUEST, MPI_STATUS, FLAGS -> t.cName();
        };
    }

    /** An {@code ad} annotation: {@code #pragma ad TEXT} or {@code !$ad TEXT}. */
    public String annotation(String text) {
        return (fortran ? "!$ad " : "#pragma ad ") + text;
    }

    /** A statement as written: C's ends with a semicolon. */
    public String statement(String text) {
        return fortran ? text : text + ";";
    }

    /** A real literal: {@code 0.0} or {@code 0.0d0}. */
    public String realLiteral(double value) {
        return fortran ? fortranReal(value) : Double.toString(value);
    }

    /** The OpenMP construct of a parallel loop: {@code omp parallel for} or {@code omp parallel do}. */
    public String parallelLoop() {
        return fortran ? "omp parallel do" : "omp parallel for";
    }

    /** How to write a branch as an expression: {@code ?:} or {@code merge}. */
    public String conditionalExpression() {
        return fortran ? "merge(a, b, condition)" : "a conditional expression (?:)";
    }

    // ---- C ------------------------------------------------------------------------------------

    private String c(Expr e, int outer) {
        return switch (e) {
            case IntLit l -> Long.toString(l.value());
            case RealLit r -> r.text() != null ? r.text() : Double.toString(r.value());
            case VarRef v -> v.var().name();
            case ArrayRef a -> renamed(a, a.var().name());
            case Unary u -> paren(u.op().symbol + c(u.operand(), C_UNARY), C_UNARY, outer);
            case Binary b -> {
                int p = b.op().precedence;
                yield paren(c(b.left(), p) + " " + b.op().symbol + " " + c(b.right(), p + 1), p, outer);
            }
            case Call k -> k.name() + "(" + k.args().stream().map(a -> c(a, 0)).collect(Collectors.joining(", "))
                    + ")";
            case Cast k -> paren("(" + k.type().cName() + ") " + c(k.operand(), C_UNARY), C_UNARY, outer);
            case TextOperand t -> t.text();
            case Cond k -> paren(c(k.cond(), C_CONDITIONAL + 1) + " ? " + c(k.then(), C_CONDITIONAL) + " : "
                    + c(k.otherwise(), C_CONDITIONAL), C_CONDITIONAL, outer);
        };
    }

    private static String paren(String s, int precedence, int outer) {
        return precedence < outer ? "(" + s + ")" : s;
    }

    // ---- Fortran ------------------------------------------------------------------------------

    private String fortran(Expr e, int outer) {
        return switch (e) {
            case IntLit l -> paren(Long.toString(l.value()), l.value() < 0 ? ADD : PRIMARY, outer);
            case RealLit r -> {
                String s = r.text() != null ? r.text() : fortranReal(r.value());
                yield paren(s, s.startsWith("-") ? ADD : PRIMARY, outer);
            }
            case VarRef v -> v.var().name();
            case ArrayRef a -> renamed(a, a.var().name());
            case Unary u -> u.op() == Unary.Op.NEG ? paren("-" + fortran(u.operand(), MUL), ADD, outer)
                    : paren(".not. " + fortran(u.operand(), REL), NOT, outer);
            case Binary b -> fortranBinary(b, outer);
            case Call k -> fortranCall(k, outer);
            case Cast k -> fortranCast(k);
            case TextOperand t -> t.text();
            case Cond k -> fortranCond(k);
        };
    }

    /** The front-end's integer {@code max(a, b)} ({@code a >= b ? a : b}) and {@code min}; else {@code merge}. */
    private String fortranCond(Cond k) {
        if (k.cond() instanceof Binary c && c.left().equals(k.then()) && c.right().equals(k.otherwise())) {
            String name = switch (c.op()) {
                case GE, GT -> "max";
                case LE, LT -> "min";
                default -> null;
            };
            if (name != null) {
                return name + "(" + fortran(k.then(), 0) + ", " + fortran(k.otherwise(), 0) + ")";
            }
        }
        return "merge(" + fortran(k.then(), 0) + ", " + fortran(k.otherwise(), 0) + ", " + fortran(k.cond(), 0) + ")";
    }

    private String fortranBinary(Binary b, int outer) {
        Expr l = b.left();
        Expr r = b.right();
        return switch (b.op()) {
            case AND -> paren(fortran(l, AND) + " .and. " + fortran(r, NOT), AND, outer);
            case OR -> paren(fortran(l, OR) + " .or. " + fortran(r, AND), OR, outer);
            case EQ, NE -> {
                if (isLogical(l) && isLogical(r)) {
                    yield paren(fortran(l, EQV) + (b.op() == Binary.Op.EQ ? " .eqv. " : " .neqv. ")
                            + fortran(r, OR), EQV, outer);
                }
                yield paren(fortran(l, ADD) + " " + operator(b.op()) + " " + fortran(r, ADD), REL, outer);
            }
            case LT, LE, GT, GE -> paren(fortran(l, ADD) + " " + b.op().symbol + " " + fortran(r, ADD), REL, outer);
            case MOD -> "mod(" + fortran(l, 0) + ", " + fortran(r, 0) + ")";
            case ADD, SUB -> paren(fortran(l, ADD) + " " + b.op().symbol + " " + fortran(r, MUL), ADD, outer);
            case MUL, DIV -> paren(fortran(l, MUL) + " " + b.op().symbol + " " + fortran(r, POW), MUL, outer);
        };
    }

    private static boolean isLogical(Expr e) {
        return e instanceof Binary b && b.op().isBoolean() || e instanceof Unary u && u.op() == Unary.Op.NOT;
    }

    private String fortranCall(Call k, int outer) {
        String name = switch (k.name()) {
            case "fabs" -> "abs";
            case "fmax" -> "max";
            case "fmin" -> "min";
            case "fmod" -> "mod";
            case "trunc" -> "aint";
            case "round" -> "anint";
            default -> k.name();
        };
        if (k.name().equals("pow") && k.args().size() == 2) {
            Expr y = k.args().get(1);
            String exponent;
            if (y instanceof RealLit l && l.text() == null && l.value() == Math.rint(l.value())
                    && Math.abs(l.value()) < 1e9) {
                long n = (long) l.value();
                exponent = n < 0 ? "(" + n + ")" : Long.toString(n);
            } else {
                exponent = fortran(y, POW);
            }
            return paren(fortran(k.args().get(0), PRIMARY) + "**" + exponent, POW, outer);
        }
        List<Expr> args = k.args();
        if (name.equals("max") || name.equals("min")) {
            args = flatten(k, k.name());
        }
        return name + "(" + args.stream().map(a -> fortran(a, 0)).collect(Collectors.joining(", ")) + ")";
    }

    /** {@code fmax(fmax(a, b), c)}, the front-end's {@code max(a, b, c)}: {@code [a, b, c]}. */
    private static List<Expr> flatten(Call k, String name) {
        List<Expr> out = new ArrayList<>();
        if (k.args().size() == 2 && k.args().get(0) instanceof Call inner && inner.name().equals(name)) {
            out.addAll(flatten(inner, name));
        } else {
            out.add(k.args().get(0));
        }
        out.addAll(k.args().subList(1, k.args().size()));
        return out;
    }

    private String fortranCast(Cast k) {
        boolean eight = k.type() == BaseType.LONG || k.type() == BaseType.DOUBLE;
        String kind = eight ? ", 8)" : ")";
        if (k.type().isInteger() && k.operand() instanceof Call r && r.args().size() == 1) {
            String rounding = switch (r.name()) {
                case "floor" -> "floor";
                case "ceil" -> "ceiling";
                case "round" -> "nint";
                default -> null;
            };
            if (rounding != null) {
                return rounding + "(" + fortran(r.args().get(0), 0) + kind;
            }
        }
        String inner = fortran(k.operand(), 0);
        return switch (k.type()) {
            case INT, LONG -> "int(" + inner + kind;
            case FLOAT, DOUBLE -> "real(" + inner + kind;
            case TAPE, PS_PLAN, PS_SET, MPI_COMM, MPI_REQUEST, MPI_STATUS, FLAGS -> "(" + k.type().cName() + ") " + inner;
        };
    }

    /** A double-precision literal: {@code 0.5d0}, {@code 1.0d-12}. */
    private static String fortranReal(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        String s = Double.toString(v);
        int e = s.indexOf('E');
        return e >= 0 ? s.substring(0, e) + "d" + s.substring(e + 1) : s + "d0";
    }
}
