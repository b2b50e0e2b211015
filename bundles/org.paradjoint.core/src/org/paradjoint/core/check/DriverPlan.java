package org.paradjoint.core.check;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.analysis.IndexRanges.Interval;
import org.paradjoint.core.check.CheckResolution.Kind;
import org.paradjoint.core.check.CheckResolution.Role;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.Variable;

/**
 * The check of one C function, resolved: besides what every {@link CheckPlan} holds, the element
 * count of every array (its leading extent from {@code --extent}, the declaration or the indices
 * the function uses) and the contents of index arrays. Everything the user may get wrong is
 * reported here, as located diagnostics.
 */
final class DriverPlan extends CheckPlan<DriverPlan.Param> {

    /**
     * One primal parameter. {@code lengthC}/{@code length}: element count of an array (C text and
     * value); {@code origin}: where the leading extent came from; {@code tangent}/{@code adjoint}:
     * derivative parameters or null.
     */
    record Param(Variable var, Kind kind, String lengthC, long length, String origin, IndexFill fill,
            Variable tangent, Variable adjoint, boolean independent, boolean dependent) implements DriverParam {
    }

    private final Map<String, String> leadingC = new HashMap<>();
    private final Map<String, Long> leading = new HashMap<>();
    private final Map<String, String> origins = new HashMap<>();
    private final Map<String, Interval> contents = new HashMap<>();
    private final Map<String, IndexFill> fills = new LinkedHashMap<>();

    private DriverPlan(CheckTarget target, Diagnostics diags) {
        super(target, diags, "parameter", "parameters");
    }

    /** The plan, or null after reporting errors to {@code diags}. */
    static DriverPlan resolve(CheckTarget target, Diagnostics diags) {
        return resolve(diags, () -> new DriverPlan(target, diags));
    }

    /** Also warns that a floating-point return value goes unchecked. */
    @Override
    protected boolean checkTypes() {
        boolean ok = super.checkTypes();
        if (function().returnType() != null && function().returnType().isFloating()) {
            diags.warning("check-return-ignored", function().range(), "function", function().name());
        }
        return ok;
    }

    @Override
    protected boolean checkType(Variable v) {
        boolean ok = true;
        boolean cArray = v.layout() == Layout.ROW_MAJOR
                && v.dims().stream().allMatch(d -> d.lower() instanceof IntLit l && l.value() == 0);
        if (!cArray) {
            error("check-unsupported-type.parameter-c-array", v.range(), "parameter", v.name());
            ok = false;
        }
        if (!v.type().isFloating() && !v.type().isInteger() && v.type() != org.paradjoint.core.ir.BaseType.MPI_COMM) {
            error("check-unsupported-type.parameter-has-type", v.range(), "parameter", v.name(), "type",
                    v.type().cName());
            ok = false;
        }
        for (int d = 1; d < v.rank(); d++) {
            if (!v.dims().get(d).extentKnown()) {
                error("check-extent-unknown.dimension-has-no", v.range(), "dimension", (d + 1), "array", v.name());
                ok = false;
            }
        }
        return ok;
    }

    @Override
    protected void resolveParams() {
        for (Variable v : function().params()) {
            if (!v.isArray()) {
                continue;
            }
            IntExpr given = spec().extents().get(v.name());
            if (given != null) {
                setLeading(v, given.toC(), evalSpec(given, "--extent " + v.name()), "--extent");
            } else if (StructParameter.isByAddress(function().structs(), v)) {
                // the address of one member (&g->s); its uses may be in a helper the call passes it to whole
                setLeading(v, "1", 1, "a struct member");
            } else if (v.dims().get(0).extentKnown()) {
                var e = v.dims().get(0).extent();
                try {
                    setLeading(v, IrInt.toC(e), IrInt.eval(e, ints()), "declaration");
                } catch (IllegalArgumentException | ArithmeticException ex) {
                    error("check-extent-unknown.declared-extent-evaluated", v.range(), "array", v.name(), "reason",
                            ex.getMessage());
                }
            }
            if (v.type().isInteger()) {
                IndexFill fill = spec().indices().get(v.name());
                if (fill != null) {
                    fills.put(v.name(), fill);
                    try {
                        long[] r = fill.valueRange(ints());
                        contents.put(v.name(), new Interval(r[0], r[1]));
                    } catch (IllegalArgumentException | ArithmeticException ex) {
                        error("check-spec-value.index", v.range(), "index", v.name(), "spelling", fill.spelling(),
                                "reason", ex.getMessage());
                    }
                }
            }
        }
        inferExtents();
        for (Variable v : function().params()) {
            if (v.isArray() && leading.containsKey(v.name())) {
                addParam(v);
            } else if (!v.isArray()) {
                addParam(v);
            }
        }
    }

