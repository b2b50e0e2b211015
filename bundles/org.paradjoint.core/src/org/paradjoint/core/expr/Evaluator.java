package org.paradjoint.core.expr;

import java.util.Map;

import org.paradjoint.core.ir.ArrayRef;
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

/**
 * Evaluates scalar expressions in double precision with C semantics for the intrinsics (integer
 * division and remainder truncate when both operands are integer). Used to check derivative
 * rules against finite differences and to reason about constants; arrays are not supported.
 */
public final class Evaluator {

    private Evaluator() {
    }

    public static double eval(Expr e, Map<String, Double> env) {
        return switch (e) {
            case IntLit l -> l.value();
            case RealLit l -> l.value();
            case VarRef r -> {
                Double v = env.get(r.var().name());
                if (v == null) {
                    throw new IllegalArgumentException("no value for " + r.var().name());
                }
                yield v;
            }
            case ArrayRef r -> throw new IllegalArgumentException("arrays are not supported: " + r.var().name());
            case Unary u -> u.op() == Unary.Op.NEG ? -eval(u.operand(), env) : truth(eval(u.operand(), env) == 0.0);
            case Cast c -> c.type().isFloating() ? eval(c.operand(), env) : (double) (long) eval(c.operand(), env);
            case Cond c -> eval(c.cond(), env) != 0.0 ? eval(c.then(), env) : eval(c.otherwise(), env);
            case Binary b -> binary(b, env);
            case Call c -> call(c, env);
            case TextOperand t -> throw new IllegalArgumentException("no value: " + t.text());
        };
    }

    private static double truth(boolean b) {
        return b ? 1.0 : 0.0;
    }

    private static double binary(Binary b, Map<String, Double> env) {
        double x = eval(b.left(), env);
        double y = eval(b.right(), env);
        boolean integer = !ExprTypes.isFloating(b.left()) && !ExprTypes.isFloating(b.right());
        return switch (b.op()) {
            case ADD -> x + y;
            case SUB -> x - y;
            case MUL -> x * y;
            case DIV -> integer ? (double) ((long) x / (long) y) : x / y;
            case MOD -> integer ? (double) ((long) x % (long) y) : x % y;
            case LT -> truth(x < y);
            case LE -> truth(x <= y);
            case GT -> truth(x > y);
            case GE -> truth(x >= y);
            case EQ -> truth(x == y);
            case NE -> truth(x != y);
            case AND -> truth(x != 0.0 && y != 0.0);
            case OR -> truth(x != 0.0 || y != 0.0);
        };
    }

    private static double call(Call c, Map<String, Double> env) {
        String name = c.name();
        if (name.endsWith("f") && org.paradjoint.core.rules.DerivativeRules
                .isFloatingIntrinsic(name.substring(0, name.length() - 1))) {
            name = name.substring(0, name.length() - 1);
        }
        double x = eval(c.args().get(0), env);
        double y = c.args().size() > 1 ? eval(c.args().get(1), env) : Double.NaN;
        return switch (name) {
            case "sin" -> Math.sin(x);
            case "cos" -> Math.cos(x);
            case "tan" -> Math.tan(x);
            case "exp" -> Math.exp(x);
            case "expm1" -> Math.expm1(x);
            case "log" -> Math.log(x);
            case "log1p" -> Math.log1p(x);
            case "log10" -> Math.log10(x);
            case "log2" -> Math.log(x) / Math.log(2.0);
            case "sqrt" -> Math.sqrt(x);
            case "cbrt" -> Math.cbrt(x);
            case "sinh" -> Math.sinh(x);
            case "cosh" -> Math.cosh(x);
            case "tanh" -> Math.tanh(x);
            case "atan" -> Math.atan(x);
            case "asin" -> Math.asin(x);
            case "acos" -> Math.acos(x);
            case "erf" -> erf(x);
            case "erfc" -> 1.0 - erf(x);
            case "fabs", "abs", "labs" -> Math.abs(x);
            case "floor" -> Math.floor(x);
            case "ceil" -> Math.ceil(x);
            case "round" -> Math.signum(x) * Math.floor(Math.abs(x) + 0.5);
            case "trunc" -> x < 0 ? Math.ceil(x) : Math.floor(x);
            case "rint", "nearbyint" -> Math.rint(x);
            case "pow" -> Math.pow(x, y);
            case "fmax" -> Math.max(x, y);
            case "fmin" -> Math.min(x, y);
            case "atan2" -> Math.atan2(x, y);
            case "hypot" -> Math.hypot(x, y);
            case "fmod" -> x % y;
            default -> throw new IllegalArgumentException("cannot evaluate " + c.name());
        };
    }

    /** erf by its Maclaurin series (|x| <= 3) or the continued fraction of erfc, to about 1e-15. */
    static double erf(double x) {
        double ax = Math.abs(x);
        if (ax <= 3.0) {
            double sum = 0.0;
            double term = ax;
            for (int n = 0; n < 200; n++) {
                double t = term / (2 * n + 1);
                sum += t;
                if (Math.abs(t) < 1e-17 * Math.abs(sum)) {
                    break;
                }
                term *= -ax * ax / (n + 1);
            }
            return Math.signum(x) * 2.0 / Math.sqrt(Math.PI) * sum;
        }
        double f = 0.0;
        for (int n = 60; n >= 1; n--) {
            f = n / 2.0 / (ax + f);
        }
        double erfc = Math.exp(-ax * ax) / Math.sqrt(Math.PI) / (ax + f);
        return Math.signum(x) * (1.0 - erfc);
    }
}
