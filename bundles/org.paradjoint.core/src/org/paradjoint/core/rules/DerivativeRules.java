package org.paradjoint.core.rules;

import static org.paradjoint.core.expr.Exprs.add;
import static org.paradjoint.core.expr.Exprs.call;
import static org.paradjoint.core.expr.Exprs.cond;
import static org.paradjoint.core.expr.Exprs.div;
import static org.paradjoint.core.expr.Exprs.ge;
import static org.paradjoint.core.expr.Exprs.isConst;
import static org.paradjoint.core.expr.Exprs.constValue;
import static org.paradjoint.core.expr.Exprs.le;
import static org.paradjoint.core.expr.Exprs.mul;
import static org.paradjoint.core.expr.Exprs.neg;
import static org.paradjoint.core.expr.Exprs.real;
import static org.paradjoint.core.expr.Exprs.sub;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.paradjoint.core.ir.Expr;

/**
 * The derivative rules of intrinsics, as data: one entry per function, one partial-derivative
 * expression per argument (after Enzyme's {@code InstructionDerivatives.td}). Partials are built
 * from the argument expressions; the caller multiplies them by the adjoint (reverse mode) or the
 * tangent of the argument and uses only the partials of active arguments (so that, e.g.,
 * {@code log(x)*pow(x,y)} is emitted only when the exponent is active).
 *
 * <h2>Kink convention of piecewise functions</h2>
 * At a point where a function is not differentiable the rule returns a one-sided derivative,
 * chosen so that ties go to the first argument:
 * <ul>
 * <li>{@code fabs'(x) = x >= 0 ? 1 : -1}: the right derivative at 0;</li>
 * <li>{@code fmax(a, b)}: partials {@code (a >= b ? 1 : 0, a >= b ? 0 : 1)}: a tie picks {@code a};</li>
 * <li>{@code fmin(a, b)}: partials {@code (a <= b ? 1 : 0, a <= b ? 0 : 1)}: a tie picks {@code a};</li>
 * <li>{@code floor}, {@code ceil}, {@code round}, {@code trunc}, {@code rint}, {@code nearbyint}:
 * zero derivative everywhere (also at their jumps);</li>
 * <li>{@code fmod(a, b)}: partials {@code (1, -trunc(a / b))}, away from its jumps.</li>
 * </ul>
 * Comparisons, logical operators and integer arithmetic have zero derivative; they are not in
 * this table because they never carry derivatives.
 * <p>
 * Every {@code f} has the float variant {@code ff} (e.g. {@code sinf}) with the same partials.
 */
public final class DerivativeRules {

    /** One intrinsic: its arity and a builder of the partials from the argument expressions. */
    public record Rule(String name, int arity, Function<List<Expr>, List<Expr>> partials) {

        public List<Expr> partials(List<Expr> args) {
            if (args.size() != arity) {
                throw new IllegalArgumentException(name + " takes " + arity + " arguments, not " + args.size());
            }
            return partials.apply(args);
        }
    }

    /** 2/sqrt(pi), the factor of erf'. */
    private static final double TWO_OVER_SQRT_PI = 1.1283791670955126;

    private static final Map<String, Rule> TABLE;

