package org.paradjoint.core.check;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.DerivativeSignature;
import org.paradjoint.core.transform.Mode;

/**
 * What every check driver, whatever its language, must establish before it sizes arrays: the
 * derivative signatures follow the primal, the names that {@code --set}, {@code --extent} and
 * {@code --index} mention exist, the value of every integer parameter, and each parameter's kind
 * and role. Problems become located error diagnostics prefixed with the function's name; the
 * messages call a parameter by the language's word ({@code parameter} in C, {@code dummy} in
 * Fortran).
 */
public final class CheckResolution {

    /** What a parameter is, as far as the driver is concerned. */
    public enum Kind {
        INT_SCALAR, REAL_SCALAR, INT_ARRAY, REAL_ARRAY,
        /** An MPI communicator: the driver passes {@code MPI_COMM_WORLD}. */
        COMMUNICATOR
    }

    /**
     * A parameter's kind and role: independent or dependent in either signature (the check uses
     * the union of both), and its derivative parameters in the tangent and the adjoint (or null).
     */
    public record Role(Kind kind, boolean independent, boolean dependent, Variable tangent, Variable adjoint) {
    }

    private final Function function;
    private final DerivativeSignature tangent;
    private final DerivativeSignature adjoint;
    private final CheckSpec spec;
    private final Diagnostics diags;
    private final String noun;
    private final String nouns;

    /** {@code noun}/{@code nouns}: the language's word for a parameter, singular and plural. */
    public CheckResolution(CheckTarget target, Diagnostics diags, String noun, String nouns) {
        this.function = target.primal();
        this.tangent = target.tangent();
        this.adjoint = target.adjoint();
        this.spec = target.spec();
        this.diags = diags;
        this.noun = noun;
        this.nouns = nouns;
    }

    /**
     * True for an error in the value of a check option ({@code --set}, {@code --extent},
     * {@code --index}: codes {@code check-spec-...}): a usage error of the command line, not a
     * problem of the source.
     */
    public static boolean isOptionError(Diagnostic d) {
        return d.isError() && d.code().startsWith("check-spec-");
    }

    /** The value of {@code step}, or null when it added an error to {@code diags}. */
    public static <T> T unlessErrors(Diagnostics diags, Supplier<T> step) {
        int before = diags.list().size();
        T value = step.get();
        boolean failed = diags.list().subList(before, diags.list().size()).stream().anyMatch(d -> d.isError());
        return failed ? null : value;
    }

    /**
     * Catalogue error {@code id} at {@code at} (the function when null or unknown); its pattern
     * begins with the function's name, which this adds as argument {@code function}.
     */
    public void error(String id, SourceRange at, Object... arguments) {
        Object[] all = Arrays.copyOf(arguments, arguments.length + 2);
        all[arguments.length] = "function";
        all[arguments.length + 1] = function.name();
        diags.error(id, at == null || !at.isKnown() ? function.range() : at, all);
    }

    /**
     * True when the tangent and the adjoint signature list the primal's parameters in order;
     * warns where they disagree on a parameter's role.
     */
    public boolean signaturesFollowPrimal() {
        boolean ok = follows(tangent, Mode.TANGENT) & follows(adjoint, Mode.REVERSE);
        if (!ok) {
            return false;
        }
        for (int i = 0; i < function.params().size(); i++) {
            var t = tangent.params().get(i);
            var a = adjoint.params().get(i);
            if (t.independent() != a.independent() || t.dependent() != a.dependent()) {
                diags.warning("check-signature-roles", function.range(), "function", function.name(), "primal",
                        t.primal().name());
            }
        }
        return true;
    }

    private boolean follows(DerivativeSignature s, Mode mode) {
        if (s == null || s.mode() != mode) {
            error("check-signature-mismatch.expected-signature", null, "name", mode.name().toLowerCase());
            return false;
        }
        List<String> primal = function.params().stream().map(Variable::name).toList();
        List<String> sig = s.params().stream().map(p -> p.primal().name()).toList();
        if (!primal.equals(sig)) {
            error("check-signature-mismatch.do-follow-those", null, "nouns", nouns, "derivedName", s.derivedName(),
                    "sig", sig, "primal", primal);
            return false;
        }
        return true;
    }

