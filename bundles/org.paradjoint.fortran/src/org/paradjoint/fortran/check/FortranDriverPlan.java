package org.paradjoint.fortran.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.IndexFill;
import org.paradjoint.core.check.IntExpr;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.Mode;

/**
 * The check of one Fortran procedure, resolved: the value of every integer dummy, the bounds of
 * every array (declared ones evaluated; the open last extent of an assumed-size or assumed-shape
 * array from {@code --extent}), the contents of index arrays and each dummy's role. What the
 * options get wrong is reported as located diagnostics.
 */
final class FortranDriverPlan {

    static final long MAX_ELEMENTS = 10_000_000L;

    enum Kind {
        INT_SCALAR, REAL_SCALAR, INT_ARRAY, REAL_ARRAY
    }

    /** One dummy: its bounds per dimension (arrays), element count, fill and derivative dummies. */
    record Param(Variable var, Kind kind, long[] lower, long[] upper, long length, IndexFill fill, Variable tangent,
            Variable adjoint, boolean independent, boolean dependent) {

        String name() {
            return var.name();
        }
    }

    final Function function;
    final DerivativeSignature tangent;
    final DerivativeSignature adjoint;
    final CheckSpec spec;
    final Map<String, Long> ints = new LinkedHashMap<>();
    final List<Param> params = new ArrayList<>();
    private final Diagnostics diags;

    private FortranDriverPlan(Function function, DerivativeSignature tangent, DerivativeSignature adjoint,
            CheckSpec spec, Diagnostics diags) {
        this.function = function;
        this.tangent = tangent;
        this.adjoint = adjoint;
        this.spec = spec;
        this.diags = diags;
    }

    static FortranDriverPlan resolve(Function f, DerivativeSignature tangent, DerivativeSignature adjoint,
            CheckSpec spec, Diagnostics diags) {
        FortranDriverPlan p = new FortranDiagnosticsGuard(diags).run(() -> {
            FortranDriverPlan plan = new FortranDriverPlan(f, tangent, adjoint, spec, diags);
            if (plan.signatures() && plan.types() && plan.integers()) {
                plan.arrays();
            }
            return plan;
        });
        return p;
    }

    private void error(String code, SourceRange at, String message) {
        diags.error(code, at == null || !at.isKnown() ? function.range() : at, function.name() + ": " + message);
    }

    private boolean signatures() {
        for (var s : new DerivativeSignature[] {tangent, adjoint}) {
            Mode want = s == tangent ? Mode.TANGENT : Mode.REVERSE;
            if (s == null || s.mode() != want) {
                error("check-signature-mismatch", null, "expected a " + want.name().toLowerCase() + " signature");
                return false;
            }
            List<String> primal = function.params().stream().map(Variable::name).toList();
            List<String> sig = s.params().stream().map(x -> x.primal().name()).toList();
            if (!primal.equals(sig)) {
                error("check-signature-mismatch", null, "the dummies of " + s.derivedName() + " " + sig
                        + " do not follow those of the primal " + primal);
                return false;
            }
        }
        return true;
    }

    private boolean types() {
        boolean ok = true;
        for (Variable v : function.params()) {
            if (v.type() != BaseType.DOUBLE && !v.type().isInteger()) {
                error("check-unsupported-type", v.range(), "dummy " + v.name() + " has type "
                        + v.type().cName() + "; check drivers handle real(8) and integer dummies only");
                ok = false;
            }
        }
        return ok;
    }

    private boolean integers() {
        for (Variable v : function.params()) {
            if (v.isScalar() && v.type().isInteger()) {
                ints.put(v.name(), CheckSpec.DEFAULT_INT);
            }
        }
        for (String name : spec.sets().keySet()) {
            Variable v = param(name);
            if (v != null && !(v.isScalar() && v.type().isInteger())) {
                error("check-spec-name", v.range(), "--set " + name + ": " + name + " is not an integer scalar dummy");
                return false;
            }
        }
        Map<String, IntExpr> pending = new LinkedHashMap<>(spec.sets());
        while (!pending.isEmpty()) {
            boolean progress = false;
            for (var it = pending.entrySet().iterator(); it.hasNext();) {
                var e = it.next();
                Set<String> needs = e.getValue().names();
                for (String n : needs) {
                    if (!ints.containsKey(n) && !pending.containsKey(n) || n.equals(e.getKey())) {
                        error("check-spec-name", null, "--set " + e.getKey() + "=" + e.getValue().toC()
                                + ": unknown name '" + n + "'");
                        return false;
                    }
                }
                if (needs.stream().allMatch(n -> ints.containsKey(n) && !pending.containsKey(n))) {
                    try {
                        ints.put(e.getKey(), e.getValue().eval(ints));
                    } catch (IllegalArgumentException | ArithmeticException ex) {
                        error("check-spec-value", null, "--set " + e.getKey() + ": " + ex.getMessage());
                        return false;
                    }
                    it.remove();
                    progress = true;
                }
            }
            if (!progress) {
                error("check-spec-cycle", null, "--set values refer to each other in a cycle: " + pending.keySet());
                return false;
            }
        }
        return true;
    }

