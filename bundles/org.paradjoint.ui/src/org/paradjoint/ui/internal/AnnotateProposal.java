package org.paradjoint.ui.internal;

import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Point;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;
import org.paradjoint.pipeline.edits.AnnotationInference;
import org.paradjoint.pipeline.edits.SourceEdit;

/**
 * The quick-assist proposal that inserts an inferred {@code gradient} annotation: an edit of the
 * editor's document, so the editor's Undo takes it back; nothing is saved.
 */
final class AnnotateProposal implements ICompletionProposal {

    static final String LABEL = "Annotate for differentiation";

    private final AnnotationInference.Proposal proposal;

    AnnotateProposal(AnnotationInference.Proposal proposal) {
        this.proposal = proposal;
    }

    @Override
    public void apply(IDocument document) {
        SourceEdit e = proposal.edit();
        try {
            document.replace(e.offset(), e.length(), e.text());
        } catch (BadLocationException ex) {
            Platform.getLog(AnnotateProposal.class).log(Status.warning("the document changed before the "
                    + "annotation could be inserted", ex));
        }
    }

    @Override
    public Point getSelection(IDocument document) {
        return null;
    }

    @Override
    public String getAdditionalProposalInfo() {
        return "Inserts <code>" + proposal.pragma() + "</code> before the " + proposal.target()
                + ": the floating-point arrays it writes become the dependents, those it reads the independents. "
                + "Remove passive inputs (such as coefficients) from the independents.";
    }

    @Override
    public String getDisplayString() {
        return LABEL + ": " + proposal.pragma();
    }

    @Override
    public Image getImage() {
        return PlatformUI.getWorkbench().getSharedImages().getImage(ISharedImages.IMG_OBJ_ADD);
    }

    @Override
    public IContextInformation getContextInformation() {
        return null;
    }
}
