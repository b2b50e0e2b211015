package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.testsupport.ScratchDir;

/**
 * An option value outside the option's allowed ones is a usage error (exit status 64) whose
 * message names the option and every allowed value, and nothing is written: no silent fallback
 * to a default.
 */
class OptionValuesTest {

    static final String STENCIL = """
            void f(int n, double *r, const double *u)
            {
                int i;
            #pragma ad stencil adjoint(r:rb, u:ub)
                for (i = 1; i < n; i++)
                    r[i] = u[i - 1] + u[i];
            }
            """;

    static Stream<Arguments> unknownValues() {
        return Stream.of(Arguments.of("--strategy", List.of("split", "guarded")),
                Arguments.of("--race-strategy", List.of("atomic", "reduction")),
                Arguments.of("--mode", List.of("reverse", "tangent", "separable")));
    }

    @ParameterizedTest(name = "{0} bogus")
    @MethodSource("unknownValues")
    void unknownValueIsAUsageErrorNamingTheAllowedValues(String option, List<String> allowed) throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-option");
        try {
            Path file = ScratchDir.write(dir, "st.c", STENCIL);
            CliRun r = CliRun.of("differentiate", file.toString(), option, "bogus");
            assertEquals(Paradjoint.USAGE, r.status, r.toString());
            assertEquals(64, r.status, r.toString());
            assertTrue(r.err.contains(option), () -> "names the option: " + r);
            assertTrue(r.err.contains("bogus"), () -> "names the value: " + r);
            for (String v : allowed) {
                assertTrue(r.err.contains(v), () -> "names the allowed value '" + v + "': " + r);
            }
            assertEquals("", r.out, r::toString);
            try (Stream<Path> files = Files.list(dir)) {
                assertEquals(List.of(file), files.toList(), () -> "nothing is written: " + r);
            }
        } finally {
            ScratchDir.delete(dir);
        }
    }
}
