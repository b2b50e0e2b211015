package org.paradjoint.ui.internal;

import java.time.Duration;
import java.util.List;

import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
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
                "guarded".equals(get(STENCIL_STRATEGY, "split")) ? StencilOptions.Strategy.GUARDED : null);
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
