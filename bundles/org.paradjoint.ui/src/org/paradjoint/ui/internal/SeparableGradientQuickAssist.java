package org.paradjoint.ui.internal;

import java.util.Optional;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.quickassist.IQuickAssistInvocationContext;
import org.eclipse.jface.text.quickassist.IQuickAssistProcessor;
import org.eclipse.jface.text.source.ISourceViewer;
import org.paradjoint.pipeline.DerivativeGenerator;
import org.paradjoint.pipeline.Generators;
import org.paradjoint.pipeline.Languages;
import org.paradjoint.pipeline.edits.Annotation;
import org.paradjoint.pipeline.edits.Dialect;
import org.paradjoint.pipeline.edits.PragmaScan;

/**
 * Ctrl+1 "Generate partially separable gradient" in the generic text editor: where the caret is in
 * a function annotated {@code ad partially_separable} (or ADIC's {@code $adic_partiallyseparable}),
 * a proposal that writes its compressed sparse gradient with the Generators table's separable
 * generator, as Differentiate > Partially Separable Gradient does. The editor's context menu
 * offers the same entry in every text editor.
 */
public final class SeparableGradientQuickAssist implements IQuickAssistProcessor {

    /** The workspace file in the viewer and its document. */
    private record Source(IFile file, IDocument document) {
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
        return source(context).filter(s -> applies(s, QuickAssistCaret.of(context))).isPresent();
    }

    @Override
    public ICompletionProposal[] computeQuickAssistProposals(IQuickAssistInvocationContext context) {
        Optional<DerivativeGenerator> generator = Generators.byId(DerivativeGenerator.SEPARABLE_GRADIENT);
        return source(context).filter(s -> applies(s, QuickAssistCaret.of(context))).flatMap(s -> generator
                .map(g -> new ICompletionProposal[] {new SeparableGradientProposal(s.file(), g)}))
                .orElseGet(() -> new ICompletionProposal[0]);
    }

    /** True when the function around {@code offset} is partially separable and its language has the generator. */
    private static boolean applies(Source s, int offset) {
        Dialect dialect = Sources.dialect(s.file());
        return PragmaScan.of(dialect, s.document().get()).at(offset).contains(Annotation.PARTIALLY_SEPARABLE)
                && Generators.byId(DerivativeGenerator.SEPARABLE_GRADIENT)
                        .filter(g -> g.supports(dialect.language())).isPresent();
    }

    private static Optional<Source> source(IQuickAssistInvocationContext context) {
        ISourceViewer viewer = context.getSourceViewer();
        IDocument doc = viewer == null ? null : viewer.getDocument();
        ITextFileBuffer buffer = doc == null ? null : FileBuffers.getTextFileBufferManager().getTextFileBuffer(doc);
        if (buffer == null || buffer.getLocation() == null || !Languages.isSource(buffer.getLocation().lastSegment())) {
            return Optional.empty();
        }
        // the buffer of a workspace file is located by its workspace path
        IFile file = ResourcesPlugin.getWorkspace().getRoot().getFile(buffer.getLocation());
        return file.exists() ? Optional.of(new Source(file, doc)) : Optional.empty();
    }
}
