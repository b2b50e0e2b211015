package org.paradjoint.race;

import java.time.Duration;

import org.paradjoint.race.logic.Formula;

/**
 * A solver session. {@link #check} asks whether {@code background && query} is satisfiable;
 * sessions may keep the background asserted between calls with an equal background (the loop's
 * knowledge), so callers should group questions by background. A {@link ProverResult.Sat}'s
 * model stays valid until the next call of {@code check} or {@code close}.
 */
public interface ProverSession extends AutoCloseable {

    ProverResult check(Formula background, Formula query, Duration timeout);

    @Override
    void close();
}
