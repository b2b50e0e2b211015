package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.analysis.Activity;
import org.paradjoint.core.analysis.Usefulness;
import org.paradjoint.core.diag.Diagnostics;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.inline.CallInliner;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CalleeKind;
import org.paradjoint.core.mpi.Communication;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.StructParameter;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.rules.DerivativeRules;
import org.paradjoint.core.rules.UnknownFunctions;

/**
 * Entry point of tangent and reverse mode. The differentiated unit is a whole function; its
 * dependents and independents come from its {@code gradient}, {@code tangent} or
 * {@code stencil adjoint} pragmas (a stencil mapping counts as a gradient: the arrays the
 * function writes are the dependents, the others the independents, and the mapping names their
 * adjoints), or from {@link DiffOptions} when it names them.
 *
 * <h2>Semantics of generated code</h2>
 * <ul>
 * <li>{@code f_d}: on entry the derivative of every active parameter holds its input tangent (zero
 * for a dependent that is not an independent); on exit the derivatives of the dependents hold
 * the output tangents.</li>
 * <li>{@code f_b}: on entry the adjoints of the dependents hold the seed; on exit the adjoint of every
 * independent has been incremented by the transposed Jacobian times the seed, and the adjoint of
 * a dependent holds the derivative with respect to its own input value (zero where the primal
 * overwrote it without reading it; untouched where the primal does not write it). An active
 * array parameter that is neither dependent nor independent (a work array) must come in with a
 * zero adjoint. {@code f_b} does not deliver the primal results.</li>
 * </ul>
 */
public final class Differentiator {

    private Differentiator() {
    }

    /** Differentiates one function of {@code unit}. */
    public static DiffResult differentiate(TranslationUnit unit, String functionName, Mode mode, DiffOptions options) {
        Diagnostics diags = new Diagnostics();
        Optional<Function> found = unit.function(functionName);
        if (found.isEmpty()) {
            diags.error("no-such-function", SourceRange.NONE, "function", functionName, "file", unit.file());
            return new DiffResult(null, null, diags.list());
        }
        return differentiate(unit, found.get(), mode, options == null ? DiffOptions.defaults() : options, diags);
    }

    /** {@code x_b.c} for {@code x.c} in reverse mode, {@code x_d.c} in tangent mode (same folder). */
    public static String outputFileName(String file, Mode mode, DiffOptions options) {
        String suffix = (options == null ? DiffOptions.defaults() : options).suffix(mode);
        String f = file == null ? "out.c" : file;
        int dot = f.lastIndexOf('.');
        int slash = Math.max(f.lastIndexOf('/'), f.lastIndexOf('\\'));
        if (dot <= slash) {
            return f + "_" + suffix;
        }
        return f.substring(0, dot) + "_" + suffix + f.substring(dot);
    }

    /** True when a function carries a pragma that asks for derivatives. */
    public static boolean isAnnotated(Function f) {
        return f.pragmas().stream().anyMatch(p -> p instanceof AdPragma.Gradient || p instanceof AdPragma.Tangent
                || p instanceof AdPragma.StencilAdjoint);
    }

    /**
     * The function the transformations differentiate: {@code primal} with the calls it makes to
     * functions of {@code unit} inlined, then normalised. The race analysis runs on this function
     * (its loops are the nodes the generator asks about).
     *
     * @throws UnsupportedException for a call that cannot be inlined
     */
    public static Function prepare(TranslationUnit unit, Function primal) {
        return prepare(unit, primal, names(unit, primal));
    }

    // ---- implementation ----------------------------------------------------------------------

    private static Function prepare(TranslationUnit unit, Function primal, Names names) {
        return Normalizer.normalize(CallInliner.of(unit, names::fresh).inline(primal));
    }

    private static Names names(TranslationUnit unit, Function primal) {
        Names names = new Names(primal);
        if (unit != null) {
            // every function of the file, also those a differentiation did not map
            unit.definitions().forEach(g -> names.reserve(g.name()));
        }
        return names;
    }

    /** Dependents and independents by name, adjoint names given by a stencil pragma, and where they came from. */
    private record Spec(List<String> dependents, List<String> independents, Map<String, String> givenNames,
            SourceRange range) {
    }

