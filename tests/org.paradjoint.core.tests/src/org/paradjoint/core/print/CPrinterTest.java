package org.paradjoint.core.print;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.tests.support.Gcc;
import org.paradjoint.core.tests.support.TinyC;
import org.paradjoint.core.diag.SourceRange;

/** Minimal parentheses by C precedence, literals, declarators, statements. */
class CPrinterTest {

    private static final VarRef A = v("a");
    private static final VarRef B = v("b");
    private static final VarRef C = v("c");

    private static VarRef v(String n) {
        return new VarRef(Variable.scalar(n, BaseType.DOUBLE, Variable.Kind.LOCAL));
    }

    private static Expr bin(Binary.Op op, Expr l, Expr r) {
        return new Binary(op, l, r);
    }

    private static Expr neg(Expr e) {
        return new Unary(Unary.Op.NEG, e);
    }

    private static String p(Expr e) {
        return CPrinter.print(e);
    }

    @Test
    void associativityKeepsTheTreeExactly() {
        assertEquals("a - (b - c)", p(bin(Binary.Op.SUB, A, bin(Binary.Op.SUB, B, C))));
        assertEquals("a - b - c", p(bin(Binary.Op.SUB, bin(Binary.Op.SUB, A, B), C)));
        assertEquals("a + (b + c)", p(bin(Binary.Op.ADD, A, bin(Binary.Op.ADD, B, C))), "not reassociated");
        assertEquals("a / (b * c)", p(bin(Binary.Op.DIV, A, bin(Binary.Op.MUL, B, C))));
        assertEquals("a * b / c", p(bin(Binary.Op.DIV, bin(Binary.Op.MUL, A, B), C)));
        assertEquals("a * (b / c)", p(bin(Binary.Op.MUL, A, bin(Binary.Op.DIV, B, C))));
        assertEquals("(a + b) * c", p(bin(Binary.Op.MUL, bin(Binary.Op.ADD, A, B), C)));
        assertEquals("a + b * c", p(bin(Binary.Op.ADD, A, bin(Binary.Op.MUL, B, C))));
    }

    @Test
    void unaryMinus() {
        assertEquals("-(a + b)", p(neg(bin(Binary.Op.ADD, A, B))));
        assertEquals("-a * b", p(neg(bin(Binary.Op.MUL, A, B))), "-(a*b) == (-a)*b exactly");
        assertEquals("c * (-a * b)", p(bin(Binary.Op.MUL, C, neg(bin(Binary.Op.MUL, A, B)))));
        assertEquals("-(-a)", p(neg(neg(A))));
        assertEquals("a - (-b)", p(bin(Binary.Op.SUB, A, neg(B))));
        assertEquals("a + (-1.0)", p(bin(Binary.Op.ADD, A, new RealLit(-1.0))));
        assertEquals("a - (-3)", p(bin(Binary.Op.SUB, A, new IntLit(-3))));
        assertEquals("a * -b", p(bin(Binary.Op.MUL, A, neg(B))));
        assertEquals("-a - b", p(bin(Binary.Op.SUB, neg(A), B)));
    }

    @Test
    void castsConditionalsAndLogic() {
        VarRef i = new VarRef(Variable.scalar("i", BaseType.INT, Variable.Kind.LOCAL));
        assertEquals("(double) (i + 1)", p(new Cast(BaseType.DOUBLE, bin(Binary.Op.ADD, i, new IntLit(1)))));
        assertEquals("(double) i * a", p(bin(Binary.Op.MUL, new Cast(BaseType.DOUBLE, i), A)));
        Expr cond = new Cond(bin(Binary.Op.GE, A, B), A, B);
        assertEquals("a >= b ? a : b", p(cond));
        assertEquals("(a >= b ? a : b) * c", p(bin(Binary.Op.MUL, cond, C)));
        assertEquals("a > 0.0 ? a : b > 0.0 ? b : c", p(new Cond(bin(Binary.Op.GT, A, new RealLit(0.0)), A,
                new Cond(bin(Binary.Op.GT, B, new RealLit(0.0)), B, C))));
        assertEquals("(a ? b : c) ? a : b", p(new Cond(new Cond(A, B, C), A, B)));
        assertEquals("a < b && b < c || a > c", p(bin(Binary.Op.OR, bin(Binary.Op.AND, bin(Binary.Op.LT, A, B),
                bin(Binary.Op.LT, B, C)), bin(Binary.Op.GT, A, C))).replace("(", "").replace(")", ""));
        assertEquals("(a < b && b < c) || a > c", p(bin(Binary.Op.OR, bin(Binary.Op.AND, bin(Binary.Op.LT, A, B),
                bin(Binary.Op.LT, B, C)), bin(Binary.Op.GT, A, C))));
        assertEquals("(a < b) == (b < c)", p(bin(Binary.Op.EQ, bin(Binary.Op.LT, A, B), bin(Binary.Op.LT, B, C))));
        assertEquals("fmax(a, b + c)", p(new Call("fmax", List.of(A, bin(Binary.Op.ADD, B, C)))));
    }