    static {
        Map<String, Rule> t = new LinkedHashMap<>();
        unary(t, "sin", x -> call("cos", x));
        unary(t, "cos", x -> neg(call("sin", x)));
        unary(t, "tan", x -> div(real(1.0), mul(call("cos", x), call("cos", x))));
        unary(t, "exp", x -> call("exp", x));
        unary(t, "expm1", x -> call("exp", x));
        unary(t, "log", x -> div(real(1.0), x));
        unary(t, "log1p", x -> div(real(1.0), add(real(1.0), x)));
        unary(t, "log10", x -> div(real(1.0), mul(x, call("log", real(10.0)))));
        unary(t, "log2", x -> div(real(1.0), mul(x, call("log", real(2.0)))));
        unary(t, "sqrt", x -> div(real(0.5), call("sqrt", x)));
        unary(t, "cbrt", x -> div(real(1.0), mul(real(3.0), mul(call("cbrt", x), call("cbrt", x)))));
        unary(t, "sinh", x -> call("cosh", x));
        unary(t, "cosh", x -> call("sinh", x));
        unary(t, "tanh", x -> sub(real(1.0), mul(call("tanh", x), call("tanh", x))));
        unary(t, "atan", x -> div(real(1.0), add(real(1.0), mul(x, x))));
        unary(t, "asin", x -> div(real(1.0), call("sqrt", sub(real(1.0), mul(x, x)))));
        unary(t, "acos", x -> neg(div(real(1.0), call("sqrt", sub(real(1.0), mul(x, x))))));
        unary(t, "erf", x -> mul(real(TWO_OVER_SQRT_PI), call("exp", neg(mul(x, x)))));
        unary(t, "erfc", x -> neg(mul(real(TWO_OVER_SQRT_PI), call("exp", neg(mul(x, x))))));
        unary(t, "fabs", x -> cond(ge(x, real(0.0)), real(1.0), real(-1.0)));
        for (String zero : List.of("floor", "ceil", "round", "trunc", "rint", "nearbyint")) {
            unary(t, zero, x -> real(0.0));
        }
        binary(t, "pow", (x, y) -> List.of(powBase(x, y), mul(call("log", x), call("pow", x, y))));
        binary(t, "fmax", (a, b) -> List.of(cond(ge(a, b), real(1.0), real(0.0)), cond(ge(a, b), real(0.0), real(1.0))));
        binary(t, "fmin", (a, b) -> List.of(cond(le(a, b), real(1.0), real(0.0)), cond(le(a, b), real(0.0), real(1.0))));
        binary(t, "atan2", (y, x) -> {
            Expr r2 = add(mul(x, x), mul(y, y));
            return List.of(div(x, r2), neg(div(y, r2)));
        });
        binary(t, "hypot", (x, y) -> List.of(div(x, call("hypot", x, y)), div(y, call("hypot", x, y))));
        binary(t, "fmod", (a, b) -> List.of(real(1.0), neg(call("trunc", div(a, b)))));
        for (Rule r : List.copyOf(t.values())) {
            t.put(r.name() + "f", new Rule(r.name() + "f", r.arity(), r.partials));
        }
        TABLE = Collections.unmodifiableMap(t);
    }

    private DerivativeRules() {
    }

    private static void unary(Map<String, Rule> t, String name, Function<Expr, Expr> d) {
        t.put(name, new Rule(name, 1, args -> List.of(d.apply(args.get(0)))));
    }

    private static void binary(Map<String, Rule> t, String name,
            java.util.function.BiFunction<Expr, Expr, List<Expr>> d) {
        t.put(name, new Rule(name, 2, args -> d.apply(args.get(0), args.get(1))));
    }

    /** d/dx pow(x, y) = y * pow(x, y - 1), simplified for constant exponents. */
    private static Expr powBase(Expr x, Expr y) {
        if (isConst(y)) {
            double c = constValue(y);
            if (c == 0.0) {
                return real(0.0);
            }
            if (c == 1.0) {
                return real(1.0);
            }
            if (c == 2.0) {
                return mul(real(2.0), x);
            }
            if (c == 3.0) {
                return mul(real(3.0), mul(x, x));
            }
            if (c == 0.5) {
                return div(real(0.5), call("sqrt", x));
            }
            return mul(real(c), call("pow", x, real(c - 1.0)));
        }
        return mul(y, call("pow", x, sub(y, real(1.0))));
    }

    /** All rules, in table order (float variants included). */
    public static Map<String, Rule> table() {
        return TABLE;
    }

    public static Optional<Rule> lookup(String name) {
        return Optional.ofNullable(TABLE.get(name));
    }

    /** True for functions the engine knows: the table plus integer intrinsics ({@code abs}, {@code labs}). */
    public static boolean isIntrinsic(String name) {
        return TABLE.containsKey(name) || name.equals("abs") || name.equals("labs");
    }

    /** True when the intrinsic returns a floating value. */
    public static boolean isFloatingIntrinsic(String name) {
        return TABLE.containsKey(name);
    }

    /** The partials of {@code name} at {@code args}; the intrinsic must be in the table. */
    public static List<Expr> partials(String name, List<Expr> args) {
        Rule r = TABLE.get(name);
        if (r == null) {
            throw new IllegalArgumentException("no derivative rule for " + name);
        }
        return r.partials(args);
    }
}
