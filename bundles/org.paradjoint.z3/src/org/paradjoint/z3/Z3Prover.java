package org.paradjoint.z3;

import org.paradjoint.race.Prover;
import org.paradjoint.race.ProverSession;

/**
 * The {@link Prover} backed by Z3 (Java API and native libraries from {@code tools.aqua:z3-turnkey},
 * embedded in this bundle). Each {@link #open() session} owns one Z3 context; close it.
 */
public final class Z3Prover implements Prover {

    private volatile String name;

    @Override
    public String name() {
        String n = name;
        if (n == null) {
            n = "z3 " + com.microsoft.z3.Version.getString();
            name = n;
        }
        return n;
    }

    @Override
    public ProverSession open() {
        return new Z3Session();
    }
}