    private Variable param(String name) {
        return function.params().stream().filter(v -> v.name().equals(name)).findFirst().orElse(null);
    }

    private void arrays() {
        for (String name : spec.extents().keySet()) {
            Variable v = param(name);
            if (v == null || !v.isArray()) {
                error("check-spec-name", null, "--extent " + name + ": no array dummy " + name);
                return;
            }
        }
        for (String name : spec.indices().keySet()) {
            Variable v = param(name);
            if (v == null || !v.isArray() || !v.type().isInteger()) {
                error("check-spec-name", null, "--index " + name + ": no integer array dummy " + name);
                return;
            }
        }
        for (int k = 0; k < function.params().size(); k++) {
            add(function.params().get(k), tangent.params().get(k), adjoint.params().get(k));
        }
    }

    private void add(Variable v, DerivativeSignature.Param t, DerivativeSignature.Param a) {
        boolean indep = t.independent() || a.independent();
        boolean dep = t.dependent() || a.dependent();
        Kind kind = v.isArray() ? (v.type().isInteger() ? Kind.INT_ARRAY : Kind.REAL_ARRAY)
                : (v.type().isInteger() ? Kind.INT_SCALAR : Kind.REAL_SCALAR);
        if ((indep || dep) && v.type().isInteger()) {
            error("check-signature-mismatch", v.range(), "integer dummy " + v.name() + " cannot be "
                    + (indep ? "independent" : "dependent"));
            return;
        }
        if (dep && (t.derivative() == null || a.derivative() == null)) {
            error("check-signature-mismatch", v.range(), "dependent " + v.name() + " has no derivative dummy in "
                    + (t.derivative() == null ? tangent.derivedName() : adjoint.derivedName()));
            return;
        }
        if (dep && kind == Kind.REAL_SCALAR) {
            error("check-signature-mismatch", v.range(), v.name() + " is a scalar and cannot be dependent");
            return;
        }
        long[] lower = new long[v.rank()];
        long[] upper = new long[v.rank()];
        long length = 1;
        try {
            for (int d = 0; d < v.rank(); d++) {
                Dim dim = v.dims().get(d);
                lower[d] = IntEval.eval(dim.lower(), ints);
                long extent;
                if (dim.extentKnown()) {
                    extent = IntEval.eval(dim.extent(), ints);
                } else if (d == v.rank() - 1 && spec.extents().containsKey(v.name())) {
                    extent = spec.extents().get(v.name()).eval(ints);
                } else {
                    error("check-extent-unknown", v.range(), "dimension " + (d + 1) + " of " + v.name()
                            + " is not declared; give --extent " + v.name() + "=EXPR (the extent of the last dimension)"
                            + (d < v.rank() - 1 ? ", and declare the other dimensions explicitly" : ""));
                    return;
                }
                upper[d] = lower[d] + extent - 1;
                length = Math.multiplyExact(length, Math.max(extent, 0));
            }
        } catch (IllegalArgumentException | ArithmeticException ex) {
            error("check-extent-unknown", v.range(), "the bounds of " + v.name() + " cannot be evaluated ("
                    + ex.getMessage() + ")");
            return;
        }
        if (v.isArray() && (length <= 0 || length > MAX_ELEMENTS)) {
            error("check-extent-size", v.range(), v.name() + " would have " + length + " elements; adjust --set or "
                    + "--extent");
            return;
        }
        IndexFill fill = null;
        if (kind == Kind.INT_ARRAY) {
            fill = spec.indices().getOrDefault(v.name(), new IndexFill.Perm(new IntExpr.Lit(length)));
        }
        params.add(new Param(v, kind, lower, upper, length, fill, t.derivative(), a.derivative(), indep, dep));
    }
}
