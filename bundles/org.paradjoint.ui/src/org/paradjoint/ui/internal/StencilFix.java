package org.paradjoint.ui.internal;



import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.paradjoint.pipeline.DerivativeGenerator;
import org.paradjoint.pipeline.Generators;
import org.paradjoint.pipeline.edits.StencilAnnotation;

/**
 * "Generate adjoint stencil for this loop": annotates the gather loop with
 * {@code #pragma ad stencil adjoint(...)} and runs the adjoint-stencil generator, whose adjoint
 * is made of race-free gathers. Offered only when that generator is installed.
 */
final class StencilFix extends IncrementFix {

    private final StencilAnnotation.Proposal proposal;

    StencilFix(StencilAnnotation.Proposal proposal) {
        super("Generate adjoint stencil for this loop", "Inserts <code>" + proposal.pragma() + "</code> before the "
                + proposal.loop() + " and generates its adjoint stencil: gathers instead of scattered increments, "
                + "no atomics.");
        this.proposal = proposal;
    }

    @Override
    protected void apply(IFile file) throws CoreException {
        Documents.applyAndSave(file, proposal.edits());
        DerivativeGenerator g = Generators.byId(DerivativeGenerator.ADJOINT_STENCIL).orElseThrow();
        new GenerateJob(file, Sources.current(file), g, FileDecisions.settingsFor(file), true).schedule();
    }
}
