package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * The command line never destroys the user's source and never ends silently: an output path that
 * is the source is refused, writes go through a temporary file, and an input the parser cannot
 * take (a sum of 100,000 terms) ends with a message and a non-zero status unless it produced the
 * derivative.
 */
class NothingDestroyedTest {

    @Test
    void differentiateRefusesToOverwriteTheSource() throws IOException {
        Path dir = ScratchDir.create("paradjoint-safety");
        try {
            Path file = Files.copy(Repo.examples().resolve("formad/gather3.c"), dir.resolve("gather3.c"));
            String before = Files.readString(file);
            for (String out : new String[] {file.toString(), dir.resolve("./gather3.c").toString(),
                    dir.resolve("sub/../gather3.c").toString()}) {
                Files.createDirectories(dir.resolve("sub"));
                CliRun r = CliRun.of("differentiate", file.toString(), "-o", out);
                assertEquals(Paradjoint.USAGE, r.status, r.toString());
                assertTrue(r.err.contains("refusing to overwrite the source"), r.toString());
                assertEquals(before, Files.readString(file));
            }
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void checkRefusesToOverwriteTheSourceWithItsDriver() throws IOException {
        Path dir = ScratchDir.create("paradjoint-safety");
        try {
            Path file = Files.copy(Repo.examples().resolve("formad/gather3.c"), dir.resolve("gather3.c"));
            String before = Files.readString(file);
            CliRun r = CliRun.of("check", file.toString(), "--function", "gather3", "--output", file.toString());
            assertEquals(Paradjoint.USAGE, r.status, r.toString());
            assertEquals(before, Files.readString(file));
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void writesLeaveNoTemporaryFilesAndReplaceLinksInsteadOfWritingThrough() throws IOException {
        Path dir = ScratchDir.create("paradjoint-safety");
        try {
            Path file = Files.copy(Repo.examples().resolve("formad/gather3.c"), dir.resolve("gather3.c"));
            Path elsewhere = Files.writeString(dir.resolve("elsewhere.c"), "/* the user's */\n");
            Files.createSymbolicLink(dir.resolve("gather3_b.c"), elsewhere);
            // the link is the user's: replaced only with --force (OutputSafetyTest: refused without)
            CliRun r = CliRun.of("differentiate", file.toString(), "--force");
            assertEquals(0, r.status, r.toString());
            assertEquals("/* the user's */\n", Files.readString(elsewhere), "the link's target is untouched");
            assertFalse(Files.isSymbolicLink(dir.resolve("gather3_b.c")));
            assertTrue(Files.readString(dir.resolve("gather3_b.c")).contains("gather3_b("));
            try (Stream<Path> files = Files.list(dir)) {
                assertEquals(0, files.filter(p -> p.getFileName().toString().endsWith(".tmp")).count());
            }
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void aHugeExpressionNeverEndsSilently() throws IOException {
        Path dir = ScratchDir.create("paradjoint-safety");
        try {
            StringBuilder sum = new StringBuilder("x[0]");
            for (int k = 1; k < 100_000; k++) {
                sum.append(" + x[").append(k % 7).append(']');
            }
            Path file = Files.writeString(dir.resolve("huge.c"), "#pragma ad gradient(y : x)\n"
                    + "void huge(double *y, const double *x)\n{\n    y[0] = " + sum + ";\n}\n");
            CliRun r = CliRun.of("differentiate", file.toString());
            boolean written = Files.exists(dir.resolve("huge_b.c"));
            if (r.status == 0) {
                assertTrue(written, "exit 0 must mean the derivative was written: " + r.err);
            } else {
                assertNotEquals("", r.err.strip(), "a failure says why");
                assertFalse(written, "a failure writes nothing");
            }
        } finally {
            ScratchDir.delete(dir);
        }
    }

    /** A kernel whose third line has an unsupported `goto`, for locations. */
    private static final String GOTO = "#pragma ad gradient(y : x)\nvoid f(double *y, const double *x)\n{\n"
            + "    y[0] = x[0]; goto end;\nend:\n    y[1] = x[1];\n}\n";

    @Test
    void encodingsAndLineEndsOfRealFiles() throws IOException {
        Path dir = ScratchDir.create("paradjoint-safety");
        try {
            String gather = Files.readString(Repo.examples().resolve("formad/gather3.c"));
            // a UTF-8 byte-order mark
            Path bom = Files.writeString(dir.resolve("bom.c"), "\uFEFF" + gather);
            CliRun r = CliRun.of("differentiate", bom.toString());
            assertEquals(0, r.status, r.toString());
            // a Latin-1 byte in a comment: read, with a warning
            byte[] latin1 = ("/* caf\u00e9 */\n" + gather).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            Path l1 = Files.write(dir.resolve("latin1.c"), latin1);
            r = CliRun.of("differentiate", l1.toString());
            assertEquals(0, r.status, r.toString());
            assertTrue(r.err.contains("warning: the file is not valid UTF-8"), r.toString());
            // CR-only and CRLF line ends: the error is on line 4 either way
            for (String eol : new String[] {"\r", "\r\n"}) {
                Path f = Files.writeString(dir.resolve("eol" + eol.length() + ".c"), GOTO.replace("\n", eol));
                r = CliRun.of("differentiate", f.toString());
                assertNotEquals(0, r.status, r.toString());
                assertTrue(r.err.contains(f + ":4:"), r.toString());
            }
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void onlyRegularFilesAreRead() throws Exception {
        Path dir = ScratchDir.create("paradjoint-safety");
        try {
            Path fifo = dir.resolve("pipe.c");
            Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
            assertEquals(0, mk.waitFor());
            CliRun r = CliRun.of("differentiate", fifo.toString());
            assertEquals(1, r.status, r.toString());
            assertTrue(r.err.contains("not a regular file"), r.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }
}
