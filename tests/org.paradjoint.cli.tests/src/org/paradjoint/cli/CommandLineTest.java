package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The happy paths of the command line on the shipped examples. */
class CommandLineTest {

    private static Path example(String relative) {
        String repo = System.getProperty("paradjoint.repo");
        Path root = repo != null ? Path.of(repo) : Path.of("").toAbsolutePath();
        while (repo == null && root != null && !Files.isDirectory(root.resolve("examples"))) {
            root = root.getParent();
        }
        return root.resolve("examples").resolve(relative);
    }

    private static Path copyToScratch(Path dir, String relative) throws IOException {
        Path source = example(relative);
        return Files.copy(source, dir.resolve(source.getFileName()));
    }

    @Test
    void differentiateWritesTheAdjointNextToTheSource() throws IOException {
        Path dir = CliRun.scratchDir();
        try {
            Path file = copyToScratch(dir, "formad/gather3.c");
            CliRun r = CliRun.of("differentiate", file.toString());
            assertEquals(0, r.status, r.toString());
            String text = Files.readString(dir.resolve("gather3_b.c"));
            assertTrue(text.contains("void gather3_b(int n, double *y, double *yb, const double *x, double *xb)"), text);
            assertTrue(r.out.contains("gather3_b.c"), r.toString());
        } finally {
            CliRun.delete(dir);
        }
    }

    @Test
    void tangentModeWritesTheTangentFile() throws IOException {
        Path dir = CliRun.scratchDir();
        try {
            Path file = copyToScratch(dir, "stencil/wave3d.c");
            CliRun r = CliRun.of("differentiate", "--mode", "tangent", file.toString());
            assertEquals(0, r.status, r.toString());
            String text = Files.readString(dir.resolve("wave3d_d.c"));
            assertTrue(text.contains("void wave3d_d(int n, double D, double u[n][n][n], double ud[n][n][n]"), text);
        } finally {
            CliRun.delete(dir);
        }
    }

    @Test
    void outputDashPrintsToStandardOutput() throws IOException {
        Path dir = CliRun.scratchDir();
        try {
            Path file = copyToScratch(dir, "formad/indirect.c");
            CliRun r = CliRun.of("differentiate", file.toString(), "-o", "-");
            assertEquals(0, r.status, r.toString());
            assertTrue(r.out.contains("void indirect_b("), r.toString());
            try (var files = Files.list(dir)) {
                assertEquals(1, files.count());
            }
        } finally {
            CliRun.delete(dir);
        }
    }

    @Test
    void checkRunPassesOnAnExample() throws IOException {
        Path dir = CliRun.scratchDir();
        try {
            Path file = copyToScratch(dir, "formad/indirect.c");
            CliRun r = CliRun.of("check", file.toString(), "--function", "indirect", "--set", "n=40", "--index",
                    "c=perm:n", "--run", "--threads", "1,2");
            assertEquals(0, r.status, r.toString());
            assertEquals(2, r.out.lines().filter(l -> l.equals("PASS")).count(), r.toString());
            assertTrue(Files.exists(dir.resolve("indirect_check.c")));
            assertTrue(Files.exists(dir.resolve("indirect_b.c")));
            assertTrue(Files.exists(dir.resolve("indirect_d.c")));
        } finally {
            CliRun.delete(dir);
        }
    }
}
