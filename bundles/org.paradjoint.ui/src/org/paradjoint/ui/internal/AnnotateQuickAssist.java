package org.paradjoint.ui.internal;

import java.util.Optional;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.quickassist.IQuickAssistInvocationContext;
import org.eclipse.jface.text.quickassist.IQuickAssistProcessor;
import org.eclipse.jface.text.source.ISourceViewer;
import org.paradjoint.pipeline.Languages;
import org.paradjoint.pipeline.edits.AnnotationInference;
import org.paradjoint.pipeline.edits.Dialect;
import org.paradjoint.pipeline.edits.MenuOffers;
import org.paradjoint.pipeline.edits.ParsedSource;
import org.paradjoint.pipeline.edits.PragmaScan;

/**
 * Ctrl+1 "Annotate for differentiation" in the generic text editor, contributed through
 * {@code org.eclipse.ui.genericeditor.quickAssistProcessors} for C and Fortran sources: where the
 * caret is in a loop or function without {@code ad} annotations, a proposal that inserts the
 * {@code gradient} line naming the arrays it writes and reads. A cheap text scan answers
 * {@link #canAssist}; the source is parsed only when the proposals are asked for.
 */
public final class AnnotateQuickAssist implements IQuickAssistProcessor {

    /** The source in the viewer: its file name (which says the language) and text. */
    private record Source(String fileName, IDocument document) {
    }

    @Override
    public String getErrorMessage() {
        return null;
    }

    @Override
    public boolean canFix(org.eclipse.jface.text.source.Annotation annotation) {
        return false;
    }

    @Override
    public boolean canAssist(IQuickAssistInvocationContext context) {
        Optional<Source> src = source(context);
        return src.isPresent() && MenuOffers.annotatable(PragmaScan.of(Languages.dialect(src.get().fileName()),
                src.get().document().get()).at(QuickAssistCaret.of(context)));
    }

    @Override
    public ICompletionProposal[] computeQuickAssistProposals(IQuickAssistInvocationContext context) {
        Optional<Source> src = source(context);
        if (src.isEmpty()) {
            return new ICompletionProposal[0];
        }
        ParsedSource parsed = ParsedSource.parse(src.get().fileName(), src.get().document().get());
        return AnnotationInference.propose(parsed, QuickAssistCaret.of(context))
                .map(p -> new ICompletionProposal[] {new AnnotateProposal(p)})
                .orElseGet(() -> new ICompletionProposal[0]);
    }

    private static Optional<Source> source(IQuickAssistInvocationContext context) {
        ISourceViewer viewer = context.getSourceViewer();
        IDocument doc = viewer == null ? null : viewer.getDocument();
        ITextFileBuffer buffer = doc == null ? null : FileBuffers.getTextFileBufferManager().getTextFileBuffer(doc);
        String name = buffer == null || buffer.getLocation() == null ? null : buffer.getLocation().lastSegment();
        return name != null && Languages.isSource(name) ? Optional.of(new Source(name, doc)) : Optional.empty();
    }
}
