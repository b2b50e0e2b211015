package org.paradjoint.core.frontend;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What the user tells the C preprocessor, as a compiler takes it: include directories
 * ({@code -I DIR}), searched after the including file's own folder and before the system
 * headers, and macro definitions ({@code -D NAME[=VALUE]}, value {@code 1} when none is given).
 * Front-ends that read included files use them; the check toolchains pass them to the compiler
 * that builds the user's file.
 */
public record Preprocessor(List<String> includeDirs, Map<String, String> macros) {

    public static final Preprocessor NONE = new Preprocessor(List.of(), Map.of());

    public Preprocessor {
        includeDirs = includeDirs == null ? List.of() : List.copyOf(includeDirs);
        macros = macros == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(macros));
    }

    /** A macro's name, or a function-like macro's name and parameters ({@code SQR(x)=((x)*(x))}). */
    private static final Pattern MACRO_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\([A-Za-z0-9_,\\s.]*\\))?");

    /**
     * These settings with the definition {@code NAME}, {@code NAME=VALUE} or {@code NAME(ARGS)=VALUE}
     * as {@code -D} takes it (value {@code 1} without {@code =}); an IllegalArgumentException when
     * NAME is not a C identifier.
     */
    public Preprocessor withDefinition(String definition) {
        int eq = definition.indexOf('=');
        String name = eq < 0 ? definition : definition.substring(0, eq);
        if (!MACRO_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("-D needs NAME or NAME=VALUE with NAME a C identifier, not '"
                    + definition + "'");
        }
        Map<String, String> m = new LinkedHashMap<>(macros);
        m.put(name, eq < 0 ? "1" : definition.substring(eq + 1));
        return new Preprocessor(includeDirs, m);
    }

    /** These settings with {@code dir} searched after the include folders they have. */
    public Preprocessor withIncludeDir(String dir) {
        List<String> dirs = new ArrayList<>(includeDirs);
        dirs.add(dir);
        return new Preprocessor(dirs, macros);
    }

    /** These settings with {@code dir} searched first (the folder of a file whose name does not locate it). */
    public Preprocessor withFirstIncludeDir(String dir) {
        List<String> dirs = new ArrayList<>();
        dirs.add(dir);
        dirs.addAll(includeDirs);
        return new Preprocessor(dirs, macros);
    }

    /**
     * The compiler options that say the same: {@code -IDIR} for each directory (absolute: the
     * compiler may run in another folder), {@code -DNAME=VALUE} for each macro.
     */
    public List<String> compilerOptions() {
        List<String> out = new ArrayList<>();
        includeDirs.forEach(d -> out.add("-I" + java.nio.file.Path.of(d).toAbsolutePath().normalize()));
        macros.forEach((name, value) -> out.add("-D" + name + "=" + value));
        return out;
    }
}
