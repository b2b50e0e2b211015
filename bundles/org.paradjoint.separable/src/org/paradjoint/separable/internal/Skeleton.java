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
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.separable.internal.ElementalModel.Elemental;
import org.paradjoint.separable.internal.ElementalModel.Update;

/**
 * The function with its elementals scalar-expanded, the parts that differ between the
 * generated functions left as marker statements: {@code pa$init(b)} where elemental {@code b}
 * is initialised (its slots are allocated and zeroed there) and {@code pa$combine()} where the
 * elementals are combined. The slot counts are computed just before the first initialisation;
 * each update writes the slot of the current iteration of its loop nest; a non-zero
 * initial value goes to slot 0.
 */
public final class Skeleton {

    /** Prefix of marker statements (never printed). */
    public static final String MARKER = "pa$";
    static final String INIT = MARKER + "init";
    static final String COMBINE = MARKER + "combine";

    /** An elemental after expansion: its slot array, its slot count and the count's expression. */
    public record Expanded(Elemental source, Variable values, Variable count, Expr slots) {
    }

    private final ElementalModel model;
    private final List<Expanded> expanded = new ArrayList<>();
    private final Function function;

    private Skeleton(ElementalModel model, NameSupply names) {
        this.model = model;
        for (Elemental e : model.elementals()) {
            Variable values = SupportFile.pointer(names.fresh(e.scalar().name() + "_e"), e.scalar().type());
            Variable count = Variable.scalar(names.fresh(e.scalar().name() + "_n"), BaseType.INT,
                    Variable.Kind.LOCAL);
            expanded.add(new Expanded(e, values, count, slotCount(e)));
        }
        List<Stmt> body = new ArrayList<>();
        for (int k = 0; k < model.top().size(); k++) {
            Stmt s = model.top().get(k);
            if (k == model.firstInitIndex()) {
                for (Expanded x : expanded) {
                    body.add(Assign.set(new VarRef(x.count()), SupportFile.call("pa_ps_size", x.slots())));
                }
            }
            Expanded init = initialised(s);
            if (init != null) {
                body.add(SupportFile.stmt(INIT, SupportFile.integer(init.source().block())));
                Expr value = init.source().init().value();
                if (!Exprs.isZero(value)) {
                    body.add(new Assign(new ArrayRef(init.values(), List.of(Exprs.integer(0))), Assign.Op.SET, value,
                            false, List.of(), init.source().init().range()));
                }
            } else if (k == model.combineIndex()) {
                body.add(SupportFile.stmt(COMBINE));
            } else {
                body.add(rewrite(s));
            }
        }
        List<Variable> locals = new ArrayList<>(model.function().locals());
        for (Expanded x : expanded) {
            locals.add(x.values());
            locals.add(x.count());
        }
        Function f = model.function();
        this.function = f.withLocalsAndBody(locals, new Block(body, f.body().range()));
    }

    public static Skeleton build(ElementalModel model, NameSupply names) {
        return new Skeleton(model, names);
    }

    public Function function() {
        return function;
    }

    public List<Expanded> expanded() {
        return List.copyOf(expanded);
    }

    public ElementalModel model() {
        return model;
    }

    public Expanded expandedOf(Variable scalar) {
        return expanded.stream().filter(x -> x.source().scalar().equals(scalar)).findFirst().orElseThrow();
    }

    /** The largest slot count over the loop nests that update the elemental (distinct counts only). */
    private Expr slotCount(Elemental e) {
        Set<Expr> counts = new LinkedHashSet<>();
        for (Update u : model.updatesOf(e)) {
            counts.add(LoopSlots.slots(u.loops()));
        }
        if (counts.isEmpty()) {
            return Exprs.integer(1);
        }
        Expr max = null;
        for (Expr c : counts) {
            max = max == null ? c : SupportFile.call("pa_ps_max", max, c);
        }
        return max;
    }

    private Expanded initialised(Stmt s) {
        for (Expanded x : expanded) {
            if (x.source().init() == s) {
                return x;
            }
        }
        return null;
    }

    private Stmt rewrite(Stmt s) {
        return switch (s) {
            case Assign a -> {
                Update u = model.updates().get(a);
                yield u == null ? a : expandUpdate(u);
            }
            case For f -> f.withBody(rewriteBlock(f.body()));
            case If i -> new If(i.cond(), rewriteBlock(i.then()), i.otherwise() == null ? null
                    : rewriteBlock(i.otherwise()), i.range());
            case Block b -> rewriteBlock(b);
            default -> s;
        };
    }

    private Block rewriteBlock(Block b) {
        return new Block(b.stmts().stream().map(this::rewrite).toList(), b.range());
    }

    private Assign expandUpdate(Update u) {
        Expanded x = expandedOf(u.elemental().scalar());
        ArrayRef slot = new ArrayRef(x.values(), List.of(LoopSlots.slot(u.loops())), u.assign().target().range());
        Expr value = ExprUtil.substitute(u.assign().value(), Map.of(x.source().scalar(), slot));
        return new Assign(slot, u.assign().op(), value, false, List.of(), u.assign().range());
    }
}
