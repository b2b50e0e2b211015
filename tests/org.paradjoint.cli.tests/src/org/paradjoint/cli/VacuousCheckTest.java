package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Gfortran;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.testsupport.ScratchDir;

/**
 * A check that exercised nothing is no PASS: at n = 2 gather3's loop {@code for (i = 1; i < n - 1; i++)}
 * runs no iteration, both sides of the dot-product test are 0, and the run FAILs with a note,
 * unless {@code --allow-zero} accepts it. In C and in Fortran.
 */
class VacuousCheckTest {

    @ParameterizedTest
    @CsvSource({"formad/gather3.c, gather3", "fortran/compact3.f90, compact3"})
    void aRunThatComparesNothingFailsUnlessAllowed(String example, String function) throws IOException {
        if (example.endsWith(".f90")) {
            Gfortran.require();
        } else {
            Gcc.require();
        }
        Path dir = ScratchDir.create("paradjoint-vacuous");
        try {
            Path file = Files.copy(Repo.examples().resolve(example), dir.resolve(Path.of(example).getFileName()));
            String size = example.endsWith(".f90") ? "n=1" : "n=2";
            CliRun empty = CliRun.of("check", file.toString(), "--function", function, "--set", size, "--run",
                    "--threads", "1");
            assertNotEquals(0, empty.status, empty.toString());
            assertTrue(empty.out.contains("nothing was exercised"), empty.toString());
            CliRun allowed = CliRun.of("check", file.toString(), "--function", function, "--set", size, "--run",
                    "--threads", "1", "--allow-zero");
            assertEquals(0, allowed.status, allowed.toString());
            CliRun real = CliRun.of("check", file.toString(), "--function", function, "--set", "n=30", "--run",
                    "--threads", "1");
            assertEquals(0, real.status, real.toString());
        } finally {
            ScratchDir.delete(dir);
        }
    }
}
