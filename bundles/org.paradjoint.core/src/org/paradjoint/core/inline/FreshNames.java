package org.paradjoint.core.inline;

import org.paradjoint.core.ir.Variable;

/** Hands out names that are free in the code being generated. */
@FunctionalInterface
public interface FreshNames {

    /** {@code like} under a free name derived from {@code base}, which is then taken. */
    Variable fresh(Variable like, String base);
}
