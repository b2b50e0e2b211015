package org.paradjoint.fortran.print;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TextOperand;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Keeps C's lazy evaluation where Fortran has none. In the IR, {@code c ? a : b} evaluates only
 * the chosen operand and {@code p && q}, {@code p || q} evaluate {@code q} only when needed;
 * Fortran's {@code merge} evaluates both operands and {@code .and.}/{@code .or.} may. When an
 * operand that might not be evaluated could fail or read outside an array (an array element, an
 * integer division, a call other than a math intrinsic), the expression becomes an {@code if}
 * that assigns a temporary before the statement: the operand is computed only on its branch,
 * exactly as in C. Other conditionals stay {@code merge}. Temporaries are block declarations,
 * so that inside a parallel loop they are private.
 */
final class LazyOperands {

    private final FortranExprPrinter types;
    private final Set<String> used = new HashSet<>();
    private int next;

    private LazyOperands(Function f, FortranExprPrinter types) {
        this.types = types;
        f.params().forEach(v -> used.add(v.name().toLowerCase(Locale.ROOT)));
        f.locals().forEach(v -> used.add(v.name().toLowerCase(Locale.ROOT)));
        StmtUtil.mentioned(f.body()).forEach(v -> used.add(v.name().toLowerCase(Locale.ROOT)));
    }

    static Function apply(Function f, FortranExprPrinter types) {
        LazyOperands l = new LazyOperands(f, types);
        return f.withBody(new Block(l.stmts(f.body().stmts()), f.body().range()));
    }

    private List<Stmt> stmts(List<Stmt> in) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : in) {
            out.addAll(stmt(s));
        }
        return out;
    }

    private Block block(Block b) {
        return b == null ? null : new Block(stmts(b.stmts()), b.range());
    }

    private List<Stmt> stmt(Stmt s) {
        List<Stmt> pre = new ArrayList<>();
        switch (s) {
            case Assign a -> {
                LValue target = (LValue) expr(a.target(), pre);
                pre.add(new Assign(target, a.op(), expr(a.value(), pre), a.atomic(), a.pragmas(), a.range()));
            }
            case For f -> {
                Expr lower = expr(f.lower(), pre);
                Expr bound = expr(f.bound(), pre);
                Expr step = expr(f.step(), pre);
                pre.add(new For(f.counter(), lower, f.cmp(), bound, step, block(f.body()), f.omp(), f.pragmas(),
                        f.range(), f.hint()));
            }
            case If i -> pre.add(new If(expr(i.cond(), pre), block(i.then()), block(i.otherwise()), i.range()));
            case Block b -> pre.add(block(b));
            case CallStmt c -> pre.add(new CallStmt((Call) expr(c.call(), pre), c.range()));
            case Return r -> pre.add(new Return(r.value() == null ? null : expr(r.value(), pre), r.range()));
            case Decl d -> pre.add(new Decl(d.var(), d.init() == null ? null : expr(d.init(), pre), d.range()));
        }
        return pre;
    }

    /** {@code e} with its risky lazy operands moved into statements appended to {@code pre}. */
    private Expr expr(Expr e, List<Stmt> pre) {
        return switch (e) {
            case Cond c when !safe(c.then()) || !safe(c.otherwise()) -> {
                Expr cond = expr(c.cond(), pre);
                Variable t = temp(types.type(c));
                pre.add(new Decl(t, null, c.range()));
                pre.add(new If(cond, branch(t, c.then()), branch(t, c.otherwise()), c.range()));
                yield new VarRef(t, c.range());
            }
            case Binary b when (b.op() == Binary.Op.AND || b.op() == Binary.Op.OR) && !safe(b.right()) -> {
                Variable t = temp(FType.INT);
                pre.add(new Decl(t, null, b.range()));
                pre.add(branch(t, b.left()).stmts().get(0));
                Block second = branch(t, b.right());
                Expr test = b.op() == Binary.Op.AND ? new VarRef(t) : new Unary(Unary.Op.NOT, new VarRef(t));
                pre.add(new If(test, second, null, b.range()));
                yield new Binary(Binary.Op.NE, new VarRef(t, b.range()), new IntLit(0), b.range());
            }
            case Cond c -> new Cond(expr(c.cond(), pre), c.then(), c.otherwise(), c.range());
            case Binary b -> new Binary(b.op(), expr(b.left(), pre), expr(b.right(), pre), b.range());
            case Unary u -> new Unary(u.op(), expr(u.operand(), pre), u.range());
            case Cast c -> new Cast(c.type(), expr(c.operand(), pre), c.range());
            case Call c -> c.withArgs(c.args().stream().map(a -> expr(a, pre)).toList());
            case ArrayRef r -> new ArrayRef(r.var(), r.indices().stream().map(a -> expr(a, pre)).toList(), r.range());
            default -> e;
        };
    }

    /** The statements that compute {@code value} into {@code t}, for one branch. */
    private Block branch(Variable t, Expr value) {
        List<Stmt> pre = new ArrayList<>();
        Expr v = expr(value, pre);
        if (types.type(value) == FType.LOGICAL) {
            v = new Cond(v, new IntLit(1), new IntLit(0));
        }
        pre.add(Assign.set(new VarRef(t, value.range()), v));
        return new Block(pre, value.range());
    }

    private Variable temp(FType type) {
        BaseType t = switch (type) {
            case DOUBLE -> BaseType.DOUBLE;
            case FLOAT -> BaseType.FLOAT;
            case LONG -> BaseType.LONG;
            default -> BaseType.INT;
        };
        String name;
        do {
            name = "pa_c" + next++;
        } while (!used.add(name));
        return Variable.scalar(name, t, Variable.Kind.LOCAL);
    }

    /** True when evaluating {@code e} can neither fail nor read an array element. */
    private boolean safe(Expr e) {
        return switch (e) {
            case IntLit l -> true;
            case RealLit l -> true;
            case VarRef r -> true;
            case ArrayRef r -> false;
            case Unary u -> safe(u.operand());
            case Binary b -> (b.op() != Binary.Op.DIV && b.op() != Binary.Op.MOD || types.type(b).isFloating()
                    && b.op() == Binary.Op.DIV) && safe(b.left()) && safe(b.right());
            case Call c -> c.isIntrinsic() && c.args().stream().allMatch(this::safe);
            case Cond c -> safe(c.cond()) && safe(c.then()) && safe(c.otherwise());
            case Cast c -> safe(c.operand());
            case TextOperand t -> throw new IllegalStateException("a C library call's operand in Fortran: " + t.text());
        };
    }
}
