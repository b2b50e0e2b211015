package org.paradjoint.separable.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.ExprTypes;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.MessageSpelling;
import org.paradjoint.separable.internal.ElementalModel.Elemental;
import org.paradjoint.separable.internal.ElementalModel.Update;

/**
 * Reads the partial-separability pragmas of a function and checks the shape the scalar
 * expansion relies on: the combining assignment at the top level, storing into an element of a
 * pointer parameter; each elemental a local floating scalar initialised once at the top level
 * (marked {@code ad elemental}) before the combination, updated only as {@code e = e + term}
 * (or {@code e += term}, {@code e -= term}, {@code e = e - term}) with a term free of elementals,
 * inside rectangular loop nests with constant steps, and read nowhere else. Every violation is
 * a located error naming what would make the function supported.
 */
public final class ElementalAnalysis {

    private final TranslationUnit unit;
    private final Function f;
    private final Diagnostics diags;
    /** User code in messages, in the language of the user's source. */
    private final MessageSpelling spell;
    private final List<Stmt> top;
    private final Map<Variable, Elemental> elementals = new LinkedHashMap<>();
    private final IdentityHashMap<Assign, Update> updates = new IdentityHashMap<>();
    private int combineIndex = -1;

    private ElementalAnalysis(TranslationUnit unit, Function f, MessageSpelling spell, Diagnostics diags) {
        this.unit = unit;
        this.f = f;
        this.spell = spell;
        this.diags = diags;
        this.top = StmtUtil.flatten(f.body().stmts());
    }

    /** The checked model, or empty with errors in {@code diags}, which quote code as {@code spell} does. */
    public static Optional<ElementalModel> analyze(TranslationUnit unit, Function f, MessageSpelling spell,
            Diagnostics diags) {
        return new ElementalAnalysis(unit, f, spell, diags).run();
    }

    private Optional<ElementalModel> run() {
        List<AdPragma.PartiallySeparable> pragmas = f.pragmas().stream()
                .filter(p -> p instanceof AdPragma.PartiallySeparable).map(p -> (AdPragma.PartiallySeparable) p)
                .toList();
        if (pragmas.isEmpty()) {
            diags.error("no-partially-separable.function-has-no", f.range(), "function", f.name(), "annotation",
                    spell.annotation("partially_separable(e1, e2, ...)"));
            return Optional.empty();
        }
        if (pragmas.size() > 1) {
            diags.error("several-partially-separable", pragmas.get(1).range(), "function", f.name(), "size",
                    pragmas.size());
            return Optional.empty();
        }
        AdPragma.PartiallySeparable pragma = pragmas.get(0);
        noReturns();
        Assign combine = findCombine(pragma);
        if (combine == null) {
            return Optional.empty();
        }
        resolveElementals(pragma);
        findInits();
        if (diags.hasErrors()) {
            return Optional.empty();
        }
        checkCombine(combine, pragma);
        walkUpdates();
        checkAfterCombine(combine);
        if (diags.hasErrors()) {
            return Optional.empty();
        }
        return Optional.of(new ElementalModel(f, top, List.copyOf(elementals.values()), combineIndex, combine,
                pragma.range(), updates));
    }

