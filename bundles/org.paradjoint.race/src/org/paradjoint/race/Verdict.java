package org.paradjoint.race;

/** The classification of one adjoint increment of a parallel loop. */
public enum Verdict {
    /** Proven race-free: a plain {@code +=} suffices. */
    SAFE,
    /** Not proven (a collision is possible, or the prover gave no answer): atomic or reduction. */
    UNSAFE
}
