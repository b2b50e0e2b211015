package org.paradjoint.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.frontend.FrontEnd;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.frontend.Preprocessor;
import org.paradjoint.pipeline.GeneratedMarker;
import org.paradjoint.pipeline.Languages;
import org.paradjoint.pipeline.OutputFiles;
import org.paradjoint.pipeline.SourceLanguage;
import org.paradjoint.pipeline.SourceReader;

/** Reads a source file through the front-end of its language and reports diagnostics. */
final class SourceFiles {

    private SourceFiles() {
    }

    /**
     * The parse result, or null after printing why the file could not be read; {@code preprocessor}:
     * the user's {@code -I} and {@code -D}.
     */
    static ParseResult parse(String file, Preprocessor preprocessor, PrintStream err) {
        return parse(file, preprocessor, err, null);
    }

    /**
     * What differentiating the file needs ({@link org.paradjoint.core.frontend.FrontEnd#parseFor}):
     * the annotated functions, {@code named}, and what they call. Null after printing why the file
     * could not be read.
     */
    static ParseResult parseForDifferentiation(String file, Preprocessor preprocessor, Set<String> named,
            PrintStream err) {
        return parse(file, preprocessor, err, named);
    }

    /** {@code named} null: every function is mapped. */
    private static ParseResult parse(String file, Preprocessor preprocessor, PrintStream err, Set<String> named) {
        SourceLanguage language = Languages.forFile(file).orElse(null);
        if (language == null) {
            err.println(Diagnostic.error("unsupported-file-type", SourceRange.ofFile(file), "languages",
                    Languages.describe()).format());
            return null;
        }
        SourceReader.Text text;
        try {
            text = SourceReader.read(Path.of(file));
        } catch (IOException e) {
            err.println(Diagnostic.error("cannot-read", SourceRange.ofFile(file), "reason", e.getMessage()).format());
            return null;
        }
        text.warning().ifPresent(w -> err.println(w.format()));
        FrontEnd frontEnd = language.newFrontEnd(preprocessor);
        return named == null ? frontEnd.parse(file, text.text()) : frontEnd.parseFor(file, text.text(), named);
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

    /** Writes through a temporary file (see {@link OutputFiles#write}). */
    static void write(Path path, String text) throws IOException {
        OutputFiles.write(path, text);
    }

    /**
     * True when each of {@code targets} may be written: it does not exist, paradjoint generated it
     * (its first line is the marker), or {@code force}. Otherwise prints an error for each of the
     * user's files, and nothing may be written.
     */
    static boolean mayWrite(List<Path> targets, boolean force, PrintStream err) {
        boolean ok = true;
        for (Path t : targets) {
            if (!force && !GeneratedMarker.mayReplace(t)) {
                err.println(Diagnostic.error("not-replaced", SourceRange.ofFile(t.toString()), "marker",
                        GeneratedMarker.line(t.toString())).format());
                ok = false;
            }
        }
        return ok;
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
