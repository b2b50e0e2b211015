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

    /**
     * Loads Z3's native libraries on a daemon thread. Loading unpacks them from this bundle (tens
     * of megabytes, a few hundred milliseconds); a command that will ask questions starts it before
     * it parses, so that the unpacking runs beside the parser instead of before the first question.
     * A failure here is left to the first real use, which reports it.
     */
    public static void loadInBackground() {
        Thread loader = new Thread(() -> {
            try {
                com.microsoft.z3.Version.getString();
            } catch (RuntimeException | LinkageError e) {
                // reported by the first session that needs the library
            }
        }, "paradjoint-z3-loader");
        loader.setDaemon(true);
        loader.start();
    }

    @Override
    public ProverSession open() {
        return new Z3Session();
    }
}