    /**
     * The integer parameters ({@link CheckSpec#DEFAULT_INT} unless {@code --set}) and the
     * {@code --set} helper names with their values: first the parameters not set, in declaration
     * order, then the set names in the order they could be evaluated. Null after reporting
     * unknown names, values that cannot be evaluated or a cycle.
     */
    public Map<String, Long> integerValues() {
        Map<String, Long> ints = new LinkedHashMap<>();
        boolean ok = true;
        for (Variable v : function.params()) {
            if (isIntScalar(v) && !spec.sets().containsKey(v.name())) {
                ints.put(v.name(), CheckSpec.DEFAULT_INT);
            }
        }
        for (String name : spec.sets().keySet()) {
            Variable v = param(name);
            if (v != null && !isIntScalar(v)) {
                error("check-spec-name.set-integer-scalar", v.range(), "name", name, "noun", noun, "nouns", nouns,
                        "intParamNames", intParamNames());
                ok = false;
            }
        }
        Map<String, IntExpr> pending = new LinkedHashMap<>(spec.sets());
        while (ok && !pending.isEmpty()) {
            boolean progress = false;
            for (var it = pending.entrySet().iterator(); it.hasNext();) {
                var e = it.next();
                Set<String> needs = e.getValue().names();
                for (String n : needs) {
                    if (!ints.containsKey(n) && !pending.containsKey(n)) {
                        error("check-spec-name.set-unknown-name", null, "name", e.getKey(), "expression",
                                e.getValue().toC(), "unknown", n, "nouns", nouns, "intParamNames", intParamNames());
                        return null;
                    }
                }
                if (needs.stream().allMatch(ints::containsKey)) {
                    try {
                        ints.put(e.getKey(), e.getValue().eval(ints));
                    } catch (IllegalArgumentException | ArithmeticException ex) {
                        error("check-spec-value.set", null, "name", e.getKey(), "expression", e.getValue().toC(),
                                "reason", ex.getMessage());
                        ok = false;
                    }
                    it.remove();
                    progress = true;
                }
            }
            if (!progress) {
                error("check-spec-cycle", null, "names", pending.keySet());
                return null;
            }
        }
        return ok ? ints : null;
    }

    /** True when every {@code --extent} names an array and every {@code --index} an integer array. */
    public boolean optionNamesExist() {
        for (String name : spec.extents().keySet()) {
            Variable v = param(name);
            if (v == null || !v.isArray()) {
                error("check-spec-name.extent-no-array", null, "name", name, "noun", noun);
                return false;
            }
        }
        for (String name : spec.indices().keySet()) {
            Variable v = param(name);
            if (v == null || !v.isArray() || !v.type().isInteger()) {
                error("check-spec-name.index-no-integer", null, "name", name, "noun", noun);
                return false;
            }
        }
        return true;
    }

    /** The kind and role of parameter {@code v}; null after reporting an integer that is independent or dependent. */
    public Role role(Variable v) {
        int k = function.params().indexOf(v);
        var t = tangent.params().get(k);
        var a = adjoint.params().get(k);
        boolean indep = t.independent() || a.independent();
        boolean dep = t.dependent() || a.dependent();
        Kind kind = v.type() == org.paradjoint.core.ir.BaseType.MPI_COMM ? Kind.COMMUNICATOR
                : v.isArray() ? (v.type().isInteger() ? Kind.INT_ARRAY : Kind.REAL_ARRAY)
                : (v.type().isInteger() ? Kind.INT_SCALAR : Kind.REAL_SCALAR);
        if ((indep || dep) && v.type().isInteger()) {
            error("check-signature-mismatch.integer", v.range(), "noun", noun, "parameter", v.name(), "role", (indep
                    ? "independent" : "dependent"));
            return null;
        }
        return new Role(kind, indep, dep, t.derivative(), a.derivative());
    }

    /** The parameter called {@code name}, or null. */
    public Variable param(String name) {
        return function.params().stream().filter(v -> v.name().equals(name)).findFirst().orElse(null);
    }

    private static boolean isIntScalar(Variable v) {
        return v.isScalar() && v.type().isInteger();
    }

    private String intParamNames() {
        String s = function.params().stream().filter(CheckResolution::isIntScalar).map(Variable::name)
                .collect(Collectors.joining(", "));
        return s.isEmpty() ? "none" : s;
    }
}
