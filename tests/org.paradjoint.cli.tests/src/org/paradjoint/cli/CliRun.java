package org.paradjoint.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Runs the command line in-process, capturing both streams, in a scratch directory. */
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

    static Path scratchDir() {
        try {
            return Files.createTempDirectory("paradjoint-cli-test");
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    static Path write(Path dir, String name, String text) {
        try {
            Path p = dir.resolve(name);
            Files.writeString(p, text, StandardCharsets.UTF_8);
            return p;
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    @Override
    public String toString() {
        return "status " + status + "\n[stdout]\n" + out + "[stderr]\n" + err;
    }
}
