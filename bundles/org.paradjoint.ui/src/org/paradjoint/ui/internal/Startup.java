package org.paradjoint.ui.internal;

import org.eclipse.ui.IStartup;

/** Installs the validation on save and the display of timing results when the workbench starts. */
public final class Startup implements IStartup {

    @Override
    public void earlyStartup() {
        install();
    }

    /** Idempotent; tests call it too. */
    public static void install() {
        ValidationService.install();
        TimingResultsListener.install();
    }
}
