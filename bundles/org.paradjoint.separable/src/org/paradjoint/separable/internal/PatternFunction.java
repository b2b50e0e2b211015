package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.analysis.Activity;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Linkage;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.Partials;
import org.paradjoint.separable.internal.Skeleton.Expanded;

/**
 * Sparsity pattern detection: the primal sweep with an index set propagated alongside every
 * active value. An input reference {@code x[i]} contributes its column; an assignment gives its
 * target the union of the sets of its active leaves (in differentiable positions, so the
 * pattern is structural: a partial that happens to be zero still counts); an elemental slot
 * accumulates over its updates. At the combination the slot sets of every elemental become the
 * rows of one block of the plan (of the one shared block, see {@link RowLayout}). Primal values are kept only where branches or indices need
 * them; the elementals' values are never computed.
 */
public final class PatternFunction {

    private final ActiveModel m;
    private final RowLayout layout;
    private final Map<Variable, Variable> scalarSets = new LinkedHashMap<>();
    private final List<Variable> blockSets = new ArrayList<>();
    private final Variable plan;

    private PatternFunction(ActiveModel m, RowLayout layout, NameSupply names) {
        this.m = m;
        this.layout = layout;
        for (Variable v : m.activeScalarList()) {
            // an empty set: every member zero
            scalarSets.put(v, SupportFile.array(names.fresh(v.name() + "_s"), BaseType.PS_SET, Exprs.integer(1))
                    .withKind(Variable.Kind.ZEROED_LOCAL));
        }
        for (int b = 0; b < layout.blocks(); b++) {
            String base = layout.weighted() ? "pa_rows" : layout.elementalsOf(b).get(0).source().scalar().name();
            blockSets.add(SupportFile.pointer(names.fresh(base + "_s"), BaseType.PS_SET));
        }
        this.plan = SupportFile.pointerParameter(names.fresh("pa_plan"), BaseType.PS_PLAN, false);
    }

    /** The pattern function, private to the generated file. */
    public static Function generate(ActiveModel m, RowLayout layout, NameSupply names, String name, String comment) {
        return new PatternFunction(m, layout, names).build(name, comment);
    }

    private Function build(String name, String comment) {
        List<Stmt> body = new ArrayList<>();
        for (Stmt st : m.body()) {
            if (st instanceof CallStmt c && c.call().name().equals(Skeleton.COMBINE)) {
                body.addAll(combine());
                break;
            }
            body.addAll(stmt(st));
        }
        Set<Variable> removable = new LinkedHashSet<>(m.flat().locals());
        removable.removeIf(v -> !v.isScalar());
        List<Stmt> tidy = Tidy.dropDeadStores(body, removable, null);
        Set<String> unused = Tidy.unusedParams(m.flat().params(), tidy);
        List<Variable> locals = new ArrayList<>(Tidy.usedLocals(m.flat().locals(), tidy));
        locals.addAll(scalarSets.values());
        locals.addAll(blockSets);
        List<Variable> params = new ArrayList<>(m.flat().params());
        params.add(plan);
        return new Function(name, null, params, locals, new Block(tidy), List.of(), Linkage.STATIC, comment,
                m.flat().range(), unused, Function.ReturnKind.VALUE);
    }

    private List<Stmt> stmt(Stmt st) {
        List<Stmt> out = new ArrayList<>();
        switch (st) {
            case Assign a when m.slotArray(a.target()) != null -> out.addAll(propagate(a));
            case Assign a when m.isScalar(a.target()) -> {
                out.addAll(propagate(a));
                out.add(a);
            }
            case For f -> out.add(f.withBody(block(f.body())));
            case If i -> out.add(new If(i.cond(), block(i.then()), block(i.otherwise()), i.range()));
            case Block b -> out.add(block(b));
            case CallStmt c when c.call().name().equals(Skeleton.INIT) -> {
                Expanded x = m.skeleton().expanded().get((int) ((IntLit) c.call().args().get(0)).value());
                if (layout.opensBlock(x)) {
                    int b = layout.blockOf(x);
                    out.add(Assign.set(new VarRef(blockSets.get(b)), SupportFile.call("pa_ps_sets_new",
                            layout.rows(b))));
                }
            }
            default -> out.add(st);
        }
        return out;
    }

    private Block block(Block b) {
        return StmtUtil.flatMap(b, this::stmt);
    }

    /** The set of the target becomes the union of the sets of the active leaves of the value. */
    private List<Stmt> propagate(Assign a) {
        LValue target = a.target();
        Expr targetSet = set(target);
        Map<LValue, Expr> partials = Partials.of(Activity.effectiveValue(a), m::isActiveLeaf);
        List<Stmt> out = new ArrayList<>();
        // a slot only accumulates (its set is empty when it is first assigned, and a shared row holds other
        // elementals' entries too); a scalar takes the union of the leaves' sets
        if (!partials.containsKey(target) && m.slotArray(target) == null) {
            out.add(SupportFile.stmt("pa_ps_set_clear", targetSet));
        }
        for (LValue leaf : partials.keySet()) {
            if (leaf.equals(target)) {
                continue;
            }
            if (m.isInput(leaf)) {
                out.add(SupportFile.stmt("pa_ps_set_add", targetSet, m.column(leaf)));
            } else {
                out.add(SupportFile.stmt("pa_ps_set_union", targetSet, set(leaf)));
            }
        }
        return out;
    }

    private Expr set(LValue lv) {
        if (m.isScalar(lv)) {
            return new VarRef(scalarSets.get(lv.var()));
        }
        Expanded x = m.slotArray(lv);
        return SupportFile.call("pa_ps_sets_at", new VarRef(blockSets.get(layout.blockOf(x))),
                ((ArrayRef) lv).indices().get(0));
    }

    private List<Stmt> combine() {
        List<Stmt> out = new ArrayList<>();
        VarRef plan = new VarRef(this.plan);
        for (int b = 0; b < layout.blocks(); b++) {
            VarRef sets = new VarRef(blockSets.get(b));
            out.add(SupportFile.stmt("pa_ps_plan_add_block", plan, sets, layout.rows(b)));
            out.add(SupportFile.stmt("pa_ps_sets_free", sets, layout.rows(b)));
        }
        for (Variable set : scalarSets.values()) {
            out.add(SupportFile.stmt("pa_ps_set_release", new VarRef(set)));
        }
        return out;
    }
}
