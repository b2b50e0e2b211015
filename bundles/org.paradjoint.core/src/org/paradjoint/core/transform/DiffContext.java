package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.TranslationUnit;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * What both modes share for one function: the normalised primal, the active variables and the
 * derivative variable of each (parameters right after their primal, locals on demand).
 */
final class DiffContext {

    final Function primal;
    final Function fn;
    final Mode mode;
    final String suffix;
    final String sourceFile;
    /** The language of the unit differentiated (C when there is no unit): what the runtime can print. */
    final TranslationUnit.Language language;
    final Names names;
    final List<Variable> dependents;
    final List<Variable> independents;
    final Set<Variable> active;
    /** Adjoint names given by a stencil pragma: primal name -> adjoint name. */
    final Map<String, String> givenNames;
    final Set<Variable> written;
    /** Variables declared by a {@code Decl} inside the body (the top of parallel loop bodies). */
    final Set<Variable> declaredInBody = new LinkedHashSet<>();
    /**
     * Classification of adjoint increments in parallel loops, and how UNSAFE ones are protected;
     * another one only while {@link #under} generates.
     */
    IncrementPolicy policy;
    final RaceStrategy raceStrategy;
    /** Leading extents given in the options for arrays that do not declare them, by name. */
    final Map<String, Expr> givenExtents;
    /** Warnings of the transformation (the code is still produced). */
    final List<Diagnostic> warnings = new ArrayList<>();

    private final Map<Variable, Variable> derivative = new LinkedHashMap<>();
    /** Reverse mode: by-value active parameters that the function writes: their local adjoint. */
    private final Map<Variable, Variable> localAdjointOfParam = new LinkedHashMap<>();
    private final List<Variable> derivativeParams = new ArrayList<>();
    private final List<Variable> derivativeLocals = new ArrayList<>();

    /** What {@code generate} gives with {@code other} as the policy (then the policy as before). */
    <T> T under(IncrementPolicy other, java.util.function.Supplier<T> generate) {
        IncrementPolicy before = policy;
        policy = other;
        try {
            return generate.get();
        } finally {
            policy = before;
        }
    }

    DiffContext(Function primal, Function fn, Mode mode, String suffix, TranslationUnit unit, Names names,
            List<Variable> dependents, List<Variable> independents, Set<Variable> active,
            Map<String, String> givenNames, DiffOptions options, Map<String, Expr> givenExtents) {
        this.primal = primal;
        // the analysis sees exactly the loops and references the generator will ask about
        this.policy = mode == Mode.REVERSE ? options.policyFor(fn) : IncrementPolicy.ALL_UNSAFE;
        this.raceStrategy = options.raceStrategy();
        this.givenExtents = Map.copyOf(givenExtents);
        this.fn = fn;
        this.mode = mode;
        this.suffix = suffix;
        this.sourceFile = unit == null ? null : unit.file();
        this.language = unit == null ? TranslationUnit.Language.C : unit.language();
        this.names = names;
        this.dependents = List.copyOf(dependents);
        this.independents = List.copyOf(independents);
        this.active = new LinkedHashSet<>(active);
        this.givenNames = Map.copyOf(givenNames);
        this.written = StmtUtil.writes(fn.body());
        StmtUtil.forEach(fn.body(), s -> {
            if (s instanceof org.paradjoint.core.ir.Decl d) {
                declaredInBody.add(d.var());
            }
        });
        for (Variable p : fn.params()) {
            if (hasDerivativeParam(p)) {
                derivativeParams.add(derivative(p));
            }
        }
    }

    /** True for a local the transformation made up (derivatives, temporaries), not one of the primal. */
    boolean isGeneratedLocal(Variable v) {
        return !v.isParameter() && !fn.params().contains(v) && !fn.locals().contains(v)
                && !declaredInBody.contains(v);
    }

    /** {@code v} with its leading extent filled in from the options when its declaration leaves it open. */
    Variable sized(Variable v) {
        return GivenExtents.sized(v, givenExtents);
    }

    boolean isActive(Variable v) {
        return active.contains(v);
    }

    boolean isReverse() {
        return mode == Mode.REVERSE;
    }

