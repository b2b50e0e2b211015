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

    static Stream<Arguments> badPreprocessorOptions() {
        return Stream.of("differentiate", "check", "analyze").flatMap(command -> Stream.of(
                Arguments.of(command, List.of("-I", "/no/such/folder"), "-I"),
                Arguments.of(command, List.of("-I"), "-I"),
                Arguments.of(command, List.of("-D", "3x=1"), "-D"),
                Arguments.of(command, List.of("-D"), "-D")));
    }

    /** {@code -I} and {@code -D} are checked as a compiler would reject them, on every command that reads C. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("badPreprocessorOptions")
    void badPreprocessorOptionsAreUsageErrors(String command, List<String> options, String named) throws IOException {
        Path dir = ScratchDir.create("paradjoint-cli-option");
        try {
            Path file = ScratchDir.write(dir, "st.c", STENCIL);
            List<String> args = new java.util.ArrayList<>(List.of(command, file.toString()));
            if (!command.equals("analyze")) {
                args.addAll(List.of("--function", "f"));
            }
            args.addAll(options);
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertEquals(Paradjoint.USAGE, r.status, r.toString());
            assertTrue(r.err.contains(named), () -> "names the option: " + r);
            try (Stream<Path> files = Files.list(dir)) {
                assertEquals(List.of(file), files.toList(), () -> "nothing is written: " + r);
            }
        } finally {
            ScratchDir.delete(dir);
        }
    }
}
