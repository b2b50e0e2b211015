package org.paradjoint.core.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.core.expr.Evaluator;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;

/** Every rule of the table against central differences, and the documented kink conventions. */
class DerivativeRulesTest {

    private static final Variable X = Variable.scalar("x", BaseType.DOUBLE, Variable.Kind.LOCAL);
    private static final Variable Y = Variable.scalar("y", BaseType.DOUBLE, Variable.Kind.LOCAL);

    /** Points inside each function's domain, away from kinks. */
    private static double[][] points(String name) {
        return switch (name) {
            case "asin", "acos", "atan", "tanh", "erf", "erfc" -> new double[][] {{0.3}, {-0.6}, {0.05}};
            case "log", "log10", "log2", "sqrt", "cbrt", "log1p" -> new double[][] {{0.4}, {2.5}, {7.0}};
            case "tan" -> new double[][] {{0.3}, {-1.1}};
            case "floor", "ceil", "round", "trunc", "rint", "nearbyint" -> new double[][] {{0.3}, {-1.2}, {2.7}};
            case "fabs" -> new double[][] {{0.3}, {-1.2}};
            case "pow" -> new double[][] {{1.3, 2.2}, {0.7, -1.5}, {2.0, 3.0}};
            case "fmax", "fmin" -> new double[][] {{1.3, 2.2}, {0.7, -1.5}};
            case "atan2", "hypot" -> new double[][] {{1.3, 2.2}, {-0.7, -1.5}, {0.4, -2.0}};
            case "fmod" -> new double[][] {{5.3, 2.2}, {-7.1, 1.5}};
            default -> new double[][] {{0.3}, {-1.2}, {2.1}};
        };
    }

    static Stream<Arguments> rules() {
        List<Arguments> out = new ArrayList<>();
        for (DerivativeRules.Rule r : DerivativeRules.table().values()) {
            for (double[] p : points(r.name().endsWith("f") && !r.name().equals("erf")
                    && DerivativeRules.isIntrinsic(r.name().substring(0, r.name().length() - 1))
                            ? r.name().substring(0, r.name().length() - 1) : r.name())) {
                out.add(Arguments.of(r.name(), p));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} at {1}")
    @MethodSource("rules")
    void partialsMatchCentralDifferences(String name, double[] at) {
        DerivativeRules.Rule rule = DerivativeRules.lookup(name).orElseThrow();
        List<Expr> args = rule.arity() == 1 ? List.of(new VarRef(X)) : List.of(new VarRef(X), new VarRef(Y));
        Call call = new Call(name, args);
        List<Expr> partials = rule.partials(args);
        assertEquals(rule.arity(), partials.size());
        for (int k = 0; k < rule.arity(); k++) {
            Map<String, Double> env = env(at);
            double analytic = Evaluator.eval(partials.get(k), env);
            String var = k == 0 ? "x" : "y";
            double h = 1e-6 * Math.max(1.0, Math.abs(at[k]));
            Map<String, Double> plus = new HashMap<>(env);
            plus.put(var, env.get(var) + h);
            Map<String, Double> minus = new HashMap<>(env);
            minus.put(var, env.get(var) - h);
            double fd = (Evaluator.eval(call, plus) - Evaluator.eval(call, minus)) / (2 * h);
            assertEquals(fd, analytic, 1e-6 * Math.max(1.0, Math.abs(fd)),
                    () -> name + " partial " + var + " = " + CPrinter.print(partials.get(0)));
        }
    }

    private static Map<String, Double> env(double[] at) {
        Map<String, Double> env = new HashMap<>();
        env.put("x", at[0]);
        if (at.length > 1) {
            env.put("y", at[1]);
        }
        return env;
    }

    private static double partial(String name, int k, double... at) {
        List<Expr> args = at.length == 1 ? List.of(new VarRef(X)) : List.of(new VarRef(X), new VarRef(Y));
        return Evaluator.eval(DerivativeRules.partials(name, args).get(k), env(at));
    }

    @Test
    void kinkConventions() {
        assertEquals(1.0, partial("fabs", 0, 0.0), "fabs'(0) is the right derivative");
        assertEquals(-1.0, partial("fabs", 0, -0.5));
        assertEquals(1.0, partial("fmax", 0, 2.0, 2.0), "a tie of fmax picks the first argument");
        assertEquals(0.0, partial("fmax", 1, 2.0, 2.0));
        assertEquals(1.0, partial("fmin", 0, 2.0, 2.0), "a tie of fmin picks the first argument");
        assertEquals(0.0, partial("fmin", 1, 2.0, 2.0));
        assertEquals(0.0, partial("floor", 0, 3.0));
    }

    @Test
    void powWithConstantExponentsIsSimplified() {
        assertEquals("2.0 * x", CPrinter.print(pow(new RealLit(2.0, "2.0", null))));
        assertEquals("3.0 * (x * x)", CPrinter.print(pow(new org.paradjoint.core.ir.IntLit(3))));
        assertEquals("1.0", CPrinter.print(pow(new RealLit(1.0))));
        assertEquals("0.5 / sqrt(x)", CPrinter.print(pow(new RealLit(0.5))));
        assertEquals("1.7 * pow(x, 0.7)", CPrinter.print(pow(new RealLit(1.7))).replace("0.7000000000000002", "0.7"));
        assertEquals("y * pow(x, y - 1.0)", CPrinter.print(pow(new VarRef(Y))));
    }

    private static Expr pow(Expr exponent) {
        return DerivativeRules.partials("pow", List.of(new VarRef(X), exponent)).get(0);
    }

    @Test
    void exponentPartialIsUsedOnlyWhenTheExponentIsActive() {
        Call c = new Call("pow", List.of(new VarRef(X), new VarRef(Y)));
        Map<LValue, Expr> onlyX = Partials.of(c, lv -> lv.var().equals(X));
        assertEquals(1, onlyX.size());
        assertFalse(CPrinter.print(onlyX.values().iterator().next()).contains("log"));
        Map<LValue, Expr> both = Partials.of(c, lv -> true);
        assertTrue(CPrinter.print(both.get(new VarRef(Y))).contains("log(x)"));
    }

    @Test
    void integerIntrinsicsAndComparisonsHaveNoDerivative() {
        assertTrue(DerivativeRules.isIntrinsic("abs"));
        assertFalse(DerivativeRules.isFloatingIntrinsic("abs"));
        Expr cmp = new org.paradjoint.core.ir.Binary(org.paradjoint.core.ir.Binary.Op.LT, new VarRef(X), new VarRef(Y));
        assertTrue(Partials.of(cmp, lv -> true).isEmpty());
    }

    @Test
    void floatVariantsShareTheRules() {
        assertTrue(DerivativeRules.lookup("sinf").isPresent());
        assertTrue(DerivativeRules.lookup("fmaxf").isPresent());
        assertTrue(DerivativeRules.lookup("erff").isPresent());
    }
}
