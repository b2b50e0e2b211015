package org.paradjoint.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.pipeline.Languages;
import org.paradjoint.pipeline.SourceLanguage;
import org.paradjoint.pipeline.SourceReader;

/** Reads a source file through the front-end of its language and reports diagnostics. */
final class SourceFiles {

    private SourceFiles() {
    }

    /** The parse result, or null after printing why the file could not be read. */
    static ParseResult parse(String file, PrintStream err) {
        SourceLanguage language = Languages.forFile(file).orElse(null);
        if (language == null) {
            err.println(file + ": error: unsupported file type (expected " + Languages.describe() + ")");
            return null;
        }
        SourceReader.Text text;
        try {
            text = SourceReader.read(Path.of(file));
        } catch (IOException e) {
            err.println(file + ": error: cannot read: " + e.getMessage());
            return null;
        }
        text.warning().ifPresent(w -> err.println(file + ": warning: " + w));
        return language.newFrontEnd().parse(file, text.text());
    }

    /**
     * Prints diagnostics compiler-style; those without a location are attributed to {@code file}.
     * Returns true when any is an error.
     */
    static boolean report(String file, List<Diagnostic> diagnostics, PrintStream err) {
        boolean errors = false;
        for (Diagnostic d : diagnostics) {
            String text = d.format();
            err.println(d.range().file().isEmpty() ? file + ": " + text : text);
            errors |= d.isError();
        }
        return errors;
    }

    static String read(String file) throws IOException {
        return SourceReader.read(Path.of(file)).text();
    }

    /**
     * Writes {@code text} to {@code path} through a temporary file beside it that replaces the
     * target only when complete: an interrupted run leaves no half-written file, and a symbolic
     * link at {@code path} is replaced, not written through.
     */
    static void write(Path path, String text) throws IOException {
        Path target = path.toAbsolutePath();
        // created as any new file (the user's umask), unlike createTempFile's owner-only mode
        Path tmp = target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** True when {@code output} names the same file as {@code input} (after resolving links and dots). */
    static boolean sameFile(String input, Path output) {
        try {
            return Files.exists(output) && Files.isSameFile(Path.of(input), output);
        } catch (IOException e) {
            return Path.of(input).toAbsolutePath().normalize().equals(output.toAbsolutePath().normalize());
        }
    }
}
