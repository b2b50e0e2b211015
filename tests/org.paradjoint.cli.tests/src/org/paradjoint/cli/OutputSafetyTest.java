package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.paradjoint.pipeline.GeneratedMarker;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * Nothing of the user's is replaced: an existing file that paradjoint did not generate (no marker
 * line) is kept unless {@code --force}, a file it generated is replaced without asking, an output
 * that is an input is a usage error, and a failed {@code check} removes the files it created and
 * only those.
 */
class OutputSafetyTest {

    private static final String USERS = "/* the user's own file */\nint keep_me;\n";

    private static Path gather3(Path dir) throws IOException {
        return Files.copy(Repo.examples().resolve("formad/gather3.c"), dir.resolve("gather3.c"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"reverse", "tangent"})
    void aUsersDerivativeFileIsReplacedOnlyWithForce(String mode) throws IOException {
        Path dir = ScratchDir.create("paradjoint-output");
        try {
            Path file = gather3(dir);
            Path users = Files.writeString(dir.resolve(mode.equals("reverse") ? "gather3_b.c" : "gather3_d.c"), USERS);
            CliRun r = CliRun.of("differentiate", file.toString(), "--mode", mode);
            assertEquals(1, r.status, r.toString());
            assertTrue(r.err.contains(users + ": error: not replaced") && r.err.contains("--force"), r.toString());
            assertEquals(USERS, Files.readString(users));

            CliRun forced = CliRun.of("differentiate", file.toString(), "--mode", mode, "--force");
            assertEquals(0, forced.status, forced.toString());
            assertTrue(GeneratedMarker.isGenerated(Files.readString(users)), Files.readString(users));
            // what paradjoint generated it replaces without --force
            CliRun again = CliRun.of("differentiate", file.toString(), "--mode", mode);
            assertEquals(0, again.status, again.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void generatedFilesBeginWithTheMarkerOfTheirLanguage() throws IOException {
        Path dir = ScratchDir.create("paradjoint-output");
        try {
            Path c = gather3(dir);
            assertEquals(0, CliRun.of("differentiate", c.toString()).status);
            assertTrue(Files.readString(dir.resolve("gather3_b.c")).startsWith("/* " + GeneratedMarker.TEXT + " */\n"));
            Path f = Files.copy(Repo.examples().resolve("fortran/burgers1d.f90"), dir.resolve("burgers1d.f90"));
            assertEquals(0, CliRun.of("differentiate", f.toString()).status);
            assertTrue(Files.readString(dir.resolve("burgers1d_b.f90")).startsWith("! " + GeneratedMarker.TEXT + "\n"));
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void separableOutputKeepsTheUsersHeader() throws IOException {
        Path dir = ScratchDir.create("paradjoint-output");
        try {
            Path file = Files.copy(Repo.examples().resolve("separable/torsion.c"), dir.resolve("s.c"));
            Path header = Files.writeString(dir.resolve("paradjoint_ps.h"), USERS);
            CliRun r = CliRun.of("differentiate", file.toString(), "--mode", "separable");
            assertEquals(1, r.status, r.toString());
            assertTrue(r.err.contains(header + ": error: not replaced"), r.toString());
            assertEquals(USERS, Files.readString(header));
            assertFalse(Files.exists(dir.resolve("s_ps.c")), "nothing is written when one file is refused");
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void aLinkAtTheOutputIsTheUsersFile() throws IOException {
        Path dir = ScratchDir.create("paradjoint-output");
        try {
            Path file = gather3(dir);
            Path elsewhere = Files.writeString(dir.resolve("elsewhere.c"), USERS);
            Path link = Files.createSymbolicLink(dir.resolve("gather3_b.c"), elsewhere);
            CliRun r = CliRun.of("differentiate", file.toString());
            assertEquals(1, r.status, r.toString());
            assertTrue(Files.isSymbolicLink(link));
            assertEquals(USERS, Files.readString(elsewhere));
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void checkKeepsTheUsersDriverAndWritesNothing() throws IOException {
        Path dir = ScratchDir.create("paradjoint-output");
        try {
            Path file = gather3(dir);
            Path driver = Files.writeString(dir.resolve("gather3_check.c"), USERS);
            CliRun r = CliRun.of("check", file.toString(), "--function", "gather3");
            assertEquals(1, r.status, r.toString());
            assertTrue(r.err.contains(driver + ": error: not replaced") && r.err.contains("--force"), r.toString());
            assertEquals(USERS, Files.readString(driver));
            assertEquals(List.of("gather3.c", "gather3_check.c"), names(dir));

            CliRun forced = CliRun.of("check", file.toString(), "--function", "gather3", "--force");
            assertEquals(0, forced.status, forced.toString());
            assertTrue(GeneratedMarker.isGenerated(Files.readString(driver)));
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void checkRefusesADriverOverAFileItIncludes() throws IOException {
        Path dir = ScratchDir.create("paradjoint-output");
        try {
            Path file = gather3(dir);
            CliRun r = CliRun.of("check", file.toString(), "--function", "gather3", "--output",
                    dir.resolve("gather3_b.c").toString());
            assertEquals(Paradjoint.USAGE, r.status, r.toString());
            assertTrue(r.err.contains("a derivative file it includes"), r.toString());
            assertEquals(List.of("gather3.c"), names(dir));
        } finally {
            ScratchDir.delete(dir);
        }
    }

    /**
     * gcc cannot build the driver (the source includes a header that is not there, which the
     * front-end skips): the check fails and removes the adjoint and the driver it wrote, but keeps
     * the tangent that was there before.
     */
    @Test
    void aFailedCheckRemovesWhatItCreatedAndNothingElse() throws IOException {
        Path dir = ScratchDir.create("paradjoint-output");
        try {
            Path file = Files.writeString(dir.resolve("inc.c"), "#include \"not_there.h\"\n"
                    + Files.readString(Repo.examples().resolve("formad/gather3.c")));
            assertEquals(0, CliRun.of("differentiate", file.toString(), "--mode", "tangent").status);
            String tangent = Files.readString(dir.resolve("inc_d.c"));
            Gcc.require(); // the failure tested is gcc's
            CliRun r = CliRun.of("check", file.toString(), "--function", "gather3", "--run");
            assertNotEquals(0, r.status, r.toString());
            assertTrue(r.err.contains("removed the files it created"), r.toString());
            assertEquals(List.of("inc.c", "inc_d.c"), names(dir));
            assertEquals(tangent, Files.readString(dir.resolve("inc_d.c")));
        } finally {
            ScratchDir.delete(dir);
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
