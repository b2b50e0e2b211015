package org.paradjoint.ui.internal;

import java.util.Optional;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.texteditor.ITextEditor;
import org.paradjoint.pipeline.edits.AnnotationInference;
import org.paradjoint.pipeline.edits.ParsedSource;

/**
 * Differentiate > Annotate for Differentiation (editor): inserts the {@code #pragma ad gradient}
 * line inferred for the loop or function at the caret into the editor's document (undoable, not
 * saved).
 */
public final class AnnotateHandler extends AbstractHandler {

    @Override
    public Object execute(ExecutionEvent event) throws ExecutionException {
        Optional<Sources.Target> target = Sources.target(HandlerUtil.getCurrentSelection(event),
                HandlerUtil.getActiveEditor(event));
        if (target.isEmpty() || target.get().editor() == null) {
            return null;
        }
        ITextEditor editor = target.get().editor();
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        ParsedSource src = ParsedSource.parse(target.get().file().getName(), doc.get(),
                FileDecisions.settingsFor(target.get().file()).preprocessor());
        Optional<AnnotationInference.Proposal> p = AnnotationInference.propose(src, target.get().caret());
        if (p.isEmpty()) {
            MessageDialog.openInformation(HandlerUtil.getActiveShell(event), "Annotate for Differentiation",
                    "Nothing to annotate here: put the caret in a function without `ad` pragmas that writes one "
                            + "floating-point array parameter from another (the file must parse without errors).");
            return null;
        }
        try {
            doc.replace(p.get().edit().offset(), p.get().edit().length(), p.get().edit().text());
        } catch (BadLocationException e) {
            throw new ExecutionException(e.getMessage(), e);
        }
        return null;
    }
}
