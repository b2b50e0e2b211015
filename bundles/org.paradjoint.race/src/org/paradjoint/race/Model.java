package org.paradjoint.race;

import java.util.OptionalLong;

import org.paradjoint.race.logic.Term;

/** A satisfying assignment; valid until the session's next question. */
public interface Model {

    /** The value of {@code t} in this model (completed arbitrarily where unconstrained). */
    OptionalLong eval(Term t);
}
