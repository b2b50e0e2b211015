package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.analysis.Activity;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.Partials;
import org.paradjoint.separable.internal.Skeleton.Expanded;

/**
 * The compressed forward sweep: vector forward mode over the expanded elementals with
 * {@code p} directions, the seed matrix given by the colour of every input entry (the seed of
 * input {@code x[i]} is the unit vector of its colour, so it is never stored). Every active
 * scalar carries a derivative vector of length {@code p}; slot {@code s} of an elemental keeps
 * its derivative in row {@code s} of its block of the compressed Jacobian {@code B = J S} held
 * by the plan ({@link RowLayout}: one block per elemental, or one shared block whose rows the
 * sweep weights). The primal values of the elementals stay scalars, as in the source, so
 * {@code f} comes out as {@code f} computes it. At the combination the sweep computes {@code f}
 * and the weights {@code dg/de}, then recovers the nonzeros of {@code J} directly from
 * {@code B} and assembles the gradient {@code J^T w} (support file). Each derivative statement
 * comes before its primal statement, since the target may occur on its right-hand side.
 * <p>
 * The function is inlined where it is called with a constant {@code p} (see
 * {@link GradientDriver}): with a known, small number of directions the compiler unrolls the
 * direction loops ({@code PA_PS_UNROLL}) and keeps the derivative vectors in registers, which
 * halves the sweep time.
 */
public final class SweepFunction {

    private final ActiveModel m;
    private final NameSupply names;
    private final Variable p;
    private final Variable color;
    private final Variable k;
    private final Variable t;
    private final Variable weights;
    private final Map<Variable, Variable> vectors = new LinkedHashMap<>();
    /** The loops that add a term's derivative to the shared row of a slot, by identity. */
    private final java.util.IdentityHashMap<For, RowUpdate> rowUpdates = new java.util.IdentityHashMap<>();
    private final List<Variable> accumulators = new ArrayList<>();

    /** {@code row[slot * p + k] += value(k)}, in the iterations of {@code loop} (the innermost loop around it). */
    private record RowUpdate(Expr slot, Expr value, For loop) {
    }
    /** Null: the compressed Jacobian; else the sweep adds every iteration's derivatives to the gradient. */
    private final DirectAssembly direct;
    /** The loops of the model's body around the statement being translated, innermost last. */
    private final List<For> openLoops = new ArrayList<>();
    /** Where the sweep records the entry of a direction whose read is guarded by a branch, by direction. */
    private final List<Variable> readEntries = new ArrayList<>();
    /** The scalar parameters and the loop counters by name: the symbols of the indices' polynomials. */
    private final Map<String, Variable> symbols = new java.util.HashMap<>();
    private final RowLayout layout;
    private final List<Variable> blockRows = new ArrayList<>();
    private final Variable unit;
    private final List<Variable> temps = new ArrayList<>();
    private final List<Variable> colorTemps = new ArrayList<>();
    private final Map<Variable, Variable> gradients;
    private final Variable seconds;
    private final Variable plan;

    private SweepFunction(ActiveModel m, RowLayout layout, NameSupply names, Map<Variable, Variable> gradients,
            DirectAssembly direct) {
        this.m = m;
        this.direct = direct;
        m.flat().params().forEach(v -> symbols.put(v.name(), v));
        StmtUtil.forEach(m.flat().body(), st -> {
            if (st instanceof For f) {
                symbols.put(f.counter().name(), f.counter());
            }
        });
        this.layout = layout;
        this.names = names;
        this.gradients = gradients;
        this.p = Variable.scalar(names.fresh("pa_p"), BaseType.INT, Variable.Kind.PARAMETER);
        this.color = new Variable(names.fresh("pa_color"), BaseType.INT, List.of(new org.paradjoint.core.ir.Dim(
                Exprs.integer(0), null)), Variable.Kind.PARAMETER, true, org.paradjoint.core.ir.Layout.ROW_MAJOR, null);
        this.k = Names.local(names.fresh("pa_k"), BaseType.INT);
        this.t = Names.local(names.fresh("pa_t"), BaseType.DOUBLE);
        this.weights = SupportFile.array(names.fresh("pa_w"), BaseType.DOUBLE,
                Exprs.integer(m.skeleton().expanded().size()));
        for (Variable v : m.activeScalarList()) {
            vectors.put(v, SupportFile.array(names.fresh(v.name() + "_d"), BaseType.DOUBLE, new VarRef(p)));
        }
        for (int b = 0; b < layout.blocks(); b++) {
            String base = layout.weighted() ? "pa_rows" : layout.elementalsOf(b).get(0).source().scalar().name();
            blockRows.add(SupportFile.pointer(names.fresh(base + "_d"), BaseType.DOUBLE));
        }
        this.unit = SupportFile.array(names.fresh("pa_one"), BaseType.DOUBLE, Exprs.integer(1));
        this.seconds = SupportFile.pointerParameter(names.fresh("pa_seconds"), BaseType.DOUBLE, false);
        this.plan = SupportFile.pointerParameter(names.fresh("pa_plan"), BaseType.PS_PLAN, true);
    }

