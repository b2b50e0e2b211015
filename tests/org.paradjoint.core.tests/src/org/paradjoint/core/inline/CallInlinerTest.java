package org.paradjoint.core.inline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.tests.support.TinyC;

class CallInlinerTest {

    private static final String UNIT = """
            double sq(double v)
            {
                double w;
                w = v * v;
                return w;
            }

            double clip(double a, double lim)
            {
                if (a > lim) {
                    return lim;
                }
                a = a * 0.5;
                return a;
            }

            void f(int n, const double *x, double *y)
            {
                y[0] = sq(x[0]) + clip(x[1], 2.0);
            }
            """;

    /** Fresh names as the transformations hand them out: {@code base}, {@code base0}, ... */
    private static FreshNames namesOf(Function f) {
        Set<String> used = new HashSet<>();
        f.params().forEach(v -> used.add(v.name()));
        f.locals().forEach(v -> used.add(v.name()));
        StmtUtil.mentioned(f.body()).forEach(v -> used.add(v.name()));
        return (like, base) -> {
            String name = base;
            for (int k = 0; used.contains(name); k++) {
                name = base + k;
            }
            used.add(name);
            return like.withName(name);
        };
    }

    private static Function inline(CallInliner inliner, TranslationUnit unit, String name) {
        return inliner.inline(unit.function(name).orElseThrow());
    }

    private static List<Variable> declared(Function f) {
        List<Variable> out = new ArrayList<>();
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof Decl d) {
                out.add(d.var());
            }
        });
        return out;
    }

    @Test
    void inPlaceDeclaresTheNewVariablesWhereTheyAreIntroduced() {
        TranslationUnit unit = TinyC.parse("k.c", UNIT);
        Function f = unit.function("f").orElseThrow();
        Function g = CallInliner.of(unit, namesOf(f)).inline(f);
        String text = CPrinter.print(g);
        assertTrue(StmtUtil.calls(g.body()).isEmpty(), text);
        assertEquals(f.locals(), g.locals(), text);
        assertEquals(List.of("sq_r", "v", "w", "clip_r", "a"), declared(g).stream().map(Variable::name).toList(), text);
        // the written parameter a gets a copy initialised with the argument; the read-only lim is substituted
        assertTrue(text.contains("double a = x[1];"), text);
        assertTrue(text.contains("clip_r = 2.0;"), text);
        assertFalse(text.contains("lim"), text);
    }

    @Test
    void asLocalsAppendsTheNewVariablesToTheLocalsInTheOrderIntroduced() {
        TranslationUnit unit = TinyC.parse("k.c", UNIT);
        Function f = unit.function("f").orElseThrow();
        Function g = CallInliner.of(unit, namesOf(f)).declaring(CallInliner.Declarations.AS_LOCALS).inline(f);
        String text = CPrinter.print(g);
        assertTrue(declared(g).isEmpty(), text);
        assertEquals(List.of("sq_r", "v", "w", "clip_r", "a"), g.locals().stream().map(Variable::name).toList(), text);
        assertTrue(text.contains("a = x[1];"), text);
    }

    @Test
    void earlyReturnsBecomeBranches() {
        TranslationUnit unit = TinyC.parse("k.c", UNIT);
        Function clip = unit.function("clip").orElseThrow();
        Variable result = Variable.scalar("r", clip.returnType(), Variable.Kind.LOCAL);
        List<Stmt> lowered = ReturnLowering.lower(clip.body().stmts(), new VarRef(result));
        String text = lowered.stream().map(CPrinter::print).reduce("", String::concat);
        lowered.forEach(s -> StmtUtil.forEach(s, x -> assertFalse(x instanceof Return, text)));
        assertTrue(text.contains("r = lim;"), text);
        assertTrue(text.contains("} else {"), text);
        assertTrue(text.contains("r = a;"), text);
    }

    @Test
    void otherCallsAreErrorsUnlessKept() {
        String src = """
                void f(int n, double *y)
                {
                    pa_helper(n, y);
                    y[0] = pa_scale(y[0]);
                }
                """;
        TranslationUnit unit = TinyC.parse("k.c", src);
        Function f = unit.function("f").orElseThrow();
        UnsupportedException e = assertThrows(UnsupportedException.class,
                () -> CallInliner.of(unit, namesOf(f)).inline(f));
        assertEquals("unknown-function", e.diagnostic().code());
        Function kept = CallInliner.of(unit, namesOf(f)).keeping(name -> name.startsWith("pa_")).inline(f);
        assertEquals(2, StmtUtil.calls(kept.body()).size(), CPrinter.print(kept));
    }

    @Test
    void recursionNamesTheChainOfCalls() {
        String src = """
                double g(double v)
                {
                    return h(v);
                }

                double h(double v)
                {
                    return g(v) + 1.0;
                }

                void f(double *y)
                {
                    y[0] = g(y[0]);
                }
                """;
        TranslationUnit unit = TinyC.parse("k.c", src);
        UnsupportedException e = assertThrows(UnsupportedException.class,
                () -> inline(CallInliner.of(unit, namesOf(unit.function("f").orElseThrow())), unit, "f"));
        assertEquals("recursion", e.diagnostic().code());
        assertTrue(e.getMessage().contains("f -> g -> h"), e.getMessage());
    }
}
