package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.analysis.Activity;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.MessageSpelling;
import org.paradjoint.separable.internal.Skeleton.Expanded;

/**
 * What the derivative sweeps need to know about the inlined skeleton: the independents (the
 * active input arrays: named by the options or a {@code gradient} pragma, else every
 * floating-point array parameter the function only reads and the elementals depend on), the active scalars (which carry
 * derivative vectors), the slot arrays of the elementals, and whether the sparsity pattern can
 * be cached (it can unless branches, loop bounds or the indices of active references depend on
 * array contents; it is then a function of the scalar parameters, the cache key).
 */
public final class ActiveModel {

    private final Skeleton skeleton;
    private final Function flat;
    private final List<Variable> independents;
    private final Set<Variable> activeScalars;
    private final Map<Variable, Expanded> slotArrays = new LinkedHashMap<>();
    private final boolean cacheable;

    private ActiveModel(Skeleton skeleton, Function flat, List<Variable> independents, Set<Variable> activeScalars) {
        this.skeleton = skeleton;
        this.flat = flat;
        this.independents = List.copyOf(independents);
        this.activeScalars = activeScalars;
        skeleton.expanded().forEach(x -> slotArrays.put(x.values(), x));
        this.cacheable = computeCacheable();
    }

    /** The model, or empty with errors in {@code diags}. */
    public static Optional<ActiveModel> build(TranslationUnit unit, Skeleton skeleton, NameSupply names,
            List<String> requested, MessageSpelling spell, Diagnostics diags) {
        Function flat;
        try {
            flat = FlatFunction.of(unit, skeleton.function(), names);
        } catch (UnsupportedException e) {
            diags.add(e.diagnostic());
            return Optional.empty();
        }
        Function f = skeleton.model().function();
        Set<Variable> slotVars = new LinkedHashSet<>();
        skeleton.expanded().forEach(x -> slotVars.add(x.values()));
        List<Variable> indeps;
        try {
            indeps = independents(f, flat, skeleton, requested, slotVars, spell, diags);
        } catch (UnsupportedException e) {
            diags.add(e.diagnostic());
            return Optional.empty();
        }
        if (indeps.isEmpty()) {
            return Optional.empty();
        }
        Set<Variable> written = StmtUtil.writes(flat.body());
        for (Variable x : indeps) {
            if (written.contains(x)) {
                diags.error("independent-overwritten.independent-written-by", writer(flat, x), "independent", x.name(),
                        "function", f.name());
            }
        }
        Activity activity = Activity.compute(flat.body(), indeps);
        Set<Variable> scalars = new LinkedHashSet<>();
        for (Variable v : activity.varied()) {
            if (indeps.contains(v) || slotVars.contains(v)) {
                continue;
            }
            if (v.isScalar()) {
                scalars.add(v);
            } else {
                diags.error("active-array", writer(flat, v), "array", v.name(), "elementals", String.join(", ",
                        indeps.stream().map(Variable::name)
                                .toList()));
            }
        }
        if (diags.hasErrors()) {
            return Optional.empty();
        }
        activeInParallelLoops(flat.body(), scalars, slotVars, diags);
        if (diags.hasErrors()) {
            return Optional.empty();
        }
        // keep a stable order: the order of the inlined function's locals and parameters
        Set<Variable> ordered = new LinkedHashSet<>();
        flat.params().stream().filter(scalars::contains).forEach(ordered::add);
        flat.locals().stream().filter(scalars::contains).forEach(ordered::add);
        ordered.addAll(scalars);
        return Optional.of(new ActiveModel(skeleton, flat, indeps, ordered));
    }

    private static List<Variable> independents(Function f, Function flat, Skeleton skeleton, List<String> requested,
            Set<Variable> slotVars, MessageSpelling spell, Diagnostics diags) {
        String real = spell.type(org.paradjoint.core.ir.BaseType.DOUBLE);
        List<String> names = requested;
        SourceRange where = f.range();
        if (names == null || names.isEmpty()) {
            for (AdPragma p : f.pragmas()) {
                if (p instanceof AdPragma.Gradient g) {
                    names = g.independents();
                    where = g.range();
                }
            }
        }
        List<Variable> out = new ArrayList<>();
        if (names != null && !names.isEmpty()) {
            for (String n : names) {
                Optional<Variable> v = f.params().stream().filter(p -> p.name().equals(n)).findFirst();
                if (v.isEmpty() || !v.get().isArray() || v.get().rank() != 1
                        || v.get().type() != org.paradjoint.core.ir.BaseType.DOUBLE) {
                    if (spell.isFortran()) {
                        diags.error("independent-shape.one-dimensional-dummy", where, "independent", n, "real", real,
                                "function", f.name(), "example", real + ", intent(in) :: " + n + "(n)");
                    } else {
                        diags.error("independent-shape.one-dimensional-parameter", where, "independent", n, "real",
                                real, "function", f.name(), "example", "const " + real + " *" + n);
                    }
                } else if (!out.contains(v.get())) {
                    out.add(v.get());
                }
            }
            return diags.hasErrors() ? List.of() : out;
        }
        Variable target = skeleton.model().combine().target().var();
        Set<Variable> written = StmtUtil.writes(flat.body());
        for (Variable p : f.params()) {
            // arrays the function writes are outputs or work arrays, not inputs
            if (!p.isArray() || !p.isFloating() || p.equals(target) || written.contains(p)) {
                continue;
            }
            Activity a = Activity.compute(flat.body(), List.of(p));
            if (slotVars.stream().anyMatch(a::isVaried)) {
                if (p.rank() != 1 || p.type() != org.paradjoint.core.ir.BaseType.DOUBLE) {
                    if (p.rank() != 1) {
                        diags.error("independent-shape.influencing-rank", p.range(), "array", p.name(), "rank",
                                p.rank(), "real", real);
                    } else {
                        diags.error("independent-shape.influencing-type", p.range(), "array", p.name(), "type",
                                spell.type(p.type()), "real", real);
                    }
                    return List.of();
                }
                out.add(p);
            }
        }
        if (out.isEmpty()) {
            diags.error("no-active-input", skeleton.model().pragmaRange(), "function", f.name());
        }
        return out;
    }