    private static DiffResult differentiate(TranslationUnit unit, Function primal, Mode mode, DiffOptions options,
            Diagnostics diags) {
        DerivativeSignature signature = null;
        try {
            Optional<ReturnedValue> returned = ReturnedValue.of(primal);
            if (primal.returnType() != null && (returned.isEmpty() || mode != Mode.REVERSE)) {
                diags.error(mode == Mode.REVERSE ? "unsupported-return-value.function-returns-value"
                        : "unsupported-return-value.tangent", primal.range(), "primal", primal.name());
                return new DiffResult(null, null, diags.list());
            }
            Names names = names(unit, primal);
            Function prepared = prepare(unit, primal, names);
            Function fn = returned.isPresent() ? returned.get().lowered(prepared) : prepared;
            checkCalls(fn);
            Spec spec = spec(primal, fn, options, diags);
            if (spec == null) {
                return new DiffResult(null, null, diags.list());
            }
            List<Variable> deps = resolve(fn, spec.dependents(), "dependent", spec.range(), diags);
            List<Variable> indeps = resolve(fn, spec.independents(), "independent", spec.range(), diags);
            if (diags.hasErrors()) {
                return new DiffResult(null, null, diags.list());
            }
            for (Variable x : indeps) {
                if (!x.isFloating()) {
                    diags.error("independent-not-floating", spec.range(), "independent", x.name(), "type",
                            x.type().cName());
                }
            }
            Set<Variable> written = StmtUtil.writes(fn.body());
            for (Variable y : deps) {
                if (!y.isFloating()) {
                    diags.error("dependent-not-floating", spec.range(), "dependent", y.name(), "type",
                            y.type().cName());
                } else if (y.isScalar() && !isReturned(returned, y) || y.isConst()) {
                    diags.error(y.isConst() ? "dependent-not-writable.const" : "dependent-not-writable", spec.range(),
                            "dependent", y.name());
                }
            }
            if (diags.hasErrors()) {
                return new DiffResult(null, null, diags.list());
            }
            Activity activity = Activity.compute(fn.body(), indeps);
            for (Variable y : deps) {
                if (!activity.isVaried(y)) {
                    diags.error("dependent-not-varied", spec.range(), "dependent", y.name(), "independents",
                            String.join(", ", spec.independents()), "function", fn.name());
                }
            }
            // extents given in the options also size the local adjoint of an overwritten independent
            Map<String, Expr> extents = GivenExtents.resolve(options.extents(), fn, written, spec.range(), diags);
            if (diags.hasErrors()) {
                return new DiffResult(null, null, diags.list());
            }
            List<Variable> copied = new ArrayList<>();
            if (mode == Mode.REVERSE) {
                for (Variable x : indeps) {
                    if (x.isArray() && written.contains(x) && !deps.contains(x)) {
                        if (OverwrittenIndependents.canCopy(GivenExtents.sized(x, extents), written)) {
                            copied.add(x);
                        } else {
                            diags.error("independent-overwritten.independent-overwritten-by", spec.range(),
                                    "independent", x.name(), "function", fn.name());
                        }
                    }
                }
            }
            if (diags.hasErrors()) {
                return new DiffResult(null, null, diags.list());
            }
            // active = varied and useful (Tapenade's definition); independents keep their derivative
            // parameter even when no dependent depends on them
            List<Variable> userDeps = deps;
            deps = new ArrayList<>(deps);
            deps.addAll(copied);
            Set<Variable> useful = Usefulness.compute(fn.body(), deps, activity::isVaried);
            Set<Variable> active = new LinkedHashSet<>();
            for (Variable v : activity.varied()) {
                if (v.isFloating() && (useful.contains(v) || indeps.contains(v))) {
                    active.add(v);
                }
            }
            active.addAll(deps);
            Set<Variable> ordered = new LinkedHashSet<>();
            fn.params().stream().filter(active::contains).forEach(ordered::add);
            ordered.addAll(active);
            DiffContext cx = new DiffContext(primal, fn, mode, options.suffix(mode), unit,
                    names, deps, indeps, ordered, spec.givenNames(), options, extents);
            signature = cx.signature(cx.functionName()).withDependents(userDeps);
            Function out = mode == Mode.TANGENT ? new Tangent(cx).generate() : new Reverse(cx).generate();
            Map<Variable, Variable> copies = new LinkedHashMap<>();
            copied.forEach(x -> copies.put(GivenExtents.sized(x, extents), cx.derivative(x)));
            if (!copies.isEmpty()) {
                out = OverwrittenIndependents.throughLocals(out, copies, names, cx.comment(userDeps));
            }
            if (returned.isPresent()) {
                Variable v = returned.get().variable().withKind(Variable.Kind.PARAMETER);
                Variable seed = cx.hasDerivativeParam(v) ? cx.derivative(v) : null;
                out = returned.get().raised(out, seed);
                signature = returned.get().raised(signature, seed);
            }
            // once each: a loop's adjoint generated twice (a checkpointed loop's turns and its taped
            // steps) says the same of it twice
            cx.warnings.stream().distinct().forEach(diags::add);
            return new DiffResult(out, signature, diags.list());
        } catch (UnsupportedException e) {
            diags.add(e.diagnostic());
            return new DiffResult(null, signature, diags.list());
        }
    }

    private static boolean isReturned(Optional<ReturnedValue> returned, Variable v) {
        return returned.isPresent() && returned.get().variable().equals(v);
    }