    /**
     * The sweep function, private to the generated file and declared {@link SupportFile#SPECIALIZED}, its
     * loops over the directions hinted {@link SupportFile#UNROLL}. {@code gradients} maps each independent to
     * its gradient parameter.
     */
    public static Function generate(ActiveModel m, RowLayout layout, NameSupply names, String name, String comment,
            Map<Variable, Variable> gradients) {
        return new SweepFunction(m, layout, names, gradients, null).build(name, comment);
    }

    /**
     * The sweep that adds every iteration's derivatives straight into the gradient ({@link DirectAssembly}):
     * no plan, no colours; its {@code p} is the number of directions, {@link DirectAssembly#directions()}.
     */
    static Function generateDirect(ActiveModel m, RowLayout layout, DirectAssembly direct, NameSupply names,
            String name, String comment, Map<Variable, Variable> gradients) {
        return new SweepFunction(m, layout, names, gradients, direct).build(name, comment);
    }

    private Function build(String name, String comment) {
        List<Stmt> body = new ArrayList<>();
        body.add(Assign.set(new VarRef(t), SupportFile.call("pa_ps_tic")));
        if (!vectors.isEmpty()) {
            body.add(loopK(vectors.values().stream().map(d -> (Stmt) Assign.set(new ArrayRef(d, List.of(new VarRef(k))),
                    Exprs.zero(true))).toArray(Stmt[]::new)));
        }
        for (Stmt st : m.body()) {
            body.addAll(stmt(st));
        }
        Set<Variable> removable = new LinkedHashSet<>(m.flat().locals());
        removable.removeIf(v -> !v.isScalar());
        removable.addAll(vectors.values());
        removable.addAll(temps);
        removable.addAll(colorTemps);
        List<Stmt> tidy = Tidy.dropDeadStores(body, removable, k);
        List<Variable> params = new ArrayList<>();
        for (Variable v : m.flat().params()) {
            params.add(v);
            if (gradients.containsKey(v)) {
                params.add(gradients.get(v));
            }
        }
        Set<String> unused = Tidy.unusedParams(params, tidy);
        List<Variable> locals = new ArrayList<>(m.flat().locals());
        locals.add(k);
        locals.add(t);
        locals.addAll(temps);
        locals.addAll(colorTemps);
        locals.add(weights);
        locals.add(unit);
        locals.addAll(blockRows);
        locals.addAll(vectors.values());
        locals.addAll(accumulators);
        locals.addAll(readEntries);
        List<Variable> signature = new ArrayList<>(params);
        signature.addAll(direct == null ? List.of(plan, p, color, seconds) : List.of(p, seconds));
        return new Function(name, null, signature, Tidy.usedLocals(locals, tidy), new Block(tidy), List.of(),
                SupportFile.SPECIALIZED, comment, m.flat().range(), unused, Function.ReturnKind.VALUE);
    }

    // ---- statements -------------------------------------------------------------------------

    private List<Stmt> stmt(Stmt st) {
        List<Stmt> out = new ArrayList<>();
        switch (st) {
            case Assign a when m.slotArray(a.target()) != null -> {
                out.addAll(derivative(a));
                out.add(onScalar(a, m.slotArray(a.target())));
            }
            case Assign a when m.isActiveLeaf(a.target()) -> {
                out.addAll(derivative(a));
                out.add(a);
            }
            case For f when direct != null -> out.add(f.withBody(directLoopBody(f)));
            case For f -> out.add(f.withBody(accumulateRows(block(f.body()))));
            case If i -> out.add(new If(i.cond(), block(i.then()), block(i.otherwise()), i.range()));
            case Block b -> out.add(block(b));
            case CallStmt c when c.call().name().equals(Skeleton.INIT) -> out.addAll(
                    init(m.skeleton().expanded().get((int) ((IntLit) c.call().args().get(0)).value())));
            case CallStmt c when c.call().name().equals(Skeleton.COMBINE) -> out.addAll(combine());
            default -> out.add(st);
        }
        return out;
    }

