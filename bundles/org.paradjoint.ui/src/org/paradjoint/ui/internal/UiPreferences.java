package org.paradjoint.ui.internal;

import java.time.Duration;
import java.util.List;

import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.paradjoint.core.frontend.Preprocessor;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.stencil.StencilOptions;
import org.paradjoint.core.transform.RaceStrategy;

/** The preference keys of the Paradjoint page and what they mean to generators and timing runs. */
public final class UiPreferences {

    public static final String ADJOINT_SUFFIX = "adjointSuffix";
    public static final String TANGENT_SUFFIX = "tangentSuffix";
    public static final String RACE_STRATEGY = "raceStrategy";
    public static final String PROVER_TIMEOUT_MS = "proverTimeoutMillis";
    public static final String STENCIL_STRATEGY = "stencilStrategy";
    public static final String COMPILER = "compiler";
    public static final String COMPILER_FLAGS = "compilerFlags";
    /** Include folders of C files, as the path editor stores them: joined by the platform's path separator. */
    public static final String INCLUDE_DIRS = "includeDirectories";
    /** Macro definitions of C files, {@code NAME} or {@code NAME=VALUE} separated by white space, as {@code -D} takes them. */
    public static final String MACROS = "macroDefinitions";

    static final String DEFAULT_COMPILER = "gcc";
    static final String DEFAULT_FLAGS = "-O2";

    private UiPreferences() {
    }

    private static String get(String key, String fallback) {
        return Platform.getPreferencesService().getString(Ids.PLUGIN, key, fallback, null);
    }

    /** The generation settings the preferences describe. */
    public static GenerationSettings generation() {
        RaceStrategy race;
        try {
            race = RaceStrategy.parse(get(RACE_STRATEGY, RaceStrategy.ATOMIC.spelling()));
        } catch (IllegalArgumentException e) {
            race = RaceStrategy.ATOMIC;
        }
        long timeout = Platform.getPreferencesService().getLong(Ids.PLUGIN, PROVER_TIMEOUT_MS, 1000, null);
        return new GenerationSettings(get(ADJOINT_SUFFIX, "b"), get(TANGENT_SUFFIX, "d"), race,
                Duration.ofMillis(Math.max(1, timeout)),
                // "split" is every pragma's default: only "guarded" overrides what a pragma says
                "guarded".equals(get(STENCIL_STRATEGY, "split")) ? StencilOptions.Strategy.GUARDED : null)
                .withPreprocessor(preprocessor(get(INCLUDE_DIRS, ""), get(MACROS, "")));
    }

    /**
     * The include folders and macros of the preferences, as {@code -I} and {@code -D} give them on
     * the command line. The page accepts only valid definitions ({@link ParadjointPreferencePage}),
     * so a definition that does not parse here was stored by hand; it is left out.
     */
    static Preprocessor preprocessor(String dirs, String macros) {
        Preprocessor p = Preprocessor.NONE;
        for (String dir : dirs.split(java.io.File.pathSeparator)) {
            if (!dir.isBlank()) {
                p = p.withIncludeDir(dir.strip());
            }
        }
        for (String definition : definitions(macros)) {
            try {
                p = p.withDefinition(definition);
            } catch (IllegalArgumentException e) {
                // see above: the page refuses it
            }
        }
        return p;
    }

    /** The definitions of the macros field, one per word. */
    static List<String> definitions(String macros) {
        return List.of(macros.strip().split("\\s+")).stream().filter(s -> !s.isEmpty()).toList();
    }

    public static String compiler() {
        return get(COMPILER, DEFAULT_COMPILER);
    }

    public static List<String> compilerFlags() {
        return List.of(get(COMPILER_FLAGS, DEFAULT_FLAGS).strip().split("\\s+")).stream().filter(s -> !s.isEmpty())
                .toList();
    }

    static IEclipsePreferences node() {
        return InstanceScope.INSTANCE.getNode(Ids.PLUGIN);
    }
}
