package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.separable.internal.Skeleton.Expanded;

/**
 * The scalar-expanded primal {@code f_ps}: same parameters and result as {@code f}. Each
 * elemental is an array of slots, initialised by a loop over all slots; each update writes its
 * slot; the combination fills a result vector slot by slot and sums it into the result (or, for
 * a combination that is not linear in the elementals, sums each elemental and combines the
 * sums). Calls of other functions of the unit stay calls.
 */
public final class ExpandedFunction {

    private final Skeleton skeleton;
    private final NameSupply names;
    private final Variable slot;
    private final List<Variable> extraLocals = new ArrayList<>();

    private ExpandedFunction(Skeleton skeleton, NameSupply names) {
        this.skeleton = skeleton;
        this.names = names;
        this.slot = Names.local(names.fresh("pa_s"), BaseType.INT);
        extraLocals.add(slot);
    }

    public static Function generate(Skeleton skeleton, String name, String comment, NameSupply names) {
        return new ExpandedFunction(skeleton, names).build(name, comment);
    }

    private Function build(String name, String comment) {
        List<Stmt> body = new ArrayList<>();
        for (Stmt s : skeleton.function().body().stmts()) {
            if (s instanceof CallStmt c && c.call().name().equals(Skeleton.INIT)) {
                body.addAll(init(skeleton.expanded().get((int) ((org.paradjoint.core.ir.IntLit) c.call().args().get(0))
                        .value())));
            } else if (s instanceof CallStmt c && c.call().name().equals(Skeleton.COMBINE)) {
                body.addAll(combine());
            } else {
                body.add(s);
            }
        }
        for (Expanded x : skeleton.expanded()) {
            body.add(SupportFile.stmt("pa_ps_free", new VarRef(x.values())));
        }
        Function f = skeleton.function();
        List<Variable> locals = new ArrayList<>(f.locals());
        locals.addAll(extraLocals);
        // values the source computes but never reads would be set-but-unused warnings here
        java.util.Set<Variable> removable = new java.util.LinkedHashSet<>(f.locals());
        removable.removeIf(v -> !v.isScalar());
        List<Stmt> tidy = Tidy.dropDeadStores(body, removable, null);
        Set<String> unused = Tidy.unusedParams(f.params(), tidy);
        return new Function(name, null, f.params(), Tidy.usedLocals(locals, tidy), new Block(tidy), List.of(), false,
                comment, f.range()).withUnusedParams(unused);
    }

    private List<Stmt> init(Expanded x) {
        Expr zero = Exprs.zero(true);
        return List.of(Assign.set(new VarRef(x.values()), SupportFile.call("pa_ps_values_new", new VarRef(x.count()))),
                loop(new VarRef(x.count()), Assign.set(element(x.values()), zero)));
    }

    private ArrayRef element(Variable array) {
        return new ArrayRef(array, List.of(new VarRef(slot)));
    }

    private For loop(Expr count, Stmt... body) {
        return new For(slot, Exprs.integer(0), Binary.Op.LT, count, Exprs.integer(1), Block.of(body), null, List.of(),
                org.paradjoint.core.diag.SourceRange.NONE);
    }

    private List<Stmt> combine() {
        Assign combine = skeleton.model().combine();
        Set<Variable> elementals = new LinkedHashSet<>();
        skeleton.expanded().forEach(x -> elementals.add(x.source().scalar()));
        List<Stmt> out = new ArrayList<>();
        if (!Combine.isLinear(combine.value(), elementals)) {
            out.addAll(sums(skeleton.expanded(), slot));
            out.add(new Assign(combine.target(), Assign.Op.SET, combine.value(), false, List.of(), combine.range()));
            return out;
        }
        Variable result = SupportFile.pointer(names.fresh("pa_r"), BaseType.DOUBLE);
        Variable sum = Names.local(names.fresh("pa_sum"), BaseType.DOUBLE);
        extraLocals.add(result);
        extraLocals.add(sum);
        Expr count = resultCount(skeleton.expanded());
        out.add(Assign.set(new VarRef(result), SupportFile.call("pa_ps_values_new", count)));
        out.add(loop(count, Assign.set(element(result), slotValue(combine.value(), skeleton.expanded(), slot))));
        out.add(Assign.set(new VarRef(sum), Exprs.zero(true)));
        out.add(loop(count, Assign.set(new VarRef(sum), new Binary(Binary.Op.ADD, new VarRef(sum), element(result)))));
        out.add(new Assign(combine.target(), Assign.Op.SET, new VarRef(sum), false, List.of(), combine.range()));
        out.add(SupportFile.stmt("pa_ps_free", new VarRef(result)));
        return out;
    }

    /** The number of result slots: the common slot count, or the largest when they differ. */
    static Expr resultCount(List<Expanded> expanded) {
        Expr count = new VarRef(expanded.get(0).count());
        for (Expanded x : expanded.subList(1, expanded.size())) {
            if (!x.slots().equals(expanded.get(0).slots())) {
                count = SupportFile.call("pa_ps_max", count, new VarRef(x.count()));
            }
        }
        return count;
    }

    /** The combination applied to slot {@code s} (zero for elementals with fewer slots). */
    static Expr slotValue(Expr combine, List<Expanded> expanded, Variable s) {
        Map<Variable, Expr> bySlot = new java.util.LinkedHashMap<>();
        for (Expanded x : expanded) {
            Expr e = new ArrayRef(x.values(), List.of(new VarRef(s)));
            if (expanded.stream().anyMatch(y -> !y.slots().equals(x.slots()))) {
                e = new Cond(new Binary(Binary.Op.LT, new VarRef(s), new VarRef(x.count())), e, Exprs.zero(true));
            }
            bySlot.put(x.source().scalar(), e);
        }
        return ExprUtil.substitute(combine, bySlot);
    }

    /** {@code e = sum of its slots} for every elemental (the combination then uses the sums). */
    static List<Stmt> sums(List<Expanded> expanded, Variable s) {
        List<Stmt> out = new ArrayList<>();
        for (Expanded x : expanded) {
            VarRef e = new VarRef(x.source().scalar());
            out.add(Assign.set(e, Exprs.zero(true)));
            out.add(new For(s, Exprs.integer(0), Binary.Op.LT, new VarRef(x.count()), Exprs.integer(1),
                    Block.of(Assign.set(e, new Binary(Binary.Op.ADD, e, new ArrayRef(x.values(),
                            List.of(new VarRef(s)))))),
                    null, List.of(), org.paradjoint.core.diag.SourceRange.NONE));
        }
        return out;
    }
}
