package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Replaces by zero the reads of generated scalar locals that are zero wherever they are read,
 * and drops the increments that then add zero. When adjoint liveness removes a forward
 * computation that only fed results no derivative needs (a loop computing a passive output with
 * a private scalar {@code t}), the adjoint of that loop is left reading {@code tb}, declared
 * {@code double tb = 0.0;} and never incremented: {@code xb[i] += 3.0 * tb;} adds zero in a
 * parallel loop of its own. Without those statements the loop is empty and adjoint liveness
 * removes it. Zero is zero in the sense of {@link Exprs}: {@code x * 0} is {@code 0}.
 */
final class ZeroAdjoints {

    private ZeroAdjoints() {
    }

    /** {@code f} with the always-zero locals {@code generated} accepts folded away. */
    static Function apply(Function f, Predicate<Variable> generated) {
        List<Stmt> stmts = f.body().stmts();
        for (Variable v : f.locals()) {
            if (generated.test(v) && v.isScalar() && v.isFloating() && onlyZero(v, stmts)) {
                stmts = folded(v, stmts);
            }
        }
        return f.withBody(without(declared(new Block(stmts, f.body().range()), generated), ZeroAdjoints::addsZero));
    }

    /** Folds the zero locals declared in {@code b} (zero-initialised) over the rest of their block. */
    private static Block declared(Block b, Predicate<Variable> generated) {
        List<Stmt> stmts = new ArrayList<>(b.stmts());
        for (int k = 0; k < stmts.size(); k++) {
            if (stmts.get(k) instanceof Decl d && generated.test(d.var()) && d.var().isScalar()
                    && d.var().isFloating() && d.init() != null && Exprs.isZero(d.init())) {
                List<Stmt> scope = stmts.subList(k + 1, stmts.size());
                if (onlyZero(d.var(), scope)) {
                    List<Stmt> rest = folded(d.var(), scope);
                    scope.clear();
                    scope.addAll(rest);
                }
            }
        }
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            out.add(switch (s) {
                case Block x -> declared(x, generated);
                case For f -> f.withBody(declared(f.body(), generated));
                case If i -> new If(i.cond(), declared(i.then(), generated),
                        i.otherwise() == null ? null : declared(i.otherwise(), generated), i.range());
                default -> s;
            });
        }
        return new Block(out, b.range());
    }

    /**
     * True when every write of {@code v} in {@code scope} stores zero; a declaration of the same
     * name (another block's variable) makes the answer no, to stay on the safe side.
     */
    private static boolean onlyZero(Variable v, List<Stmt> scope) {
        boolean[] zero = {true};
        for (Stmt s : scope) {
            StmtUtil.forEach(s, x -> {
                if (x instanceof Assign a && a.target().var().equals(v) && !isZeroStore(a)
                        || x instanceof Decl d && d.var().equals(v)) {
                    zero[0] = false;
                }
            });
        }
        return zero[0];
    }

    private static boolean isZeroStore(Assign a) {
        return a.op() == Assign.Op.SET && a.target() instanceof VarRef && Exprs.isZero(a.value());
    }

    /** {@code scope} without the zero stores to {@code v}, and with its reads replaced by 0. */
    private static List<Stmt> folded(Variable v, List<Stmt> scope) {
        Map<Variable, Expr> zero = Map.of(v, Exprs.real(0.0));
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : without(new Block(scope), x -> x instanceof Assign a && a.target().var().equals(v)).stmts()) {
            out.add(StmtUtil.mapExprs(s, e -> ExprUtil.references(e, v)
                    ? ExprUtil.simplify(ExprUtil.substitute(e, zero)) : e));
        }
        return out;
    }

    /** {@code x += 0} and {@code x -= 0}. */
    private static boolean addsZero(Stmt s) {
        return s instanceof Assign a && (a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB)
                && Exprs.isZero(a.value());
    }

    /** {@code b} without the assignments {@code drop} accepts, wherever they are. */
    private static Block without(Block b, Predicate<Stmt> drop) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : b.stmts()) {
            switch (s) {
                case Assign a when drop.test(a) -> {
                }
                case Block x -> out.add(without(x, drop));
                case For f -> out.add(f.withBody(without(f.body(), drop)));
                case If i -> out.add(new If(i.cond(), without(i.then(), drop),
                        i.otherwise() == null ? null : without(i.otherwise(), drop), i.range()));
                default -> out.add(s);
            }
        }
        return new Block(out, b.range());
    }
}