    private Block block(Block b) {
        Block out = StmtUtil.flatMap(b, this::stmt);
        if (out == null) {
            return null;
        }
        // with direct assembly every block that holds an update adds it to the gradient where it is
        return direct == null ? out : accumulateRows(out);
    }

    /** A loop's body for the direct assembly: the guarded directions start every iteration unread (-1). */
    private Block directLoopBody(For f) {
        openLoops.add(f);
        Block body = block(f.body());
        openLoops.remove(openLoops.size() - 1);
        List<Stmt> stmts = new ArrayList<>();
        for (DirectAssembly.Direction d : direct.of(f)) {
            if (d.guarded()) {
                stmts.add(Assign.set(new VarRef(readEntry(d.number())), Exprs.integer(-1)));
            }
        }
        stmts.addAll(body.stmts());
        return new Block(stmts, body.range());
    }

    /**
     * {@code gradient[entry of d] += acc[d]} for every direction of the loop's iterations: the row of the
     * weighted elemental Jacobian this iteration contributes, added where it belongs (the entry of a guarded
     * direction only when the iteration read it).
     */
    private List<Stmt> addToGradient(For loop, Variable acc) {
        List<Stmt> out = new ArrayList<>();
        for (DirectAssembly.Direction d : direct.of(loop)) {
            Variable g = gradients.get(m.independents().get(d.array()));
            Expr value = new ArrayRef(acc, List.of(Exprs.integer(d.number())));
            if (d.guarded()) {
                VarRef entry = new VarRef(readEntry(d.number()));
                out.add(new If(new Binary(Binary.Op.GE, entry, Exprs.integer(0)), Block.of(new Assign(new ArrayRef(g,
                        List.of(entry)), Assign.Op.ADD, value)), null));
            } else {
                out.add(new Assign(new ArrayRef(g, List.of(PeriodicColoringCode.expr(d.ref().index(), symbols))),
                        Assign.Op.ADD, value));
            }
        }
        return out;
    }

    private Variable readEntry(int direction) {
        while (readEntries.size() <= direction) {
            readEntries.add(Names.local(names.fresh("pa_read" + readEntries.size()), BaseType.INT));
        }
        return readEntries.get(direction);
    }

    /**
     * Within one loop body, the terms that several updates add to the same shared row (same
     * slot: updates of one loop nest) are summed in a local vector and added to the row once,
     * after the last of them: one read-modify-write of the row per iteration instead of one per
     * update. Only additions touch a shared row, so the order does not matter.
     */
    private Block accumulateRows(Block body) {
        Map<Expr, List<Integer>> bySlot = new LinkedHashMap<>();
        for (int i = 0; i < body.stmts().size(); i++) {
            if (body.stmts().get(i) instanceof For f && rowUpdates.containsKey(f)) {
                bySlot.computeIfAbsent(rowUpdates.get(f).slot(), x -> new ArrayList<>()).add(i);
            }
        }
        List<Stmt> stmts = new ArrayList<>(body.stmts());
        int used = 0;
        for (Map.Entry<Expr, List<Integer>> e : bySlot.entrySet()) {
            List<Integer> at = e.getValue();
            if (at.size() < 2 && direct == null) {
                continue;
            }
            Variable acc = accumulator(used++);
            ArrayRef accK = new ArrayRef(acc, List.of(new VarRef(k)));
            for (int n = 0; n < at.size(); n++) {
                RowUpdate u = rowUpdates.get((For) body.stmts().get(at.get(n)));
                Stmt add = loopK(new Assign(accK, n == 0 ? Assign.Op.SET : Assign.Op.ADD, u.value()));
                if (n + 1 == at.size() && direct != null) {
                    List<Stmt> both = new ArrayList<>(List.of(add));
                    both.addAll(addToGradient(u.loop(), acc));
                    add = new Block(both);
                } else if (n + 1 == at.size()) {
                    Expr row = new ArrayRef(blockRows.get(0), List.of(Exprs.add(Exprs.mul(e.getKey(), new VarRef(p)),
                            new VarRef(k))));
                    Stmt flush = loopK(new Assign((ArrayRef) row, Assign.Op.ADD, accK));
                    add = new Block(List.of(add, flush));
                }
                stmts.set(at.get(n), add);
            }
        }
        return new Block(StmtUtil.flatten(stmts), body.range());
    }

    private Variable accumulator(int index) {
        while (accumulators.size() <= index) {
            accumulators.add(SupportFile.array(names.fresh("pa_acc" + accumulators.size()), BaseType.DOUBLE,
                    new VarRef(p)));
        }
        return accumulators.get(index);
    }

