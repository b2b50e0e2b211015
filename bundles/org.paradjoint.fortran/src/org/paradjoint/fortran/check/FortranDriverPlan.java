package org.paradjoint.fortran.check;

import org.paradjoint.core.check.CheckPlan;
import org.paradjoint.core.check.CheckResolution.Kind;
import org.paradjoint.core.check.CheckResolution.Role;
import org.paradjoint.core.check.CheckTarget;
import org.paradjoint.core.check.DriverParam;
import org.paradjoint.core.check.IndexFill;
import org.paradjoint.core.check.IntExpr;
import org.paradjoint.core.check.IrInt;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.fortran.ProcedureInfo;
import org.paradjoint.fortran.print.FortranPrinter;

/**
 * The check of one Fortran procedure, resolved: the value of every integer dummy, the bounds of
 * every array (declared ones evaluated; the open last extent of an assumed-size or assumed-shape
 * array from {@code --extent}), the contents of index arrays and each dummy's role. What the
 * options get wrong is reported as located diagnostics.
 */
final class FortranDriverPlan extends CheckPlan<FortranDriverPlan.Param> {

    /** One dummy: its bounds per dimension (arrays), element count, fill and derivative dummies. */
    record Param(Variable var, Kind kind, long[] lower, long[] upper, long length, IndexFill fill, Variable tangent,
            Variable adjoint, boolean independent, boolean dependent) implements DriverParam {
    }

    /** What the front-end knows beyond the IR; may be null (see {@link FortranCheckTarget}). */
    final ProcedureInfo info;

    private FortranDriverPlan(FortranCheckTarget t, Diagnostics diags) {
        super(new CheckTarget(t.primal(), t.tangent(), t.adjoint(), t.spec()), diags, "dummy", "dummies");
        this.info = t.info();
    }

    /** The plan, or null after reporting errors to {@code diags}. */
    static FortranDriverPlan resolve(FortranCheckTarget target, Diagnostics diags) {
        return resolve(diags, () -> new FortranDriverPlan(target, diags));
    }

    @Override
    protected boolean checkType(Variable v) {
        // a communicator is passed MPI_COMM_WORLD, as in the C drivers
        if (v.type() != BaseType.DOUBLE && !v.type().isInteger() && v.type() != BaseType.MPI_COMM) {
            error("check-unsupported-type.dummy-has-type", v.range(), "dummy", v.name(), "type", v.type().cName());
            return false;
        }
        return true;
    }

    @Override
    protected void resolveParams() {
        function().params().forEach(this::addParam);
    }

    private void addParam(Variable v) {
        Role role = checks.role(v);
        if (role == null) {
            return;
        }
        Kind kind = role.kind();
        if (role.dependent() && (role.tangent() == null || role.adjoint() == null)) {
            error("check-signature-mismatch.dependent-has-no", v.range(), "dependent", v.name(), "derivative",
                    (role.tangent() == null ? tangent().derivedName() : adjoint().derivedName()));
            return;
        }
        if (role.dependent() && kind == Kind.REAL_SCALAR) {
            error("check-signature-mismatch.scalar-dependent", v.range(), "dummy", v.name());
            return;
        }
        long[] lower = new long[v.rank()];
        long[] upper = new long[v.rank()];
        long length = 1;
        try {
            for (int d = 0; d < v.rank(); d++) {
                Dim dim = v.dims().get(d);
                lower[d] = IrInt.eval(dim.lower(), ints(), FortranPrinter::print);
                long extent;
                if (dim.extentKnown()) {
                    extent = IrInt.eval(dim.extent(), ints(), FortranPrinter::print);
                } else if (d == v.rank() - 1 && spec().extents().containsKey(v.name())) {
                    extent = spec().extents().get(v.name()).eval(ints());
                } else {
                    error(d < v.rank() - 1 ? "check-extent-unknown.fortran-inner-dimension"
                            : "check-extent-unknown.fortran-dimension",
                            v.range(), "dimension", d + 1, "array", v.name());
                    return;
                }
                upper[d] = lower[d] + extent - 1;
                length = Math.multiplyExact(length, Math.max(extent, 0));
            }
        } catch (IllegalArgumentException | ArithmeticException ex) {
            error("check-extent-unknown.bounds-evaluated", v.range(), "array", v.name(), "reason", ex.getMessage());
            return;
        }
        if (v.isArray() && (length <= 0 || length > MAX_ELEMENTS)) {
            error("check-extent-size.fortran", v.range(), "array", v.name(), "length", length);
            return;
        }
        IndexFill fill = null;
        if (kind == Kind.INT_ARRAY) {
            fill = spec().indices().getOrDefault(v.name(), new IndexFill.Perm(new IntExpr.Lit(length)));
        }
        include(new Param(v, kind, lower, upper, length, fill, role.tangent(), role.adjoint(), role.independent(),
                role.dependent()));
    }
}
