package org.paradjoint.ui.internal;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;

/** "Keep omp atomic": accepts the atomic increment; the warning becomes information. */
final class KeepAtomicFix extends IncrementFix {

    private final String function;
    private final String adjoint;

    KeepAtomicFix(String function, String adjoint) {
        super("Keep omp atomic", "The adjoint keeps <code>#pragma omp atomic</code> on " + adjoint + " in " + function
                + "_b; correct, but the threads serialise on this update.");
        this.function = function;
        this.adjoint = adjoint;
    }

    @Override
    protected void apply(IFile file) throws CoreException {
        FileDecisions.keepAtomic(file, function, adjoint);
        ValidationService.scheduleValidation(file);
    }
}
