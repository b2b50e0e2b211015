package org.paradjoint.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.pipeline.Languages;
import org.paradjoint.pipeline.SourceLanguage;

/**
 * {@code paradjoint --help} names every language of the pipeline's registry and every registered
 * command, and each command answers its own {@code --help}: the overview cannot fall behind a new
 * language or command.
 */
class HelpTest {

    @Test
    void overviewNamesEveryLanguageWithItsExtensionsAndAnnotations() {
        CliRun r = CliRun.of("--help");
        assertEquals(0, r.status, r.toString());
        assertFalse(Languages.all().isEmpty());
        for (SourceLanguage l : Languages.all()) {
            String line = lineStartingWith(r.out, l.displayName());
            for (String extension : l.extensions()) {
                assertTrue(line.contains(extension), "no " + extension + " in: " + line);
            }
            assertTrue(line.contains(l.dialect().annotation("...")), "no annotation form in: " + line);
        }
    }

    @Test
    void overviewNamesEveryCommand() {
        CliRun r = CliRun.of("--help");
        List<String> names = registeredCommands().toList();
        assertTrue(names.containsAll(List.of("differentiate", "check", "analyze", "color", "bench")), names.toString());
        for (String name : names) {
            lineStartingWith(r.out, name);
        }
    }

    @Test
    void noArgumentsPrintsTheOverviewAsAUsageError() {
        CliRun r = CliRun.of();
        assertEquals(Paradjoint.USAGE, r.status, r.toString());
        assertTrue(r.err.contains("commands:"), r.toString());
        assertTrue(r.out.isEmpty(), r.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("registeredCommands")
    void everyCommandHasHelp(String command) {
        CliRun r = CliRun.of(command, "--help");
        assertEquals(0, r.status, r.toString());
        assertTrue(r.out.toLowerCase().contains("usage"), r.toString());
        CliRun viaHelp = CliRun.of("help", command);
        assertEquals(r.out, viaHelp.out, "'help " + command + "' and '" + command + " --help' differ");
    }

    static Stream<String> registeredCommands() {
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
        return new Paradjoint(discard, discard).commandNames().stream();
    }

    /** The overview's line that begins (after indentation) with {@code word}; fails when there is none. */
    private static String lineStartingWith(String text, String word) {
        return text.lines().filter(l -> l.stripLeading().startsWith(word + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no line for '" + word + "' in:\n" + text));
    }
}