    /**
     * The pattern sweep shares its index sets between iterations, so active values may not be
     * computed inside an OpenMP parallel loop (passive parallel loops stay parallel).
     */
    private static void activeInParallelLoops(Stmt body, Set<Variable> scalars, Set<Variable> slotVars,
            Diagnostics diags) {
        StmtUtil.forEach(body, s -> {
            if (s instanceof org.paradjoint.core.ir.For f && f.isParallel()) {
                StmtUtil.forEach(f.body(), x -> {
                    if (x instanceof Assign a && (scalars.contains(a.target().var())
                            || slotVars.contains(a.target().var())) && !diags.hasErrors()) {
                        diags.error("active-in-parallel-loop", f.range(), "var", a.target().var().name());
                    }
                });
            }
        });
    }

    /** Where a variable is written (for diagnostics). */
    private static SourceRange writer(Function flat, Variable v) {
        SourceRange[] found = {SourceRange.NONE};
        StmtUtil.forEach(flat.body(), s -> {
            if (s instanceof Assign a && a.target().var().equals(v) && !found[0].isKnown()) {
                found[0] = a.range();
            }
        });
        return found[0].isKnown() ? found[0] : v.range();
    }

    // ---- queries ---------------------------------------------------------------------------------

    public Skeleton skeleton() {
        return skeleton;
    }

    public Function flat() {
        return flat;
    }

    public List<Variable> independents() {
        return independents;
    }

    public Set<Variable> activeScalars() {
        return Set.copyOf(activeScalars);
    }

    public List<Variable> activeScalarList() {
        return List.copyOf(activeScalars);
    }

    public boolean isCacheable() {
        return cacheable;
    }

    /** The scalar parameters, in order: the cache key of the pattern. */
    public List<Variable> keyParams() {
        return flat.params().stream().filter(Variable::isScalar).toList();
    }

    public boolean isActiveLeaf(LValue lv) {
        Variable v = lv.var();
        return lv instanceof VarRef && activeScalars.contains(v)
                || lv instanceof ArrayRef && (slotArrays.containsKey(v) || independents.contains(v));
    }

    public boolean isScalar(LValue lv) {
        return lv instanceof VarRef && activeScalars.contains(lv.var());
    }

    public Expanded slotArray(LValue lv) {
        return lv instanceof ArrayRef ? slotArrays.get(lv.var()) : null;
    }

    public boolean isInput(LValue lv) {
        return lv instanceof ArrayRef && independents.contains(lv.var());
    }

    /** The Jacobian column of an input reference: {@code index * nact + array number}. */
    public Expr column(LValue input) {
        ArrayRef r = (ArrayRef) input;
        int a = independents.indexOf(r.var());
        Expr idx = r.indices().get(0);
        int nact = independents.size();
        return nact == 1 ? idx : Exprs.add(Exprs.mul(idx, Exprs.integer(nact)), Exprs.integer(a));
    }

    // ---- cacheability ------------------------------------------------------------------------------

    private boolean computeCacheable() {
        Set<Variable> dataDependent = dataDependent();
        List<Expr> decisive = new ArrayList<>();
        StmtUtil.forEach(flat.body(), s -> {
            switch (s) {
                case org.paradjoint.core.ir.If i -> decisive.add(i.cond());
                case org.paradjoint.core.ir.For f -> {
                    decisive.add(f.lower());
                    decisive.add(f.bound());
                    decisive.add(f.step());
                }
                default -> {
                }
            }
        });
        StmtUtil.forEachExpr(flat.body(), e -> {
            if (e instanceof ArrayRef r && (independents.contains(r.var()) || slotArrays.containsKey(r.var()))) {
                decisive.addAll(r.indices());
            }
        });
        for (Expr e : decisive) {
            boolean readsArray = ExprUtil.references(e).stream().anyMatch(lv -> lv instanceof ArrayRef);
            if (readsArray || ExprUtil.variables(e).stream().anyMatch(dataDependent::contains)) {
                return false;
            }
        }
        return true;
    }

    /** Variables whose value may come from array contents (a flow-insensitive fixpoint). */
    private Set<Variable> dataDependent() {
        Set<Variable> out = new LinkedHashSet<>();
        boolean changed = true;
        while (changed) {
            changed = false;
            List<Assign> assigns = new ArrayList<>();
            StmtUtil.forEach(flat.body(), s -> {
                if (s instanceof Assign a) {
                    assigns.add(a);
                }
            });
            for (Assign a : assigns) {
                Variable t = a.target().var();
                if (out.contains(t)) {
                    continue;
                }
                boolean fromArray = ExprUtil.references(a.value()).stream().anyMatch(lv -> lv instanceof ArrayRef)
                        || ExprUtil.variables(a.value()).stream().anyMatch(out::contains);
                if (fromArray) {
                    out.add(t);
                    changed = true;
                }
            }
        }
        return out;
    }

    /** Statements of the flat body (for generators). */
    public List<Stmt> body() {
        return flat.body().stmts();
    }
}
