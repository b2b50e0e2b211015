package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.ScratchDir;

/** The tests' way to differentiate a C function with {@code paradjoint} and check it at 1, 2 and 4 threads. */
final class CheckedAdjoint {

    private CheckedAdjoint() {
    }

    /**
     * Writes {@code src} as {@code name.c}, differentiates it, runs {@code check --run} on function
     * {@code name} with {@code --set} for each of {@code sets} at 1, 2 and 4 threads (failing the
     * test unless every check passes) and returns the adjoint file.
     */
    static String of(String name, String src, String... sets) throws IOException {
        Gcc.require();
        Path dir = ScratchDir.create("paradjoint-checked");
        try {
            Path file = Files.writeString(dir.resolve(name + ".c"), src);
            CliRun r = CliRun.of("differentiate", file.toString());
            assertEquals(0, r.status, r.toString());
            String adjoint = Files.readString(dir.resolve(name + "_b.c"));
            List<String> args = new ArrayList<>(List.of("check", file.toString(), "--function", name));
            for (String s : sets) {
                args.add("--set");
                args.add(s);
            }
            args.addAll(List.of("--run", "--threads", "1,2,4"));
            CliRun check = CliRun.of(args.toArray(String[]::new));
            assertEquals(0, check.status, check + "\n" + adjoint);
            assertTrue(check.out.contains("threads: 4"), check.toString());
            return adjoint;
        } finally {
            ScratchDir.delete(dir);
        }
    }
}
