package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.CalleeKind;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.tests.support.TinyC;

/**
 * The IR marks that replace string conventions: parameters a generated function leaves unused
 * ({@link Function#unusedParams()}) and what a call calls ({@link CalleeKind}).
 */
class CalleeKindsAndUnusedParamsTest {

    // ---- unused parameters ------------------------------------------------------------------

    @Test
    void unusedParametersPrintAsVoidLinesAfterTheDeclarationsInParameterOrder() {
        Function f = TinyC.parseFunction("""
                void k(int n, double a, const double *x, double *y)
                {
                    double t;
                    t = a * a;
                    y[0] = t;
                }
                """).withUnusedParams(List.of("x", "n"));
        assertEquals(Set.of("n", "x"), f.unusedParams());
        assertEquals("""
                void k(int n, double a, const double *x, double *y)
                {
                    double t;
                    (void) n;
                    (void) x;
                    t = a * a;
                    y[0] = t;
                }
                """, CPrinter.print(f));
    }

    @Test
    void withBodyKeepsTheMarkAndFrontEndsSetNone() {
        Function f = TinyC.parseFunction("""
                void k(double a, double *y)
                {
                    y[0] = 1.0;
                }
                """);
        assertTrue(f.unusedParams().isEmpty(), "a front-end marks nothing, even a parameter it never reads");
        Function marked = f.withUnusedParams(List.of("a"));
        assertEquals(Set.of("a"), marked.withBody(new Block(List.of())).unusedParams());
        assertEquals(List.of("a"), marked.unusedParamVariables().stream().map(Variable::name).toList());
    }

    @Test
    void anAdjointThatNeedsNoPrimalValueMarksItsParametersInsteadOfCallingAPseudoFunction() {
        TranslationUnit u = TinyC.parse("lin.c", """
                void lin(int n, const double *x, double *y)
                {
                #pragma ad gradient(y : x)
                    y[0] = 2.0 * x[0];
                }
                """);
        DiffResult r = Differentiator.differentiate(u, "lin", Mode.REVERSE, DiffOptions.defaults());
        assertTrue(r.diagnostics().isEmpty(), r.diagnostics()::toString);
        Function b = r.function();
        assertEquals(Set.of("n", "x", "y"), b.unusedParams());
        assertTrue(StmtUtil.calls(b.body()).isEmpty(), "no call statements stand in for the mark: " + b.body());
        String text = CPrinter.print(b);
        assertTrue(text.contains("{\n    (void) n;\n    (void) x;\n    (void) y;\n"), text);
    }

    // ---- callee kinds --------------------------------------------------------------------------

    private static final String CALLS = """
            void k(int n, const double *x, double *y)
            {
                int i;
                double t;
            #pragma ad gradient(y : x)
                for (i = 0; i < n; i++) {
                    t = sin(x[i]) + fmax(x[i], 0.0);
                    y[i] = g(t) + pa_foo(t) + (double) abs(i);
                }
            }
            """;

    @Test
    void theFrontEndDecidesKindsWhenItMakesTheCall() {
        Function f = TinyC.parse("calls.c", CALLS).function("k").orElseThrow();
        Map<String, CalleeKind> kinds = new LinkedHashMap<>();
        StmtUtil.calls(f.body()).forEach(c -> kinds.put(c.name(), c.kind()));
        assertEquals(Map.of("sin", CalleeKind.INTRINSIC, "fmax", CalleeKind.INTRINSIC, "abs", CalleeKind.INTRINSIC,
                "g", CalleeKind.USER, "pa_foo", CalleeKind.USER), kinds);
    }

    @Test
    void theKindFollowsTheCalleeNotAPrefix() {
        assertEquals(CalleeKind.INTRINSIC, new Call("exp", List.of()).kind());
        assertEquals(CalleeKind.USER, new Call("pa_foo", List.of()).kind());
        assertEquals(CalleeKind.USER, new Call(Runtime.PUSH_D, List.of()).kind(),
                "a runtime call is one a transformation makes, not one spelled like it");
        Variable tape = Runtime.tapeVariable("pa_t");
        Variable v = Variable.scalar("v", BaseType.DOUBLE, Variable.Kind.LOCAL);
        for (Stmt s : List.of(Runtime.init(tape), Runtime.free(tape), Runtime.push(tape, new VarRef(v), true),
                Runtime.push(tape, new VarRef(v), false), Runtime.pop(tape, new VarRef(v), true),
                new CallStmt(Runtime.popInt(tape)))) {
            StmtUtil.calls(s).forEach(c -> assertEquals(CalleeKind.RUNTIME, c.kind(), c.name()));
        }
        Call pop = Runtime.popInt(tape);
        assertEquals(CalleeKind.RUNTIME, pop.withArgs(List.of(new VarRef(tape))).kind());
    }

    @Test
    void reverseModeMarksTheTapeCallsItMakesAsRuntime() {
        TranslationUnit u = TinyC.parse("tape.c", """
                void sq(int n, const double *x, double *y)
                {
                    int i;
                    double t;
                #pragma ad gradient(y : x)
                    t = 0.0;
                    for (i = 0; i < n; i++) {
                        t = t * x[i] + sin(x[i]);
                    }
                    y[0] = t;
                }
                """);
        DiffResult r = Differentiator.differentiate(u, "sq", Mode.REVERSE, DiffOptions.defaults());
        assertTrue(r.diagnostics().isEmpty(), r.diagnostics()::toString);
        List<Call> calls = StmtUtil.calls(r.function().body());
        assertTrue(calls.stream().anyMatch(Call::isRuntime), calls::toString);
        for (Call c : calls) {
            CalleeKind expected = c.name().equals("sin") || c.name().equals("cos") ? CalleeKind.INTRINSIC
                    : CalleeKind.RUNTIME;
            assertEquals(expected, c.kind(), c.name());
        }
    }

    @Test
    void aUserFunctionNamedLikeTheRuntimeGetsAPrototypeAndNoTape() {
        Function f = TinyC.parse("calls.c", CALLS).function("k").orElseThrow();
        String text = CPrinter.printFile(List.of(f));
        assertTrue(text.contains("double pa_foo(double);\n"), text);
        assertTrue(text.contains("double g(double);\n"), text);
        assertFalse(text.contains("PARADJOINT_RUNTIME_H"), text);
        assertFalse(text.contains("<stdlib.h>"), text);
        assertTrue(text.startsWith("#include <math.h>\n\n"), text);
    }

    @Test
    void deadStoresOfUserCallsGoButTapePopsStay() {
        Variable tape = Runtime.tapeVariable("pa_t");
        Variable x = Variable.scalar("x", BaseType.DOUBLE, Variable.Kind.PARAMETER);
        Variable t = Variable.scalar("t", BaseType.DOUBLE, Variable.Kind.LOCAL);
        Variable u = Variable.scalar("u", BaseType.DOUBLE, Variable.Kind.LOCAL);
        Stmt user = Assign.set(new VarRef(t), new Call("pa_foo", List.of(new VarRef(x))));
        Stmt pop = Runtime.pop(tape, new VarRef(u), true);
        Function f = new Function("k", null, List.of(x), List.of(t, u, tape),
                new Block(List.of(Runtime.init(tape), user, pop, Runtime.free(tape))), List.of(), false, null,
                org.paradjoint.core.diag.SourceRange.NONE);
        Function g = DeadDerivatives.remove(f, v -> v.equals(t) || v.equals(u));
        assertEquals(List.of(Runtime.init(tape), pop, Runtime.free(tape)), g.body().stmts());
    }
}
