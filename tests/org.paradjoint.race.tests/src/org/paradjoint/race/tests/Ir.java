package org.paradjoint.race.tests;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/** Small builders for hand-made IR in tests. */
final class Ir {

    private Ir() {
    }

    static Variable array(String name, BaseType type, int rank) {
        List<Dim> dims = new ArrayList<>();
        for (int k = 0; k < rank; k++) {
            dims.add(new Dim(new IntLit(0), k == 0 ? null : new IntLit(64)));
        }
        return new Variable(name, type, dims, Variable.Kind.PARAMETER, false, Layout.ROW_MAJOR, SourceRange.NONE);
    }

    static Variable dbl(String name) {
        return array(name, BaseType.DOUBLE, 1);
    }

    static Variable ints(String name) {
        return array(name, BaseType.INT, 1);
    }

    static Variable intVar(String name) {
        return Variable.scalar(name, BaseType.INT, Variable.Kind.LOCAL);
    }

    static Variable dblVar(String name) {
        return Variable.scalar(name, BaseType.DOUBLE, Variable.Kind.LOCAL);
    }

    static VarRef v(Variable x) {
        return new VarRef(x);
    }

    static IntLit n(long value) {
        return new IntLit(value);
    }

    static ArrayRef at(Variable a, Expr... idx) {
        return new ArrayRef(a, List.of(idx));
    }

    static Expr add(Expr a, Expr b) {
        return new Binary(Binary.Op.ADD, a, b);
    }

    static Expr sub(Expr a, Expr b) {
        return new Binary(Binary.Op.SUB, a, b);
    }

    static Expr mul(Expr a, Expr b) {
        return new Binary(Binary.Op.MUL, a, b);
    }

    static Expr bin(Binary.Op op, Expr a, Expr b) {
        return new Binary(op, a, b);
    }

    static Assign set(org.paradjoint.core.ir.LValue t, Expr e) {
        return Assign.set(t, e);
    }

    static Assign inc(org.paradjoint.core.ir.LValue t, Expr e) {
        return new Assign(t, Assign.Op.ADD, e);
    }

    static If iff(Expr c, Stmt... then) {
        return new If(c, Block.of(then), null);
    }

    static For loop(Variable i, Expr lo, Expr hi, long step, Stmt... body) {
        return new For(i, lo, Binary.Op.LT, hi, n(step), Block.of(body), null, List.of(), SourceRange.NONE);
    }

    static For parallel(Variable i, Expr lo, Expr hi, long step, List<Variable> privates, Stmt... body) {
        return new For(i, lo, Binary.Op.LT, hi, n(step), Block.of(body),
                OmpParallelFor.plain().withPrivates(privates), List.of(), SourceRange.NONE);
    }

    static Function function(List<Variable> params, List<Variable> locals, List<String> deps, List<String> indeps,
            Stmt... body) {
        return new Function("f", null, params, locals, Block.of(body),
                List.of(new AdPragma.Gradient(deps, indeps, SourceRange.NONE)), false, null, SourceRange.NONE);
    }
}
