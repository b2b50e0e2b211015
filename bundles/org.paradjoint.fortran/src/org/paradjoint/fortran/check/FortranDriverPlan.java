package org.paradjoint.fortran.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.check.CheckResolution;
import org.paradjoint.core.check.CheckResolution.Kind;
import org.paradjoint.core.check.CheckResolution.Role;
import org.paradjoint.core.check.CheckSpec;
import org.paradjoint.core.check.IndexFill;
import org.paradjoint.core.check.IntExpr;
import org.paradjoint.core.check.IrInt;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.fortran.print.FortranPrinter;

/**
 * The check of one Fortran procedure, resolved: the value of every integer dummy, the bounds of
 * every array (declared ones evaluated; the open last extent of an assumed-size or assumed-shape
 * array from {@code --extent}), the contents of index arrays and each dummy's role. What the
 * options get wrong is reported as located diagnostics.
 */
final class FortranDriverPlan {

    static final long MAX_ELEMENTS = 10_000_000L;

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
    private final CheckResolution checks;

    private FortranDriverPlan(Function function, DerivativeSignature tangent, DerivativeSignature adjoint,
            CheckSpec spec, Diagnostics diags) {
        this.function = function;
        this.tangent = tangent;
        this.adjoint = adjoint;
        this.spec = spec;
        this.checks = new CheckResolution(function, tangent, adjoint, spec, diags, "dummy", "dummies");
    }

    /** The plan, or null after reporting errors to {@code diags}. */
    static FortranDriverPlan resolve(Function f, DerivativeSignature tangent, DerivativeSignature adjoint,
            CheckSpec spec, Diagnostics diags) {
        return CheckResolution.unlessErrors(diags, () -> {
            FortranDriverPlan plan = new FortranDriverPlan(f, tangent, adjoint, spec, diags);
            if (plan.checks.signaturesFollowPrimal() && plan.types() && plan.integers()) {
                plan.arrays();
            }
            return plan;
        });
    }

    private void error(String code, SourceRange at, String message) {
        checks.error(code, at, message);
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
        Map<String, Long> values = checks.integerValues();
        if (values == null) {
            return false;
        }
        ints.putAll(values);
        return true;
    }

    private void arrays() {
        if (checks.optionNamesExist()) {
            function.params().forEach(this::add);
        }
    }

    private void add(Variable v) {
        Role role = checks.role(v);
        if (role == null) {
            return;
        }
        Kind kind = role.kind();
        if (role.dependent() && (role.tangent() == null || role.adjoint() == null)) {
            error("check-signature-mismatch", v.range(), "dependent " + v.name() + " has no derivative dummy in "
                    + (role.tangent() == null ? tangent.derivedName() : adjoint.derivedName()));
            return;
        }
        if (role.dependent() && kind == Kind.REAL_SCALAR) {
            error("check-signature-mismatch", v.range(), v.name() + " is a scalar and cannot be dependent");
            return;
        }
        long[] lower = new long[v.rank()];
        long[] upper = new long[v.rank()];
        long length = 1;
        try {
            for (int d = 0; d < v.rank(); d++) {
                Dim dim = v.dims().get(d);
                lower[d] = IrInt.eval(dim.lower(), ints, FortranPrinter::print);
                long extent;
                if (dim.extentKnown()) {
                    extent = IrInt.eval(dim.extent(), ints, FortranPrinter::print);
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
        params.add(new Param(v, kind, lower, upper, length, fill, role.tangent(), role.adjoint(), role.independent(),
                role.dependent()));
    }
}