    /**
     * The primal of an elemental update on the elemental's own scalar, as in the source: the
     * sweep needs the slots only for the derivatives, and {@code f} comes out as {@code f} computes it.
     */
    private static Assign onScalar(Assign a, Expanded x) {
        VarRef scalar = new VarRef(x.source().scalar());
        Expr value = org.paradjoint.core.expr.ExprUtil.map(a.value(),
                e -> e instanceof ArrayRef r && r.var().equals(x.values()) ? scalar : e);
        return new Assign(scalar, a.op(), value, false, List.of(), a.range());
    }

    /**
     * The derivative statements of one active assignment, before it: partials into temporaries,
     * then one loop over the directions. An input leaf {@code x[i]} contributes its partial to the
     * direction of its colour only; it is written as a selection inside the loop rather than as a
     * store at a computed position, so that with a constant number of directions the derivative
     * vectors stay in registers.
     */
    private List<Stmt> derivative(Assign a) {
        if (a.atomic()) {
            throw new UnsupportedException("unsupported-atomic.atomic-update-active", a.range());
        }
        LValue target = a.target();
        Map<LValue, Expr> partials = Partials.of(Activity.effectiveValue(a), m::isActiveLeaf);
        List<Stmt> out = new ArrayList<>();
        Expr sum = null;
        boolean increment = false;
        int temp = 0;
        int colorTemp = 0;
        Expanded slot = m.slotArray(target);
        boolean weighted = slot != null && layout.weighted();
        for (Map.Entry<LValue, Expr> e : partials.entrySet()) {
            if (direct != null && m.isInput(e.getKey()) && direct.of(a, e.getKey()) == null) {
                continue; // a read that reaches no update: no direction
            }
            Expr weight = e.getValue();
            if (weighted && !e.getKey().equals(target)) {
                // a shared row accumulates w_e times the derivative of the term: w_e goes into the partials
                weight = Exprs.mul(new ArrayRef(weights, List.of(SupportFile.integer(slot.source().block()))), weight);
            }
            if (!Exprs.isConst(weight)) {
                Variable tv = temp(temp++);
                out.add(Assign.set(new VarRef(tv), weight));
                weight = new VarRef(tv);
            }
            LValue leaf = e.getKey();
            Expr term;
            if (m.isInput(leaf) && direct != null) {
                DirectAssembly.Direction d = direct.of(a, leaf);
                if (d.guarded()) {
                    out.add(Assign.set(new VarRef(readEntry(d.number())), ((ArrayRef) leaf).indices().get(0)));
                }
                term = new org.paradjoint.core.ir.Cond(new Binary(Binary.Op.EQ, new VarRef(k), Exprs.integer(
                        d.number())), weight, Exprs.zero(true));
            } else if (m.isInput(leaf)) {
                Variable cv = colorTemp(colorTemp++);
                out.add(Assign.set(new VarRef(cv), new ArrayRef(color, List.of(m.column(leaf)))));
                term = new org.paradjoint.core.ir.Cond(new Binary(Binary.Op.EQ, new VarRef(k), new VarRef(cv)), weight,
                        Exprs.zero(true));
            } else if (leaf.equals(target) && Exprs.isOne(weight)) {
                increment = true;
                continue;
            } else {
                term = Exprs.mul(weight, direction(leaf, new VarRef(k)));
            }
            sum = sum == null ? term : new Binary(Binary.Op.ADD, sum, term);
        }
        if (weighted) {
            // accumulate only: a slot is zero when first assigned, and the row holds other elementals' terms too
            if (sum != null) {
                For update = loopK(new Assign(direction(target, new VarRef(k)), Assign.Op.ADD, sum));
                rowUpdates.put(update, new RowUpdate(RowLayout.slotOf(target), sum,
                        openLoops.isEmpty() ? null : openLoops.get(openLoops.size() - 1)));
                out.add(update);
            }
            return out;
        }
        if (sum != null || !increment) {
            Expr value = sum == null ? Exprs.zero(true) : sum;
            out.add(loopK(new Assign(direction(target, new VarRef(k)), increment ? Assign.Op.ADD : Assign.Op.SET,
                    value)));
        }
        return out;
    }

    /** Component {@code dir} of the derivative vector of an active scalar or elemental slot. */
    private LValue direction(LValue lv, Expr dir) {
        if (m.isScalar(lv)) {
            return new ArrayRef(vectors.get(lv.var()), List.of(dir));
        }
        Expanded x = m.slotArray(lv);
        if (x == null) {
            throw new IllegalStateException("no derivative for " + lv);
        }
        Expr row = ((ArrayRef) lv).indices().get(0);
        return new ArrayRef(blockRows.get(layout.blockOf(x)), List.of(Exprs.add(Exprs.mul(row, new VarRef(p)), dir)));
    }

