package org.paradjoint.cli;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import org.paradjoint.core.frontend.Preprocessor;

/**
 * The preprocessor options of every command that reads C, spelled as a compiler takes them:
 * {@code -I DIR} or {@code -IDIR} (an include folder, searched in the order given), {@code -D NAME}
 * (value 1), {@code -D NAME=VALUE}, {@code -DNAME} or {@code -DNAME=VALUE}. A bad value is an
 * IllegalArgumentException naming the option (a usage error, exit status 64).
 */
final class PreprocessorOptions {

    /** The help text's lines, shared by the commands. */
    static final String HELP = """
              -I DIR, -IDIR            also look for included headers in DIR (after the file's own
                                       folder for #include "...", before the system headers);
                                       repeatable, searched in order; check builds with it too
              -D NAME[=VALUE], -DNAME[=VALUE]
                                       define the macro NAME (value 1 without =VALUE) before
                                       reading the file; check builds with it too
            """;

    private Preprocessor preprocessor = Preprocessor.NONE;

    /** Whether {@code arg} is one of these options (with or without its value attached). */
    static boolean isOption(String arg) {
        return arg.startsWith("-I") || arg.startsWith("-D");
    }

    /**
     * Takes the option at {@code args[k]} and, when its value is separate, the next argument;
     * returns the index of the last argument used.
     */
    int take(String[] args, int k) {
        String option = args[k].substring(0, 2);
        String attached = args[k].substring(2);
        int last = k;
        String value = attached;
        if (attached.isEmpty()) {
            if (k + 1 >= args.length) {
                throw new IllegalArgumentException(option + " needs a value"
                        + (option.equals("-I") ? " (a folder of headers)" : " (NAME or NAME=VALUE)"));
            }
            value = args[++last];
        }
        preprocessor = option.equals("-I") ? preprocessor.withIncludeDir(folder(value))
                : preprocessor.withDefinition(value);
        return last;
    }

    Preprocessor preprocessor() {
        return preprocessor;
    }

    private static String folder(String value) {
        try {
            if (!value.isBlank() && Files.isDirectory(Path.of(value))) {
                return value;
            }
        } catch (InvalidPathException e) {
            // reported below
        }
        throw new IllegalArgumentException("-I needs a folder of headers, not '" + value + "'");
    }
}