    private void noReturns() {
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof Return r) {
                diags.error("return-in-function", r.range(), "function", f.name());
            }
        });
    }

    private Assign findCombine(AdPragma.PartiallySeparable pragma) {
        for (int k = 0; k < top.size(); k++) {
            if (top.get(k) instanceof Assign a && a.pragmas().contains(pragma)) {
                combineIndex = k;
                return a;
            }
        }
        diags.error("combine-position", pragma.range(), "function", f.name());
        return null;
    }

    private void resolveElementals(AdPragma.PartiallySeparable pragma) {
        for (String name : pragma.elementals()) {
            Optional<Variable> v = f.lookup(name);
            if (v.isEmpty()) {
                diags.error("elemental-not-found", pragma.range(), "name", name, "function", f.name());
            } else if (v.get().isParameter() || v.get().isArray()
                    || v.get().type() != org.paradjoint.core.ir.BaseType.DOUBLE) {
                String type = spell.type(org.paradjoint.core.ir.BaseType.DOUBLE);
                if (v.get().isParameter()) {
                    diags.error(spell.isFortran() ? "elemental-not-local-scalar.dummy"
                            : "elemental-not-local-scalar.parameter", pragma.range(), "name", name, "type", type,
                            "function", f.name());
                } else if (v.get().isArray()) {
                    diags.error("elemental-not-local-scalar.array", pragma.range(), "name", name, "type", type,
                            "function", f.name());
                } else {
                    diags.error("elemental-not-local-scalar", pragma.range(), "name", name, "type", type, "function",
                            f.name(), "actual", spell.type(v.get().type()));
                }
            } else if (!elementals.containsKey(v.get())) {
                elementals.put(v.get(), null);
            }
        }
    }

    /** The assignments marked {@code ad elemental}: at the top level, before the combination, once each. */
    private void findInits() {
        Map<Variable, Elemental> found = new LinkedHashMap<>();
        StmtUtil.forEach(f.body(), s -> {
            if (!(s instanceof Assign a) || a.pragmas().stream().noneMatch(p -> p instanceof AdPragma.Elemental)) {
                return;
            }
            SourceRange where = a.pragmas().stream().filter(p -> p instanceof AdPragma.Elemental).findFirst()
                    .get().range();
            Variable v = a.target().var();
            int index = indexOf(a);
            if (!(a.target() instanceof VarRef) || !elementals.containsKey(v)) {
                diags.error("elemental-not-listed", where, "variable", v.name());
            } else if (index < 0) {
                diags.error("elemental-init-position.initialisation-elemental-at", where, "elemental", v.name(),
                        "function", f.name());
            } else if (index > combineIndex) {
                diags.error("elemental-init-position.elemental-initialised-after", where, "elemental", v.name());
            } else if (found.containsKey(v)) {
                diags.error("elemental-init-position.elemental-marked-ad", where, "elemental", v.name());
            } else if (a.op() != Assign.Op.SET || mentionsElemental(a.value())) {
                diags.error("elemental-init-position.initialisation-elemental-plain", where, "elemental", v.name(),
                        "statement", spell.statement(v.name() + " = value"));
            } else {
                found.put(v, null);
                elementals.put(v, new Elemental(v, 0, index, a));
            }
        });
        int block = 0;
        for (Map.Entry<Variable, Elemental> e : elementals.entrySet()) {
            if (e.getValue() == null) {
                diags.error(spell.isFortran() ? "missing-elemental-pragma.fortran" : "missing-elemental-pragma",
                        f.range(), "name", e.getKey().name(), "annotation", spell.annotation("elemental"),
                        "statement", spell.statement(e.getKey().name() + " = " + spell.realLiteral(0.0)));
            } else {
                Elemental el = e.getValue();
                e.setValue(new Elemental(el.scalar(), block++, el.initIndex(), el.init()));
            }
        }
    }

    private int indexOf(Stmt s) {
        for (int k = 0; k < top.size(); k++) {
            if (top.get(k) == s) {
                return k;
            }
        }
        return -1;
    }

    private boolean mentionsElemental(Expr e) {
        return ExprUtil.variables(e).stream().anyMatch(elementals::containsKey);
    }

    private void checkCombine(Assign combine, AdPragma.PartiallySeparable pragma) {
        LValue t = combine.target();
        boolean pointerParam = t.var().isParameter() && t.var().isArray() && t.var().isFloating()
                && !t.var().isConst();
        if (!pointerParam || combine.op() != Assign.Op.SET || !(t instanceof ArrayRef)) {
            diags.error(spell.isFortran() ? "combine-target.store-fortran" : "combine-target.store", combine.range(),
                    "statement", spell.statement("f = area * (fquad + flin)"), "written", t.var().name());
        }
        if (elementals.containsKey(t.var()) || ExprUtil.variables(t).stream().anyMatch(elementals::containsKey)) {
            diags.error("combine-target.combining-assignment-may", combine.range());
        }
        for (Call c : ExprUtil.calls(combine.value())) {
            if (unit != null && unit.function(c.name()).isPresent()) {
                diags.error("combine-call", c.range(), "calls", c.name());
            }
        }
        if (!mentionsElemental(combine.value())) {
            diags.error("combine-target.combining-assignment-does", pragma.range(), "elementals", String.join(", ",
                    elementals.keySet().stream()
                            .map(v -> "'" + v.name() + "'").toList()));
        }
    }

    private void checkAfterCombine(Assign combine) {
        Variable target = combine.target().var();
        for (int k = combineIndex + 1; k < top.size(); k++) {
            Stmt s = top.get(k);
            if (StmtUtil.writes(s).contains(target) || StmtUtil.mentioned(s).stream()
                    .anyMatch(elementals::containsKey)) {
                diags.error("after-combine", s.range(), "target", target.name());
            }
        }
    }

    // ---- updates ------------------------------------------------------------------------------

    /** Visits every statement below the top level with the loops around it, checking each use of an elemental. */
    private void walkUpdates() {
        Set<Variable> fixedAfter = StmtUtil.writes(new Block(top.subList(firstInit(), top.size())));
        for (int k = 0; k < top.size(); k++) {
            Stmt s = top.get(k);
            boolean isInit = elementals.values().stream().anyMatch(e -> e.init() == s);
            if (isInit || k == combineIndex) {
                continue;
            }
            walk(s, k, new ArrayDeque<>(), fixedAfter);
        }
    }

    private int firstInit() {
        return elementals.values().stream().mapToInt(Elemental::initIndex).min().orElse(combineIndex);
    }

    private void walk(Stmt s, int topIndex, Deque<For> loops, Set<Variable> fixedAfter) {
        switch (s) {
            case Assign a when elementals.containsKey(a.target().var()) -> update(a, topIndex, loops, fixedAfter);
            case For x -> {
                misuse(x, List.of(x.lower(), x.bound(), x.step()));
                loops.addLast(x);
                x.body().stmts().forEach(c -> walk(c, topIndex, loops, fixedAfter));
                loops.removeLast();
            }
            case If i -> {
                misuse(i, List.of(i.cond()));
                i.then().stmts().forEach(c -> walk(c, topIndex, loops, fixedAfter));
                if (i.otherwise() != null) {
                    i.otherwise().stmts().forEach(c -> walk(c, topIndex, loops, fixedAfter));
                }
            }
            case Block b -> b.stmts().forEach(c -> walk(c, topIndex, loops, fixedAfter));
            default -> misuse(s, StmtUtil.ownExprs(s));
        }
    }

    private void misuse(Stmt s, List<Expr> exprs) {
        for (Expr e : exprs) {
            for (Variable v : ExprUtil.variables(e)) {
                if (elementals.containsKey(v)) {
                    diags.error("elemental-misuse.elemental-used-outside", s.range().isKnown() ? s.range() : e.range(),
                            "elemental", v.name());
                    return;
                }
            }
        }
    }

    private void update(Assign a, int topIndex, Deque<For> loops, Set<Variable> fixedAfter) {
        Elemental el = elementals.get(a.target().var());
        Variable v = el.scalar();
        if (topIndex < el.initIndex() || topIndex > combineIndex) {
            diags.error(topIndex < el.initIndex() ? "elemental-misuse.before-initialisation"
                    : "elemental-misuse.after-combination", a.range(), "elemental", v.name());
            return;
        }
        if (!isUpdateForm(a, v)) {
            diags.error(spell.isFortran() ? "elemental-update-form.fortran" : "elemental-update-form", a.range(),
                    "elemental", v.name(), "statement", spell.statement(v.name() + " = " + v.name() + " + term"),
                    "alternative", spell.statement(v.name() + " = " + v.name() + " - term"));
            return;
        }
        for (For loop : loops) {
            if (loop.isParallel()) {
                diags.error("elemental-in-parallel-loop", loop.range(), "elemental", v.name());
                return;
            }
            if (!LoopSlots.hasSupportedStep(loop)) {
                diags.error(spell.isFortran() ? "elemental-loop-step.fortran" : "elemental-loop-step", loop.range(),
                        "counter", loop.counter().name(), "elemental", v.name());
                return;
            }
            for (Expr bound : List.of(loop.lower(), loop.bound())) {
                if (!ExprTypes.isInteger(bound)) {
                    diags.error("elemental-loop-bounds.loop-over-around", loop.range(), "counter",
                            loop.counter().name(), "elemental", v.name());
                    return;
                }
                for (Variable b : ExprUtil.variables(bound)) {
                    if (fixedAfter.contains(b) || b.isArray()) {
                        diags.error("elemental-loop-bounds.bounds-loop-over", loop.range(), "counter",
                                loop.counter().name(), "elemental", v.name(), "variable", b.name(), "problem",
                                (b.isArray() ? "is an array" : "changes after the first elemental "
                                        + "initialisation"));
                        return;
                    }
                }
            }
        }
        updates.put(a, new Update(el, a, new ArrayList<>(loops)));
    }

    /** {@code e += t}, {@code e -= t}, or {@code e = } a sum in which {@code e} occurs once, added, at the top. */
    private boolean isUpdateForm(Assign a, Variable e) {
        return switch (a.op()) {
            case ADD, SUB -> !mentionsElemental(a.value());
            case SET -> {
                List<Expr> plus = new ArrayList<>();
                List<Expr> minus = new ArrayList<>();
                terms(a.value(), plus, minus);
                long selves = plus.stream().filter(t -> t instanceof VarRef r && r.var().equals(e)).count();
                boolean others = plus.stream().filter(t -> !(t instanceof VarRef r && r.var().equals(e)))
                        .anyMatch(this::mentionsElemental) || minus.stream().anyMatch(this::mentionsElemental);
                yield selves == 1 && !others;
            }
            default -> false;
        };
    }

    private static void terms(Expr e, List<Expr> plus, List<Expr> minus) {
        if (e instanceof Binary b && b.op() == Binary.Op.ADD) {
            terms(b.left(), plus, minus);
            terms(b.right(), plus, minus);
        } else if (e instanceof Binary b && b.op() == Binary.Op.SUB) {
            terms(b.left(), plus, minus);
            minus.add(b.right());
        } else {
            plus.add(e);
        }
    }
}