    private Variable colorTemp(int index) {
        while (colorTemps.size() <= index) {
            colorTemps.add(Names.local(names.fresh("pa_c" + colorTemps.size()), BaseType.INT));
        }
        return colorTemps.get(index);
    }

    private Variable temp(int index) {
        while (temps.size() <= index) {
            temps.add(Names.local(names.fresh("pa_a" + temps.size()), BaseType.DOUBLE));
        }
        return temps.get(index);
    }

    private For loopK(Stmt... body) {
        return new For(k, Exprs.integer(0), Binary.Op.LT, new VarRef(p), Exprs.integer(1), Block.of(body), null,
                List.of(), SourceRange.NONE, SupportFile.UNROLL);
    }

    // ---- markers -------------------------------------------------------------------------------

    /** The elemental's scalar starts at zero; its block of rows is checked, found and zeroed (once when shared). */
    private List<Stmt> init(Expanded x) {
        List<Stmt> out = new ArrayList<>();
        if (layout.opensBlock(x) && direct != null) {
            // the coefficients are fixed from here on (RowLayout); no rows: the sweep adds to the gradient
            for (Expanded e : m.skeleton().expanded()) {
                out.add(Assign.set(new ArrayRef(weights, List.of(SupportFile.integer(e.source().block()))),
                        layout.weight(e)));
            }
        } else if (layout.opensBlock(x)) {
            VarRef plan = new VarRef(this.plan);
            int b = layout.blockOf(x);
            IntLit block = SupportFile.integer(b);
            Variable rows = blockRows.get(b);
            if (layout.weighted()) {
                // the coefficients are fixed from here on (RowLayout)
                for (Expanded e : m.skeleton().expanded()) {
                    out.add(Assign.set(new ArrayRef(weights, List.of(SupportFile.integer(e.source().block()))),
                            layout.weight(e)));
                }
            }
            out.add(SupportFile.stmt("pa_ps_check_block", plan, block, layout.rows(b)));
            out.add(Assign.set(new VarRef(rows), SupportFile.call("pa_ps_block_compressed", plan, block)));
            out.add(SupportFile.stmt("pa_ps_zero", new VarRef(rows), Exprs.mul(new org.paradjoint.core.ir.Cast(
                    BaseType.LONG, layout.rows(b)), new VarRef(p))));
        }
        out.add(Assign.set(new VarRef(x.source().scalar()), Exprs.zero(true)));
        return out;
    }

    private List<Stmt> combine() {
        List<Expanded> expanded = m.skeleton().expanded();
        Assign combine = m.skeleton().model().combine();
        Set<Variable> elementals = new LinkedHashSet<>();
        expanded.forEach(x -> elementals.add(x.source().scalar()));
        List<Stmt> out = new ArrayList<>();
        Variable assembled = weights;
        if (direct != null) {
            // every iteration added its derivatives to the gradient already
            out.add(new Assign(combine.target(), Assign.Op.SET, combine.value(), false, List.of(), combine.range()));
            out.add(SupportFile.stmt("pa_ps_toc", new VarRef(seconds), SupportFile.symbol("PA_PS_SWEEP"),
                    new VarRef(t)));
            return out;
        }
        if (layout.weighted()) {
            // the rows already carry the weights
            out.add(Assign.set(new ArrayRef(unit, List.of(Exprs.integer(0))), Exprs.real(1.0)));
            assembled = unit;
        } else {
            for (Expanded x : expanded) {
                out.add(Assign.set(new ArrayRef(weights, List.of(SupportFile.integer(x.source().block()))),
                        layout.weight(x)));
            }
        }
        out.add(new Assign(combine.target(), Assign.Op.SET, combine.value(), false, List.of(), combine.range()));
        VarRef seconds = new VarRef(this.seconds);
        out.add(SupportFile.stmt("pa_ps_toc", seconds, SupportFile.symbol("PA_PS_SWEEP"), new VarRef(t)));
        out.add(Assign.set(new VarRef(t), SupportFile.call("pa_ps_tic")));
        List<Variable> indeps = m.independents();
        for (int a = 0; a < indeps.size(); a++) {
            out.add(SupportFile.stmt("pa_ps_assemble", new VarRef(plan), new VarRef(assembled),
                    new VarRef(gradients.get(indeps.get(a))), SupportFile.integer(a)));
        }
        out.add(SupportFile.stmt("pa_ps_toc", seconds, SupportFile.symbol("PA_PS_ASSEMBLY"), new VarRef(t)));
        return out;
    }
}
