package org.paradjoint.core.frontend;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
        macros = macros == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(macros));
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
