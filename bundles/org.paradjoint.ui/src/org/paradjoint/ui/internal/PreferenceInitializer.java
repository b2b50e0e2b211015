package org.paradjoint.ui.internal;

import org.eclipse.core.runtime.preferences.AbstractPreferenceInitializer;
import org.eclipse.core.runtime.preferences.DefaultScope;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.paradjoint.core.transform.RaceStrategy;

/** Defaults of the Paradjoint preferences: the conventions of DESIGN.md and the command line. */
public final class PreferenceInitializer extends AbstractPreferenceInitializer {

    @Override
    public void initializeDefaultPreferences() {
        IEclipsePreferences d = DefaultScope.INSTANCE.getNode(Ids.PLUGIN);
        d.put(UiPreferences.ADJOINT_SUFFIX, "b");
        d.put(UiPreferences.TANGENT_SUFFIX, "d");
        d.put(UiPreferences.RACE_STRATEGY, RaceStrategy.ATOMIC.spelling());
        d.putLong(UiPreferences.PROVER_TIMEOUT_MS, 1000);
        d.put(UiPreferences.STENCIL_STRATEGY, "split");
        d.put(UiPreferences.COMPILER, UiPreferences.DEFAULT_COMPILER);
        d.put(UiPreferences.COMPILER_FLAGS, UiPreferences.DEFAULT_FLAGS);
        d.put(UiPreferences.INCLUDE_DIRS, "");
        d.put(UiPreferences.MACROS, "");
    }
}