    private long evalSpec(IntExpr e, String what) {
        try {
            return e.eval(ints());
        } catch (IllegalArgumentException | ArithmeticException ex) {
            error("check-spec-value.other", null, "option", what, "expression", e.toC(), "reason", ex.getMessage());
            return 1;
        }
    }

    private void setLeading(Variable v, String c, long value, String origin) {
        leadingC.put(v.name(), c);
        leading.put(v.name(), value);
        origins.put(v.name(), origin);
        if (v.type().isInteger() && !fills.containsKey(v.name()) && !spec().indices().containsKey(v.name())) {
            try {
                long len = Math.multiplyExact(value, innerCount(v));
                fills.put(v.name(), new IndexFill.Perm(new IntExpr.Name("pa_len_" + v.name())));
                contents.put(v.name(), new Interval(0, len - 1));
            } catch (IllegalArgumentException | ArithmeticException ex) {
                // reported when the parameter is added
            }
        }
    }

    private long innerCount(Variable v) {
        long n = 1;
        for (int d = 1; d < v.rank(); d++) {
            n = Math.multiplyExact(n, IrInt.eval(v.dims().get(d).extent(), ints()));
        }
        return n;
    }

    /** Sizes arrays from the indices the function uses, until nothing more can be learnt. */
    private void inferExtents() {
        Map<Variable, Interval> used = Map.of();
        for (int round = 0; round <= function().params().size(); round++) {
            used = IndexBounds.leadingIndices(function(), ints(), contents);
            boolean progress = false;
            for (Variable v : function().params()) {
                Interval r = used.get(v);
                if (v.isArray() && !leading.containsKey(v.name()) && r != null && r.bounded() && r.hi() >= 0) {
                    setLeading(v, Long.toString(r.hi() + 1), r.hi() + 1, "largest index used");
                    progress = true;
                }
            }
            if (!progress) {
                break;
            }
        }
        for (Variable v : function().params()) {
            if (!v.isArray()) {
                continue;
            }
            Interval r = used.get(v);
            if (!leading.containsKey(v.name())) {
                if (r == null) {
                    setLeading(v, "1", 1, "not indexed");
                    continue;
                }
                if (r.bounded()) {
                    error("check-extent-unknown.indices-largest", v.range(), "array", v.name(), "largest", r.hi());
                } else {
                    error("check-extent-unknown.indices", v.range(), "array", v.name());
                }
            } else if (r != null && r.bounded() && (r.lo() < 0 || r.hi() >= leading.get(v.name()))) {
                diags.warning("check-extent-small", v.range(), "function", function().name(), "array", v.name(), "low",
                        r.lo(), "high", r.hi(), "extent", leading.get(v.name()), "origin", origins.get(v.name()));
            }
        }
    }

    private void addParam(Variable v) {
        Role role = checks.role(v);
        if (role == null) {
            return;
        }
        if (role.dependent() && role.kind() == Kind.REAL_SCALAR) {
            error("check-signature-mismatch.passed-by-value", v.range(), "parameter", v.name());
            return;
        }
        String lengthC = null;
        long length = 1;
        if (v.isArray()) {
            StringBuilder c = new StringBuilder("(long) (" + leadingC.get(v.name()) + ")");
            try {
                length = Math.multiplyExact(leading.get(v.name()), innerCount(v));
            } catch (IllegalArgumentException | ArithmeticException ex) {
                error("check-extent-unknown.extents-evaluated", v.range(), "array", v.name(), "reason",
                        ex.getMessage());
                return;
            }
            for (int d = 1; d < v.rank(); d++) {
                c.append(" * (").append(IrInt.toC(v.dims().get(d).extent())).append(")");
            }
            lengthC = c.toString();
            if (length <= 0 || length > MAX_ELEMENTS) {
                error("check-extent-size.c", v.range(), "array", v.name(), "length", length, "origin",
                        origins.get(v.name()));
                return;
            }
        }
        include(new Param(v, role.kind(), lengthC, length, origins.get(v.name()), fills.get(v.name()),
                role.tangent(), role.adjoint(), role.independent(), role.dependent()));
    }

    /** Names of --set helpers that are no parameters (declared as locals of the driver). */
    List<String> helperNames() {
        return spec().sets().keySet().stream().filter(n -> checks.param(n) == null).toList();
    }
}
