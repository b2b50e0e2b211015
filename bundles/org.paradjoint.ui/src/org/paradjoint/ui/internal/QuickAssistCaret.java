package org.paradjoint.ui.internal;

import org.eclipse.jface.text.quickassist.IQuickAssistInvocationContext;
import org.eclipse.jface.text.source.ISourceViewer;

/** Where Ctrl+1 was asked: the invocation's offset, or the viewer's selection when it has none. */
final class QuickAssistCaret {

    private QuickAssistCaret() {
    }

    static int of(IQuickAssistInvocationContext context) {
        if (context.getOffset() >= 0) {
            return context.getOffset();
        }
        ISourceViewer viewer = context.getSourceViewer();
        return viewer == null ? 0 : viewer.getSelectedRange().x;
    }
}
