package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.analysis.Activity;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.mpi.Communication;
import org.paradjoint.core.rules.Partials;

/**
 * Tangent (forward) mode: every active assignment is preceded by the assignment of its
 * derivative (before, because the target may occur in its own right-hand side). Loops, branches
 * and parallel loops keep their shape; the derivatives of private active scalars are private,
 * those of {@code reduction(+:s)} variables join the reduction.
 */
final class Tangent {

    private final DiffContext cx;
    /** Locals of the max/min loops' winner searches. */
    private final List<Variable> extraLocals = new ArrayList<>();

    Tangent(DiffContext cx) {
        this.cx = cx;
    }

    Function generate() {
        List<Stmt> body = new ArrayList<>();
        List<Stmt> main = StmtUtil.flatMap(cx.fn.body().stmts(), this::stmt);
        // derivatives of active locals and of active by-value parameters that are not independents start at zero
        List<Variable> zeroed = new ArrayList<>();
        java.util.Set<Variable> maybeUninitialized = org.paradjoint.core.analysis.Initialization
                .maybeReadUninitialized(cx.fn.body(), cx.fn.params());
        for (Variable v : cx.fn.locals()) {
            if (cx.isActive(v) && (v.isArray() || maybeUninitialized.contains(v))) {
                zeroed.add(v);
            }
        }
        for (Variable p : cx.fn.params()) {
            if (cx.isActive(p) && !cx.hasDerivativeParam(p)) {
                zeroed.add(p);
            }
        }
        List<Variable> counters = new ArrayList<>();
        for (Variable v : zeroed) {
            body.addAll(Zeroing.zero(cx.derivative(v), cx.names, counters));
        }
        body.addAll(main);
        List<Variable> locals = new ArrayList<>(cx.fn.locals());
        locals.addAll(cx.derivativeLocals());
        locals.addAll(counters);
        locals.addAll(extraLocals);
        Function f = new Function(cx.functionName(), null, cx.derivedParams(), locals, new Block(body), List.of(),
                false, cx.comment(), cx.fn.range());
        // the primal's own locals as well: f_d copies the primal, and a value the user sets but never
        // reads would be set but unused there too (gcc -Wunused-but-set-variable); a store to a local
        // has no effect outside the function, so dropping it changes no result
        return Cleanup.apply(DeadDerivatives.remove(f, v -> !v.isParameter() && !f.params().contains(v)));
    }

    private List<Stmt> stmt(Stmt s) {
        List<Stmt> out = new ArrayList<>();
        switch (s) {
            case Assign a -> {
                Variable v = a.target().var();
                if (cx.isActive(v)) {
                    LValue dv = cx.derivativeRef(a.target());
                    if (a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB) {
                        Expr d = tangentOf(a.value());
                        if (!Exprs.isZero(d)) {
                            out.add(new Assign(dv, a.op(), d, a.atomic(), List.of(), a.range()));
                        }
                    } else {
                        if (a.atomic()) {
                            throw new UnsupportedException("unsupported-atomic.atomic-active-variable", a.range(),
                                    "atomic", a.op().symbol);
                        }
                        out.add(new Assign(dv, Assign.Op.SET, tangentOf(Activity.effectiveValue(a)), false, List.of(),
                                a.range()));
                    }
                }
                out.add(a);
            }
            case For f when MinMaxReductions.of(f, cx::isActive) != null -> {
                MinMaxReductions.Form form = MinMaxReductions.of(f, cx::isActive);
                Variable initial = local("pa_m0", form.result().type());
                Variable winner = local("pa_w", BaseType.INT);
                Variable distance = local("pa_mgap", form.result().type());
                out.addAll(MinMaxReductions.primalAndWinner(form, initial, winner, distance));
                out.add(MinMaxReductions.atWinner(form, winner, stmt(MinMaxReductions.winningAssignment(form))));
            }
            case For f when ProductReductions.of(f, cx::isActive) != null -> {
                ProductReductions.Form form = ProductReductions.of(f, cx::isActive);
                ProductReductions.Locals l = ProductReductions.Locals.make(form, this::local);
                out.addAll(ProductReductions.primalAndCounts(form, l));
                out.addAll(ProductReductions.tangent(form, l, local("pa_dsum", form.result().type()),
                        cx.derivativeRef(new VarRef(form.result())), this::tangentOf));
            }
            case For f -> out.add(new For(f.counter(), f.lower(), f.cmp(), f.bound(), f.step(),
                    StmtUtil.flatMap(f.body(), this::stmt), f.omp() == null ? null : omp(f.omp()), List.of(),
                    f.range()));
            case If i -> out.add(new If(i.cond(), StmtUtil.flatMap(i.then(), this::stmt),
                    StmtUtil.flatMap(i.otherwise(), this::stmt), i.range()));
            case Block b -> out.add(StmtUtil.flatMap(b, this::stmt));
            case Decl d -> {
                if (cx.isActive(d.var())) {
                    out.add(new Decl(cx.derivative(d.var()), d.init() == null ? null : tangentOf(d.init()), d.range()));
                }
                out.add(d);
            }
            case CallStmt c when Communication.of(c).isPresent() -> {
                out.add(c);
                out.addAll(MpiAdjoints.tangent(Communication.of(c).get(), cx));
            }
            default -> out.add(s);
        }
        return out;
    }

    /** The tangent of an expression: the sum over active leaves of partial times leaf derivative. */
    private Expr tangentOf(Expr e) {
        Expr sum = Exprs.real(0.0);
        for (Map.Entry<LValue, Expr> p : Partials.of(e, lv -> cx.isActive(lv.var())).entrySet()) {
            sum = Exprs.add(sum, Exprs.mul(p.getValue(), cx.derivativeRef(p.getKey())));
        }
        return sum;
    }

    private Variable local(String name, BaseType type) {
        Variable v = Variable.scalar(cx.names.fresh(name), type, Variable.Kind.LOCAL);
        extraLocals.add(v);
        return v;
    }

    private OmpParallelFor omp(OmpParallelFor omp) {
        List<OmpParallelFor.Reduction> reductions = new ArrayList<>();
        for (OmpParallelFor.Reduction r : omp.reductions()) {
            List<Variable> vars = new ArrayList<>(r.vars());
            for (Variable v : r.vars()) {
                if (cx.isActive(v)) {
                    if (!r.op().equals("+") && !r.op().equals("-")) {
                        throw new UnsupportedException("unsupported-reduction", omp.range(), "operator", r.op(),
                                "variable", v.name());
                    }
                    vars.add(cx.derivative(v));
                }
            }
            reductions.add(new OmpParallelFor.Reduction(r.op(), vars));
        }
        return new OmpParallelFor(withDerivatives(omp.privates()), withDerivatives(omp.firstprivates()),
                withDerivatives(omp.shared()), reductions, omp.schedule(), omp.collapse(), omp.defaultSharing(),
                omp.range());
    }

    private List<Variable> withDerivatives(List<Variable> vars) {
        List<Variable> out = new ArrayList<>(vars);
        for (Variable v : vars) {
            if (cx.isActive(v)) {
                out.add(cx.derivative(v));
            }
        }
        return out;
    }
}