    @Test
    void literals() {
        assertEquals("2.0", p(new RealLit(2.0)));
        assertEquals("0.5", p(new RealLit(0.5)));
        assertEquals("1.0e-5", p(new RealLit(1e-5)));
        assertEquals("1.0E-5", p(new RealLit(1e-5, "1.0E-5", SourceRange.NONE)), "the user's spelling is kept");
        assertEquals("3", p(new IntLit(3)));
        assertEquals("10000000000L", p(new IntLit(10_000_000_000L)));
    }

    @Test
    void declarators() {
        VarRef n = new VarRef(Variable.scalar("n", BaseType.INT, Variable.Kind.PARAMETER));
        assertEquals("double *y", CPrinter.declarator(arr("y", BaseType.DOUBLE, false, (Expr) null)));
        assertEquals("double u[n][n][n]", CPrinter.declarator(arr("u", BaseType.DOUBLE, false, n, n, n)));
        assertEquals("const double (*cl)[64]", CPrinter.declarator(arr("cl", BaseType.DOUBLE, true, null,
                new IntLit(64))));
        assertEquals("const int (*mss)[4]", CPrinter.declarator(arr("mss", BaseType.INT, true, null, new IntLit(4))));
        assertEquals("const double w[9][9]", CPrinter.declarator(arr("w", BaseType.DOUBLE, true, new IntLit(9),
                new IntLit(9))));
        assertEquals("double a", CPrinter.declarator(Variable.scalar("a", BaseType.DOUBLE, Variable.Kind.PARAMETER)));
    }

    private static Variable arr(String name, BaseType t, boolean isConst, Expr... extents) {
        List<Dim> dims = java.util.Arrays.stream(extents).map(Dim::c).toList();
        return new Variable(name, t, dims, Variable.Kind.PARAMETER, isConst, Layout.ROW_MAJOR, SourceRange.NONE);
    }

    @Test
    void statementsAndAtomics() {
        Assign a = new Assign(new VarRef(Variable.scalar("s", BaseType.DOUBLE, Variable.Kind.LOCAL)), Assign.Op.ADD,
                bin(Binary.Op.MUL, A, B)).withAtomic(true);
        assertEquals("#pragma omp atomic\ns += a * b;\n", CPrinter.print(a));
    }

    @Test
    void printedPrimalsCompileAndKeepTheirShape() {
        String src = """
                void k(int n, double u[n][n], const double (*c)[8], const int (*m)[4], const double w[9][9], double *y)
                {
                    int i, j;
                    double t;
                #pragma omp parallel for private(i, j, t) schedule(dynamic)
                    for (i = 0; i < n; i++) {
                        t = 0.0;
                        for (j = n - 1; j >= 0; j -= 2) {
                            t = t - (u[i][j] - c[i][j % 8]) / (w[1][2] * y[m[i][0] % n]);
                        }
                        if (t > 0.0 && t < 1.0 || t < -1.0) {
                            y[i] = -(t * t);
                        } else if (t > 5.0) {
                            y[i] = (double) i * 1.0e-3;
                        } else {
                            y[i] = t > 2.0 ? t : -t;
                        }
                    }
                }
                """;
        String text = CPrinter.printFile(TinyC.parse("k.c", src).functions());
        Gcc.assertCompiles("k.c", text);
        assertTrue(text.contains("void k(int n, double u[n][n], const double (*c)[8], const int (*m)[4],"), text);
        assertTrue(text.contains("#pragma omp parallel for private(i, j, t) schedule(dynamic)"), text);
        assertTrue(text.contains("t = t - (u[i][j] - c[i][j % 8]) / (w[1][2] * y[m[i][0] % n]);"), text);
        assertTrue(text.contains("if ((t > 0.0 && t < 1.0) || t < -1.0) {"), text);
        assertTrue(text.contains("} else if (t > 5.0) {"), text);
        assertTrue(text.contains("y[i] = (double) i * 1.0e-3;"), text);
        assertTrue(text.contains("for (j = n - 1; j >= 0; j -= 2) {"), text);
        assertTrue(text.contains("y[i] = -t * t;"), text);
    }
}
