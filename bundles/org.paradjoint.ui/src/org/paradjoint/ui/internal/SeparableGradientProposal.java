package org.paradjoint.ui.internal;

import org.eclipse.core.resources.IFile;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Point;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;
import org.paradjoint.pipeline.DerivativeGenerator;

/**
 * The quick-assist proposal that writes the partially separable gradient of the edited file: the
 * same job as the Differentiate menu's entry (the text as the editor shows it, the file's
 * settings, undoable, the result opened). The edited document itself is not changed.
 */
final class SeparableGradientProposal implements ICompletionProposal {

    static final String LABEL = "Generate partially separable gradient";

    private final IFile file;
    private final DerivativeGenerator generator;

    SeparableGradientProposal(IFile file, DerivativeGenerator generator) {
        this.file = file;
        this.generator = generator;
    }

    @Override
    public void apply(IDocument document) {
        new GenerateJob(file, document.get(), generator, FileDecisions.settingsFor(file), true).schedule();
    }

    @Override
    public Point getSelection(IDocument document) {
        return null;
    }

    @Override
    public String getAdditionalProposalInfo() {
        return "Writes the gradient of the partially separable function through compressed elemental Jacobians "
                + "next to the source (<code>name_ps.c</code> with <code>name_ps.h</code> and "
                + "<code>paradjoint_ps.h</code>) and opens it.";
    }

    @Override
    public String getDisplayString() {
        return LABEL;
    }

    @Override
    public Image getImage() {
        return PlatformUI.getWorkbench().getSharedImages().getImage(ISharedImages.IMG_OBJ_FILE);
    }

    @Override
    public IContextInformation getContextInformation() {
        return null;
    }
}
