package org.paradjoint.core.transform;

import java.util.List;

import org.paradjoint.core.ir.Variable;

/**
 * How a generated derivative function relates to its primal: for every primal parameter, in
 * order, the derivative parameter inserted right after it (null when the parameter is passive)
 * and its role. Check drivers, timing drivers and the workbench read this instead of
 * re-deriving names. {@code returnedSeed} is the last parameter of an adjoint whose primal
 * returns a dependent: the seed of the returned value, by value (null otherwise).
 */
public record DerivativeSignature(String primalName, String derivedName, Mode mode, List<Param> params,
        Variable returnedSeed) {

    /** The signature of a derivative of a function that returns nothing it differentiates. */
    public DerivativeSignature(String primalName, String derivedName, Mode mode, List<Param> params) {
        this(primalName, derivedName, mode, params, null);
    }

    public record Param(Variable primal, Variable derivative, boolean independent, boolean dependent) {

        public boolean isActive() {
            return derivative != null;
        }
    }

    public DerivativeSignature {
        params = List.copyOf(params);
    }

    /** The same signature with exactly {@code dependents} marked as dependents. */
    public DerivativeSignature withDependents(java.util.Collection<Variable> dependents) {
        return new DerivativeSignature(primalName, derivedName, mode, params.stream().map(p -> new Param(p.primal(),
                p.derivative(), p.independent(), dependents.contains(p.primal()))).toList(), returnedSeed);
    }
}
