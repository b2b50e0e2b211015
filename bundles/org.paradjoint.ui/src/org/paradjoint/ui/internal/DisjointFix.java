package org.paradjoint.ui.internal;

import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.paradjoint.pipeline.edits.DisjointAssertion;

/**
 * "Assert disjoint indices": inserts {@code #pragma ad disjoint(...)} before the loop and saves,
 * which validates again; the marker disappears when the assertion makes the proof succeed.
 */
final class DisjointFix extends IncrementFix {

    private final DisjointAssertion.Proposal proposal;

    DisjointFix(DisjointAssertion.Proposal proposal) {
        super("Assert disjoint indices", "Inserts <code>" + proposal.pragma() + "</code> before the " + proposal.loop()
                + ": you assert that these values differ between iterations (e.g. c is a permutation). "
                + "A wrong assertion makes the adjoint race.");
        this.proposal = proposal;
    }

    @Override
    protected void apply(IFile file) throws CoreException {
        Documents.applyAndSave(file, List.of(proposal.edit()));
    }
}