    private static void checkCalls(Function fn) {
        UnknownFunctions.check(StmtUtil.calls(fn.body()).stream().filter(c -> !c.isIntrinsic() && !c.isShapeQuery()
                && c.kind() != CalleeKind.EXTERNAL && !c.isPassive() && !c.isMpi()).toList());
        Communication.checkOutsideParallelLoops(fn.body());
        for (Call c : StmtUtil.calls(fn.body())) {
            DerivativeRules.lookup(c.name()).ifPresent(r -> {
                if (r.arity() != c.args().size()) {
                    throw new UnsupportedException("call-arity.function", c.range(), "function", c.name(), "arity",
                            r.arity(), "args", c.args().size());
                }
            });
        }
    }

    private static Spec spec(Function primal, Function fn, DiffOptions options, Diagnostics diags) {
        if (options.overridesVariables()) {
            if (options.dependents() == null || options.independents() == null
                    || options.dependents().isEmpty() || options.independents().isEmpty()) {
                diags.error("missing-variables.both-dependents-independents", primal.range(), "primal", primal.name());
                return null;
            }
            // a struct's members may be named as the code names them (g->u)
            return new Spec(options.dependents().stream().map(n -> StructParameter.unspell(n, primal.structs())).toList(),
                    options.independents().stream().map(n -> StructParameter.unspell(n, primal.structs())).toList(),
                    Map.of(), primal.range());
        }
        Spec first = null;
        Set<Variable> written = StmtUtil.writes(fn.body());
        for (AdPragma p : primal.pragmas()) {
            Spec s = switch (p) {
                case AdPragma.Gradient g -> new Spec(g.dependents(), g.independents(), Map.of(), g.range());
                case AdPragma.Tangent t -> new Spec(t.dependents(), t.independents(), Map.of(), t.range());
                case AdPragma.StencilAdjoint st -> {
                    List<String> deps = new ArrayList<>();
                    List<String> indeps = new ArrayList<>();
                    Map<String, String> given = new LinkedHashMap<>();
                    for (AdPragma.StencilAdjoint.Mapping m : st.mappings()) {
                        given.put(m.array(), m.adjoint());
                        boolean w = fn.lookup(m.array()).map(written::contains).orElse(false);
                        (w ? deps : indeps).add(m.array());
                    }
                    yield new Spec(deps, indeps, given, st.range());
                }
                default -> null;
            };
            if (s == null) {
                continue;
            }
            if (first == null) {
                first = s;
                continue;
            }
            if (!Set.copyOf(first.dependents()).equals(Set.copyOf(s.dependents()))
                    || !Set.copyOf(first.independents()).equals(Set.copyOf(s.independents()))) {
                diags.error("pragma-conflict.pragmas-disagree-on", s.range(), "primal", primal.name(), "dependents",
                        String.join(", ", s.dependents()), "independents", String.join(", ", s.independents()),
                        "earlierDependents", String.join(", ", first.dependents()), "earlierIndependents",
                        String.join(", ", first.independents()), "earlierNames", (first.range().isKnown()
                        ? " at line " + first.range().line() : ""));
                continue;
            }
            for (Map.Entry<String, String> e : s.givenNames().entrySet()) {
                String other = first.givenNames().get(e.getKey());
                if (other != null && !other.equals(e.getValue())) {
                    diags.error("pragma-conflict.adjoint-named-here", s.range(), "name", e.getKey(), "adjoint",
                            e.getValue(), "other", other);
                }
            }
            if (!s.givenNames().isEmpty()) {
                Map<String, String> merged = new LinkedHashMap<>(first.givenNames());
                merged.putAll(s.givenNames());
                first = new Spec(first.dependents(), first.independents(), merged, first.range());
            }
        }
        if (first == null) {
            diags.error("no-ad-pragma", primal.range(), "primal", primal.name());
            return null;
        }
        if (first.dependents().isEmpty() || first.independents().isEmpty()) {
            String missing = first.dependents().isEmpty() ? "missing-variables.no-dependent"
                    : "missing-variables.no-independent";
            diags.error(first.givenNames().isEmpty() ? missing : missing + "-in-mapping", first.range(), "primal",
                    primal.name());
            return null;
        }
        return diags.hasErrors() ? null : first;
    }

    private static List<Variable> resolve(Function fn, List<String> names, String role, SourceRange range,
            Diagnostics diags) {
        List<Variable> out = new ArrayList<>();
        for (String n : names) {
            Optional<Variable> v = fn.params().stream().filter(p -> p.name().equals(n)).findFirst();
            if (v.isEmpty()) {
                if (fn.lookup(n).isPresent()) {
                    diags.error("not-a-parameter", range, "role", role, "variable", n, "function", fn.name());
                } else {
                    diags.error("unknown-variable.variable", range, "role", role, "variable", n, "function", fn.name());
                }
                continue;
            }
            if (!out.contains(v.get())) {
                out.add(v.get());
            }
        }
        return out;
    }
}
