package org.paradjoint.race;

/** The answer to a satisfiability question. */
public sealed interface ProverResult {

    /** Satisfiable; the model gives values to terms (a counterexample to safety). */
    record Sat(Model model) implements ProverResult {
    }

    /** Unsatisfiable: what was asked cannot happen. */
    record Unsat() implements ProverResult {
    }

    /** The prover gave up: timeout, incompleteness or an error; {@code reason} says which. */
    record Unknown(String reason) implements ProverResult {
    }

    default boolean isUnsat() {
        return this instanceof Unsat;
    }
}
