package org.paradjoint.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the command line in-process, capturing both streams. */
final class CliRun {

    final int status;
    final String out;
    final String err;

    private CliRun(int status, String out, String err) {
        this.status = status;
        this.out = out;
        this.err = err;
    }

    static CliRun of(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int status;
        try (PrintStream po = new PrintStream(o, true, StandardCharsets.UTF_8);
                PrintStream pe = new PrintStream(e, true, StandardCharsets.UTF_8)) {
            status = new Paradjoint(po, pe).run(args);
        }
        return new CliRun(status, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "status " + status + "\n[stdout]\n" + out + "[stderr]\n" + err;
    }
}
