package org.paradjoint.fortran.tests;

import java.util.List;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/** Exact IR trees for expected values (no simplification, unlike core's smart constructors). */
final class Ir {

    private Ir() {
    }

    static IntLit i(long v) {
        return new IntLit(v);
    }

    static RealLit r(double v) {
        return new RealLit(v);
    }

    static VarRef v(Variable x) {
        return new VarRef(x);
    }

    static VarRef v(String name, BaseType t) {
        return new VarRef(Variable.scalar(name, t, Variable.Kind.LOCAL));
    }

    static ArrayRef el(Variable a, Expr... idx) {
        return new ArrayRef(a, List.of(idx));
    }

    static Binary bin(Binary.Op op, Expr l, Expr r) {
        return new Binary(op, l, r);
    }

    static Binary add(Expr l, Expr r) {
        return bin(Binary.Op.ADD, l, r);
    }

    static Binary sub(Expr l, Expr r) {
        return bin(Binary.Op.SUB, l, r);
    }

    static Binary mul(Expr l, Expr r) {
        return bin(Binary.Op.MUL, l, r);
    }

    static Unary neg(Expr e) {
        return new Unary(Unary.Op.NEG, e);
    }

    static Unary not(Expr e) {
        return new Unary(Unary.Op.NOT, e);
    }

    static Call call(String name, Expr... args) {
        return new Call(name, List.of(args));
    }

    static Cast cast(BaseType t, Expr e) {
        return new Cast(t, e);
    }

    static Cond cond(Expr c, Expr a, Expr b) {
        return new Cond(c, a, b);
    }
}
