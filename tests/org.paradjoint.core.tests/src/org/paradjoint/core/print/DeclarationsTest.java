package org.paradjoint.core.print;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.Linkage;
import org.paradjoint.core.ir.LoopHint;
import org.paradjoint.core.ir.Macro;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.tests.support.Gcc;

/**
 * What generated files declare besides the functions front-ends map: file-scope variables,
 * zero-initialised locals, functions returning a pointer, storage classes and loop hints that are
 * macros of a support header, and prototypes printed from the function.
 */
class DeclarationsTest {

    private static final String SUPPORT = """
            #define SPECIALIZED static inline
            #define UNROLL _Pragma("GCC unroll 4")
            typedef struct { int n; int *heap; int small[2]; } set;
            """;

    private static Variable variable(String name, BaseType type, Variable.Kind kind, Dim... dims) {
        return new Variable(name, type, List.of(dims), kind, false, Layout.ROW_MAJOR, SourceRange.NONE);
    }

    private static Function function(String name, Linkage linkage, List<Variable> params, List<Variable> locals,
            Block body) {
        return new Function(name, null, params, locals, body, List.of(), linkage, null, SourceRange.NONE, Set.of(),
                Function.ReturnKind.VALUE);
    }

    @Test
    void generatedDeclarationsPrintAndCompileWarningFree() {
        Variable total = variable("total", BaseType.DOUBLE, Variable.Kind.FILE_SCOPE, Dim.c(new IntLit(4)));
        Variable counts = variable("counts", BaseType.INT, Variable.Kind.FILE_SCOPE, new Dim(new IntLit(0), null));
        String statics = CPrinter.declarations(List.of(total, counts));
        assertEquals("static double total[4];\nstatic int *counts;\n", statics);

        Variable k = Variable.scalar("k", BaseType.INT, Variable.Kind.LOCAL);
        Variable x = variable("x", BaseType.DOUBLE, Variable.Kind.PARAMETER, new Dim(new IntLit(0), null));
        Variable sets = variable("sets", BaseType.DOUBLE, Variable.Kind.ZEROED_LOCAL, Dim.c(new IntLit(1)));
        For loop = new For(k, new IntLit(0), Binary.Op.LT, new IntLit(4), new IntLit(1), Block.of(Assign.set(
                new ArrayRef(total, List.of(new VarRef(k))), new ArrayRef(x, List.of(new VarRef(k))))), null,
                List.of(), SourceRange.NONE, new Macro("UNROLL"));
        Function add = function("add", new Macro("SPECIALIZED"), List.of(x), List.of(k, sets),
                Block.of(loop, Assign.set(new ArrayRef(x, List.of(new IntLit(0))), new ArrayRef(sets,
                        List.of(new IntLit(0))))));
        assertEquals("""
                SPECIALIZED void add(double *x)
                {
                    int k;
                    double sets[1] = {0};
                    UNROLL
                    for (k = 0; k < 4; k++) {
                        total[k] = x[k];
                    }
                    x[0] = sets[0];
                }
                """, CPrinter.print(add));

        Function counter = new Function("counter", BaseType.INT, List.of(), List.of(), Block.of(new Return(
                new VarRef(counts), SourceRange.NONE)), List.of(), Linkage.EXTERNAL, "The counts", SourceRange.NONE,
                Set.of(), Function.ReturnKind.CONST_POINTER);
        assertEquals("const int *counter(void);", CPrinter.prototype(counter));
        Function caller = function("caller", Linkage.EXTERNAL, List.of(x), List.of(),
                Block.of(new CallStmt(new Call("add", List.of(new VarRef(x))))));
        assertEquals("void caller(double *x);", CPrinter.prototype(caller));
        Function reset = function("reset", Linkage.STATIC, List.of(), List.of(), Block.of(Assign.set(new ArrayRef(
                total, List.of(new IntLit(0))), new RealLit(0.0))));
        assertEquals("static void reset(void);", CPrinter.prototype(reset));

        String file = SUPPORT + statics + CPrinter.prototype(counter) + "\n" + CPrinter.prototype(caller) + "\n"
                + CPrinter.print(add) + CPrinter.print(counter) + CPrinter.print(caller) + CPrinter.print(reset)
                + "void use(void);\nvoid use(void)\n{\n    reset();\n}\n";
        Gcc.assertCompiles("declarations.c", file);
    }

    @Test
    void hintsAndLinkageAreStructure() {
        Variable k = Variable.scalar("k", BaseType.INT, Variable.Kind.LOCAL);
        For plain = new For(k, new IntLit(0), Binary.Op.LT, new IntLit(4), new IntLit(1), Block.of(), null,
                List.of(), SourceRange.NONE);
        assertEquals(plain.withHint(new Macro("UNROLL")), plain.withHint(new Macro("UNROLL")));
        assertNotEquals(plain, plain.withHint(LoopHint.SIMD));
        Function f = function("f", Linkage.EXTERNAL, List.of(), List.of(), Block.of());
        assertNotEquals(f, f.withLinkage(Linkage.STATIC));
        assertEquals(f.withLinkage(new Macro("SPECIALIZED")), f.withLinkage(new Macro("SPECIALIZED")));
        assertThrows(IllegalArgumentException.class, () -> new Macro("static inline"));
    }
}
