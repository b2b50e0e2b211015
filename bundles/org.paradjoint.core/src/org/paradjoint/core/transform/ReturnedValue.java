package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * A function that returns a local variable ({@code double f(...) { ...; return r; }}) and names
 * it among its dependents. Reverse mode differentiates it as the void function whose last
 * parameter is that variable, a scalar output; the adjoint then takes the variable's seed as its
 * last parameter, by value ({@code void f_b(..., double rb)}), and the variable is a local of the
 * adjoint again. Only the form the adjoint needs is accepted: one {@code return} of a floating
 * local, the last statement of the body.
 */
final class ReturnedValue {

    private final Variable returned;

    private ReturnedValue(Variable returned) {
        this.returned = returned;
    }

    /** The returned local of {@code f}, when {@code f} returns one in the accepted form. */
    static Optional<ReturnedValue> of(Function f) {
        List<Stmt> stmts = f.body().stmts();
        if (f.returnType() == null || stmts.isEmpty() || !(stmts.get(stmts.size() - 1) instanceof Return r)
                || !(r.value() instanceof VarRef v) || v.var().isArray() || !v.var().isFloating()
                || v.var().isParameter()) {
            return Optional.empty();
        }
        int[] returns = {0};
        StmtUtil.forEach(f.body(), s -> {
            if (s instanceof Return) {
                returns[0]++;
            }
        });
        return returns[0] == 1 ? Optional.of(new ReturnedValue(v.var())) : Optional.empty();
    }

    Variable variable() {
        return returned;
    }

    /**
     * The void function whose last parameter is the returned variable ({@code f} as prepared for
     * differentiation, whose normalisation may already have dropped the final {@code return}).
     */
    Function lowered(Function f) {
        List<Stmt> body = new ArrayList<>(f.body().stmts());
        if (!body.isEmpty() && body.get(body.size() - 1) instanceof Return) {
            body.remove(body.size() - 1);
        }
        List<Variable> params = new ArrayList<>(f.params());
        params.add(returned.withKind(Variable.Kind.PARAMETER));
        List<Variable> locals = new ArrayList<>(f.locals());
        locals.remove(returned);
        return new Function(f.name(), null, params, locals, new Block(body, f.body().range()), f.pragmas(),
                f.linkage(), f.comment(), f.range(), f.unusedParams(), Function.ReturnKind.VALUE);
    }

    /**
     * The adjoint of the lowered function as the adjoint of {@code f}: the returned variable a
     * local again, its seed {@code seed} (the adjoint the lowered function took by address) the
     * last parameter, by value; {@code seed} is null when the returned value is not a dependent.
     */
    Function raised(Function adjoint, Variable seed) {
        List<Variable> params = new ArrayList<>(adjoint.params());
        params.remove(returned);
        Variable byValue = seed == null ? null : byValue(seed);
        if (seed != null) {
            params.remove(seed);
            params.add(byValue);
        }
        List<Variable> locals = new ArrayList<>(adjoint.locals());
        if (StmtUtil.mentioned(adjoint.body()).contains(returned)) {
            locals.add(0, returned.withKind(Variable.Kind.LOCAL));
        }
        Block body = (Block) StmtUtil.mapExprs(adjoint.body(), e -> ExprUtil.map(e, x ->
                seed != null && x instanceof ArrayRef a && a.var().equals(seed) ? new VarRef(byValue, a.range()) : x));
        Block renamed = (Block) StmtUtil.rename(body, Map.of(returned, returned.withKind(Variable.Kind.LOCAL)));
        List<String> unused = adjoint.unusedParams().stream().filter(n -> !n.equals(returned.name())).toList();
        return new Function(adjoint.name(), null, params, locals, renamed, adjoint.pragmas(), adjoint.linkage(),
                adjoint.comment(), adjoint.range(), new java.util.LinkedHashSet<>(unused), Function.ReturnKind.VALUE);
    }

    /** The signature of the raised adjoint: the primal's parameters, the seed of the returned value apart. */
    DerivativeSignature raised(DerivativeSignature lowered, Variable seed) {
        List<DerivativeSignature.Param> params = lowered.params().stream()
                .filter(p -> !p.primal().equals(returned)).toList();
        return new DerivativeSignature(lowered.primalName(), lowered.derivedName(), lowered.mode(), params,
                seed == null ? null : byValue(seed));
    }

    private static Variable byValue(Variable seed) {
        return new Variable(seed.name(), seed.type(), List.of(), Variable.Kind.PARAMETER, false, seed.layout(),
                SourceRange.NONE);
    }
}
