package org.paradjoint.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.paradjoint.ui.internal.EditorScenarios.PLAIN_C;
import static org.paradjoint.ui.internal.EditorScenarios.openInGenericEditor;
import static org.paradjoint.ui.internal.EditorScenarios.quickAssist;

import java.util.List;

import org.eclipse.core.resources.IProject;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.ITextViewerExtension6;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Ctrl+1 in the editor the workbench opens for C and Fortran sources: the proposals are computed
 * by the editor's own quick-assist assistant (what Ctrl+1 shows) for a caret offset, and the
 * "Annotate for differentiation" proposal is applied to the document, undoably.
 */
class QuickAssistTest {

    @BeforeAll
    static void start() {
        Startup.install();
    }

    private static ICompletionProposal annotate(List<ICompletionProposal> ps) {
        return ps.stream().filter(p -> p.getDisplayString().startsWith(AnnotateProposal.LABEL)).findFirst()
                .orElseThrow(() -> new AssertionError("no '" + AnnotateProposal.LABEL + "' among "
                        + ps.stream().map(ICompletionProposal::getDisplayString).toList()));
    }

    @Test
    void annotateALoopOfACFileWithCtrl1AndUndoIt() throws Exception {
        IProject p = Workbench.project("assist");
        ITextEditor editor = openInGenericEditor(Workbench.file(p, "scale.c", PLAIN_C));
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        ICompletionProposal proposal = annotate(quickAssist(editor, PLAIN_C.indexOf("y[i] =")));
        assertEquals("Annotate for differentiation: #pragma ad gradient(y : x)", proposal.getDisplayString());
        proposal.apply(doc);
        assertEquals(PLAIN_C.replace("#pragma omp", "#pragma ad gradient(y : x)\n#pragma omp"), doc.get());
        assertTrue(editor.isDirty(), "an edit of the document, not saved");
        assertTrue(quickAssist(editor, doc.get().indexOf("y[i] =")).stream()
                .noneMatch(x -> x.getDisplayString().startsWith(AnnotateProposal.LABEL)), "annotated now");

        ISourceViewer viewer = (ISourceViewer) editor.getAdapter(ITextOperationTarget.class);
        ((ITextViewerExtension6) viewer).getUndoManager().undo();
        assertEquals(PLAIN_C, doc.get(), "Undo takes the annotation back");
        editor.doRevertToSaved();
    }

    @Test
    void annotateAFortranProcedureWithCtrl1() throws Exception {
        IProject p = Workbench.project("assist-fortran");
        String plain = Workbench.FORTRAN_GATHER3.replace("  !$ad gradient(y : x)\n", "");
        ITextEditor editor = openInGenericEditor(Workbench.file(p, "gather3.F90", plain));
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        annotate(quickAssist(editor, plain.indexOf("y(i) ="))).apply(doc);
        assertEquals(Workbench.FORTRAN_GATHER3, doc.get());
        editor.doRevertToSaved();
    }

    @Test
    void nothingToAnnotateOutsideFunctions() throws Exception {
        IProject p = Workbench.project("assist-none");
        String text = "/* a comment */\n" + PLAIN_C;
        ITextEditor editor = openInGenericEditor(Workbench.file(p, "scale.c", text));
        assertFalse(quickAssist(editor, 3).stream().anyMatch(x -> x.getDisplayString()
                .startsWith(AnnotateProposal.LABEL)));
    }
}