    /**
     * Parameters with a derivative parameter: independents, dependents and active arrays. An
     * active by-value scalar that is not an independent only gets a local derivative.
     */
    boolean hasDerivativeParam(Variable p) {
        return p.isParameter() && isActive(p)
                && (independents.contains(p) || dependents.contains(p) || p.isArray());
    }

    /** The derivative variable of an active variable (created on first use). */
    Variable derivative(Variable v) {
        Variable d = derivative.get(v);
        if (d != null) {
            return d;
        }
        boolean param = hasDerivativeParam(v);
        String base = givenNames.containsKey(v.name()) && isReverse() ? givenNames.get(v.name()) : v.name() + suffix;
        String name = names.fresh(base);
        List<Dim> dims = v.dims();
        boolean isConst = !isReverse() && v.isConst();
        if (param && isReverse() && v.isScalar()) {
            dims = List.of(new Dim(new IntLit(0), null));
        }
        d = new Variable(name, v.type(), dims, param ? Variable.Kind.PARAMETER : Variable.Kind.LOCAL, isConst,
                v.layout(), SourceRange.NONE, v.typeName());
        derivative.put(v, d);
        if (!param && !declaredInBody.contains(v)) {
            derivativeLocals.add(d);
        }
        return d;
    }

    /** Reverse mode: a by-value scalar parameter with an adjoint parameter {@code double *ab}. */
    boolean isByValueAdjointParam(Variable v) {
        return isReverse() && v.isParameter() && v.isScalar() && hasDerivativeParam(v);
    }

    /** Reverse mode: the local adjoint of a by-value active parameter the function writes. */
    Variable localAdjoint(Variable p) {
        return localAdjointOfParam.computeIfAbsent(p, q -> {
            Variable d = derivative(q);
            Variable l = new Variable(names.fresh(d.name()), q.type(), List.of(), Variable.Kind.LOCAL, false,
                    q.layout(), SourceRange.NONE);
            derivativeLocals.add(l);
            return l;
        });
    }

    Map<Variable, Variable> localAdjointsOfParams() {
        return localAdjointOfParam;
    }

    /** The derivative reference of an active reference: {@code xb[i]} for {@code x[i]}, {@code ab[0]} for a by-value {@code a}. */
    LValue derivativeRef(LValue x) {
        Variable v = x.var();
        if (isByValueAdjointParam(v)) {
            if (written.contains(v)) {
                return new VarRef(localAdjoint(v));
            }
            return new ArrayRef(derivative(v), List.of(new IntLit(0)));
        }
        Variable d = derivative(v);
        if (x instanceof ArrayRef a) {
            return new ArrayRef(d, a.indices(), a.range());
        }
        return new VarRef(d, x.range());
    }

    /** The parameter list of the generated function: each derivative parameter right after its primal. */
    List<Variable> derivedParams() {
        List<Variable> out = new ArrayList<>();
        for (Variable p : fn.params()) {
            out.add(p);
            if (hasDerivativeParam(p)) {
                out.add(derivative(p));
            }
        }
        return out;
    }

    List<Variable> derivativeLocals() {
        return derivativeLocals;
    }

    DerivativeSignature signature(String derivedName) {
        List<DerivativeSignature.Param> ps = new ArrayList<>();
        for (Variable p : fn.params()) {
            ps.add(new DerivativeSignature.Param(p, hasDerivativeParam(p) ? derivative(p) : null,
                    independents.contains(p), dependents.contains(p)));
        }
        return new DerivativeSignature(fn.name(), derivedName, mode, ps);
    }

    String functionName() {
        return fn.name() + "_" + suffix;
    }

    String comment() {
        return comment(dependents);
    }

    /** The provenance comment naming {@code shown} as the dependents. */
    String comment(List<Variable> shown) {
        String file = sourceFile == null ? "" : sourceFile.replace('\\', '/');
        file = file.substring(file.lastIndexOf('/') + 1);
        String what = isReverse() ? "Adjoint (reverse mode)" : "Tangent (forward mode)";
        return "/* " + what + " of " + fn.name() + (file.isEmpty() ? "" : " in " + file) + ": dependents "
                + String.join(", ", shown.stream().map(Variable::name).toList()) + "; independents "
                + String.join(", ", independents.stream().map(Variable::name).toList()) + ". */";
    }
}
