package org.paradjoint.core.print;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.ArrayRef;
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
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/** The IR as C and Fortran users write it, and the race analysis's mixed spelling. */
class MessageSpellingTest {

    static Variable array(String name, int rank, Layout layout) {
        List<Dim> dims = java.util.Collections.nCopies(rank, new Dim(new IntLit(0), new IntLit(10)));
        return new Variable(name, BaseType.DOUBLE, dims, Variable.Kind.PARAMETER, false, layout, SourceRange.NONE);
    }

    static final VarRef I = new VarRef(Variable.scalar("i", BaseType.INT, Variable.Kind.LOCAL));
    static final VarRef J = new VarRef(Variable.scalar("j", BaseType.INT, Variable.Kind.LOCAL));
    static final VarRef X = new VarRef(Variable.scalar("x", BaseType.DOUBLE, Variable.Kind.LOCAL));

    static Expr bin(Binary.Op op, Expr a, Expr b) {
        return new Binary(op, a, b);
    }

    @Test
    void arrayElements() {
        ArrayRef c = new ArrayRef(array("u", 2, Layout.ROW_MAJOR), List.of(bin(Binary.Op.SUB, I, new IntLit(1)), J));
        ArrayRef f = new ArrayRef(array("u", 2, Layout.COLUMN_MAJOR), List.of(bin(Binary.Op.SUB, I, new IntLit(1)), J));
        assertEquals("u[i - 1][j]", MessageSpelling.C.expr(c));
        assertEquals("u(i - 1, j)", MessageSpelling.FORTRAN.expr(f));
        assertEquals("u[i - 1][j]", MessageSpelling.C.expr(f));
        assertEquals("u[i - 1][j]", MessageSpelling.ARRAYS_BY_LAYOUT.expr(c));
        assertEquals("u(i - 1, j)", MessageSpelling.ARRAYS_BY_LAYOUT.expr(f));
        assertEquals("ub(i - 1, j)", ExprText.renamed(f, "ub"));
        assertEquals("(i, j)", MessageSpelling.FORTRAN.element("", List.of("i", "j")));
    }

    @Test
    void operatorsAndIntrinsics() {
        Expr logic = bin(Binary.Op.AND, bin(Binary.Op.NE, I, new IntLit(0)), new Unary(Unary.Op.NOT,
                bin(Binary.Op.OR, bin(Binary.Op.EQ, J, new IntLit(1)), bin(Binary.Op.LT, X, new RealLit(0.5)))));
        assertEquals("i != 0 && !(j == 1 || x < 0.5)", MessageSpelling.C.expr(logic));
        assertEquals("i != 0 && !(j == 1 || x < 0.5)", ExprText.of(logic));
        assertEquals("i /= 0 .and. .not. (j == 1 .or. x < 0.5d0)", MessageSpelling.FORTRAN.expr(logic));

        Expr pow = new Call("pow", List.of(bin(Binary.Op.ADD, X, new RealLit(1.0)), new RealLit(2.0)));
        assertEquals("pow(x + 1.0, 2.0)", MessageSpelling.C.expr(pow));
        assertEquals("(x + 1.0d0)**2", MessageSpelling.FORTRAN.expr(pow));
        Expr max3 = new Call("fmax", List.of(new Call("fmax", List.of(X, new Call("fabs", List.of(X)))),
                new RealLit(1.0)));
        assertEquals("max(x, abs(x), 1.0d0)", MessageSpelling.FORTRAN.expr(max3));
        assertEquals("mod(i, 2) * j", MessageSpelling.FORTRAN.expr(bin(Binary.Op.MUL,
                bin(Binary.Op.MOD, I, new IntLit(2)), J)));
        assertEquals("max(i, j)", MessageSpelling.FORTRAN.expr(new Cond(bin(Binary.Op.GE, I, J), I, J)));
        assertEquals("merge(x, 0.0d0, i > 0)", MessageSpelling.FORTRAN.expr(new Cond(bin(Binary.Op.GT, I,
                new IntLit(0)), X, new RealLit(0.0))));
        assertEquals("i > 0 ? x : 0.0", MessageSpelling.C.expr(new Cond(bin(Binary.Op.GT, I, new IntLit(0)), X,
                new RealLit(0.0))));
        assertEquals("real(i, 8)", MessageSpelling.FORTRAN.expr(new Cast(BaseType.DOUBLE, I)));
        assertEquals("(double) i", MessageSpelling.C.expr(new Cast(BaseType.DOUBLE, I)));
        assertEquals("nint(x)", MessageSpelling.FORTRAN.expr(new Cast(BaseType.INT, new Call("round", List.of(X)))));
        assertEquals("-(i + j)", MessageSpelling.FORTRAN.expr(new Unary(Unary.Op.NEG, bin(Binary.Op.ADD, I, J))));
    }

    @Test
    void typesAnnotationsStatements() {
        assertEquals("double", MessageSpelling.C.type(BaseType.DOUBLE));
        assertEquals("real(8)", MessageSpelling.FORTRAN.type(BaseType.DOUBLE));
        assertEquals("integer", MessageSpelling.FORTRAN.type(BaseType.INT));
        assertEquals("#pragma ad elemental", MessageSpelling.C.annotation("elemental"));
        assertEquals("!$ad elemental", MessageSpelling.FORTRAN.annotation("elemental"));
        assertEquals("s = 0.0;", MessageSpelling.C.statement("s = " + MessageSpelling.C.realLiteral(0.0)));
        assertEquals("s = 0.0d0", MessageSpelling.FORTRAN.statement("s = " + MessageSpelling.FORTRAN.realLiteral(0.0)));
        assertEquals("r[i] += ...", MessageSpelling.C.assignment("r[i]", Assign.Op.ADD, "..."));
        assertEquals("r(i) = r(i) + ...", MessageSpelling.FORTRAN.assignment("r(i)", Assign.Op.ADD, "..."));
        assertEquals(MessageSpelling.FORTRAN, MessageSpelling.of(TranslationUnit.Language.FORTRAN));
        assertEquals(MessageSpelling.C, MessageSpelling.of((TranslationUnit) null));
    }
}
