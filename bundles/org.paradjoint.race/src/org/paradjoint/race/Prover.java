package org.paradjoint.race;

import java.time.Duration;

import org.paradjoint.race.logic.Formula;
import org.paradjoint.race.logic.Logic;

/**
 * Decides satisfiability of race-analysis formulas (integer terms, uninterpreted functions,
 * boolean connectives, quantifiers). One {@link ProverSession} serves one analysis and holds the
 * solver's native resources until it is closed.
 */
public interface Prover {

    /** A short name for reports, e.g. {@code z3 4.14.1}. */
    String name();

    ProverSession open();

    /** One question in a fresh session. */
    default ProverResult check(Formula formula, Duration timeout) {
        try (ProverSession s = open()) {
            return s.check(Logic.TRUE, formula, timeout);
        }
    }
}
