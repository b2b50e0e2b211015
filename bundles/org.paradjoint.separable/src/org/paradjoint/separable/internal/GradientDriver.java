package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * The public gradient function {@code f_grad_ps}: looks up the cached plan for the current
 * scalar parameters (or rebuilds it on every call when the pattern depends on array values),
 * detects the pattern and colours it when needed, then runs the compressed sweep, which also
 * recovers and assembles the gradient. The same driver with the identity seed gives the dense
 * vector forward mode ({@code f_grad_dense}) used for comparison.
 */
final class GradientDriver {

    private GradientDriver() {
    }

    /**
     * @param identity  true for the dense variant (one direction per input entry)
     * @param state     the file-scope plan and seconds per phase the driver keeps between calls
     * @param gradients each independent's gradient parameter
     */
    static Function generate(ActiveModel m, NameSupply names, Names fn, boolean identity, Accessors.State state,
            Map<Variable, Variable> gradients, String comment) {
        return generate(m, names, fn, identity, state, gradients, comment, null);
    }

    /**
     * @param periodic the colouring fixed at generation time (null: the support file colours at run time,
     *                 or the identity seed of the dense variant)
     */
    static Function generate(ActiveModel m, NameSupply names, Names fn, boolean identity, Accessors.State state,
            Map<Variable, Variable> gradients, String comment, PeriodicColoringCode periodic) {
        VarRef plan = new VarRef(state.plan());
        VarRef secs = new VarRef(state.seconds());
        List<Variable> keyParams = m.keyParams();
        int nkey = Math.max(1, keyParams.size());
        Variable key = SupportFile.array(names.fresh("pa_key"), BaseType.DOUBLE, Exprs.integer(nkey));
        Variable t = Names.local(names.fresh("pa_t"), BaseType.DOUBLE);
        List<Stmt> body = new ArrayList<>();
        if (keyParams.isEmpty()) {
            body.add(Assign.set(element(key, 0), Exprs.zero(true)));
        }
        for (int i = 0; i < keyParams.size(); i++) {
            Variable v = keyParams.get(i);
            Expr value = v.isFloating() ? new VarRef(v) : new Cast(BaseType.DOUBLE, new VarRef(v));
            body.add(Assign.set(element(key, i), value));
        }
        List<Expr> primalArgs = m.flat().params().stream().map(v -> (Expr) new VarRef(v)).toList();
        List<Stmt> build = new ArrayList<>();
        build.add(Assign.set(new VarRef(t), SupportFile.call("pa_ps_tic")));
        build.add(SupportFile.stmt("pa_ps_plan_free", plan));
        build.add(Assign.set(plan, SupportFile.call("pa_ps_plan_new", Exprs.integer(nkey), new VarRef(key),
                Exprs.integer(m.independents().size()))));
        List<Expr> patternArgs = new ArrayList<>(primalArgs);
        patternArgs.add(plan);
        build.add(new CallStmt(new Call(fn.pattern(), patternArgs)));
        build.add(SupportFile.stmt("pa_ps_toc", secs, SupportFile.symbol("PA_PS_PATTERN"), new VarRef(t)));
        build.add(Assign.set(new VarRef(t), SupportFile.call("pa_ps_tic")));
        if (periodic != null && !identity) {
            build.addAll(periodic.colorPlan(plan, m.flat().params()));
        } else {
            build.add(SupportFile.stmt(identity ? "pa_ps_plan_color_identity" : "pa_ps_plan_color", plan));
        }
        build.add(SupportFile.stmt("pa_ps_toc", secs, SupportFile.symbol("PA_PS_COLORING"), new VarRef(t)));
        if (m.isCacheable()) {
            Expr matches = SupportFile.call("pa_ps_plan_matches", plan, Exprs.integer(nkey), new VarRef(key));
            body.add(new If(new Unary(Unary.Op.NOT, matches), new Block(build), null));
        } else {
            body.addAll(build);
        }
        List<Expr> sweepArgs = new ArrayList<>();
        List<Variable> params = new ArrayList<>();
        for (Variable v : m.flat().params()) {
            sweepArgs.add(new VarRef(v));
            params.add(v);
            if (gradients.containsKey(v)) {
                sweepArgs.add(new VarRef(gradients.get(v)));
                params.add(gradients.get(v));
            }
        }
        Variable p = Names.local(names.fresh("pa_p"), BaseType.INT);
        body.add(Assign.set(new VarRef(p), SupportFile.call("pa_ps_plan_colors", plan)));
        body.add(dispatch(fn.sweep(), sweepArgs, plan, secs, p, identity ? 0 : SPECIALIZED));
        String name = identity ? fn.dense() : fn.gradient();
        List<Variable> locals = new ArrayList<>(List.of(key, t, p));
        if (periodic != null && !identity) {
            locals.add(periodic.extentsVariable());
        }
        return new Function(name, null, params, locals, new Block(body), List.of(), false, comment,
                m.flat().range());
    }

    /**
     * The gradient that adds every iteration's derivatives directly ({@link DirectAssembly}): one call of the
     * sweep with its constant number of directions; no plan, no pattern, no colours (the plan accessors
     * return NULL).
     */
    static Function generateDirect(ActiveModel m, String sweep, int directions, Accessors.State state,
            Map<Variable, Variable> gradients, String name, String comment) {
        List<Expr> args = new ArrayList<>();
        List<Variable> params = new ArrayList<>();
        for (Variable v : m.flat().params()) {
            args.add(new VarRef(v));
            params.add(v);
            if (gradients.containsKey(v)) {
                args.add(new VarRef(gradients.get(v)));
                params.add(gradients.get(v));
            }
        }
        args.add(Exprs.integer(directions));
        args.add(new VarRef(state.seconds()));
        Stmt call = new CallStmt(new Call(sweep, args));
        return new Function(name, null, params, List.of(), Block.of(call), List.of(), false, comment,
                m.flat().range());
    }

    /** Colour counts up to this get a sweep compiled for exactly that many directions. */
    static final int SPECIALIZED = 8;

    /** {@code if (p == 1) sweep(..., 1, ...); else if (p == 2) ... else sweep(..., p, ...);} */
    private static Stmt dispatch(String sweep, List<Expr> args, VarRef plan, VarRef secs, Variable p, int upTo) {
        Stmt general = sweepCall(sweep, args, plan, secs, new VarRef(p));
        Stmt chain = general;
        for (int k = upTo; k >= 1; k--) {
            chain = new If(new org.paradjoint.core.ir.Binary(org.paradjoint.core.ir.Binary.Op.EQ, new VarRef(p),
                    Exprs.integer(k)), Block.of(sweepCall(sweep, args, plan, secs, Exprs.integer(k))), Block.of(chain));
        }
        return chain;
    }

    private static Stmt sweepCall(String sweep, List<Expr> args, VarRef plan, VarRef secs, Expr p) {
        List<Expr> all = new ArrayList<>(args);
        all.add(plan);
        all.add(p);
        all.add(SupportFile.call("pa_ps_plan_color_of", plan));
        all.add(secs);
        return new CallStmt(new Call(sweep, all));
    }

    private static ArrayRef element(Variable array, int index) {
        return new ArrayRef(array, List.of(Exprs.integer(index)));
    }
}
