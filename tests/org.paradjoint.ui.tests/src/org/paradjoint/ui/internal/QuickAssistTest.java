package org.paradjoint.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.ITextViewerExtension6;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.quickassist.IQuickAssistAssistant;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.jface.text.source.ISourceViewerExtension3;
import org.eclipse.jface.text.source.TextInvocationContext;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Ctrl+1 in the editor the workbench opens for C and Fortran sources: the proposals are computed
 * by the editor's own quick-assist assistant (what Ctrl+1 shows) for a caret offset, and the
 * "Annotate for differentiation" proposal is applied to the document, undoably.
 */
class QuickAssistTest {

    private static final String PLAIN_C = """
            void scale(int n, double *y, const double *x, double a)
            {
                int i;
            #pragma omp parallel for private(i)
                for (i = 0; i < n; i++)
                    y[i] = a * x[i];
            }
            """;

    @BeforeAll
    static void start() {
        Startup.install();
    }

    /** The proposals Ctrl+1 lists at {@code offset}. */
    private static List<ICompletionProposal> quickAssist(ITextEditor editor, int offset) {
        ISourceViewer viewer = (ISourceViewer) editor.getAdapter(ITextOperationTarget.class);
        IQuickAssistAssistant assistant = ((ISourceViewerExtension3) viewer).getQuickAssistAssistant();
        TextInvocationContext context = new TextInvocationContext(viewer, offset, 0);
        ICompletionProposal[] ps = assistant.getQuickAssistProcessor().computeQuickAssistProposals(context);
        return ps == null ? List.of() : Arrays.asList(ps);
    }

    private static ICompletionProposal annotate(List<ICompletionProposal> ps) {
        return ps.stream().filter(p -> p.getDisplayString().startsWith(AnnotateProposal.LABEL)).findFirst()
                .orElseThrow(() -> new AssertionError("no '" + AnnotateProposal.LABEL + "' among "
                        + ps.stream().map(ICompletionProposal::getDisplayString).toList()));
    }

    private static ITextEditor open(IFile file) throws Exception {
        ITextEditor editor = (ITextEditor) IDE.openEditor(Workbench.page(), file);
        assertEquals(Workbench.GENERIC_EDITOR, editor.getSite().getId(), "the editor of " + file.getName());
        return editor;
    }

    @Test
    void annotateALoopOfACFileWithCtrl1AndUndoIt() throws Exception {
        IProject p = Workbench.project("assist");
        ITextEditor editor = open(Workbench.file(p, "scale.c", PLAIN_C));
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
        ITextEditor editor = open(Workbench.file(p, "gather3.F90", plain));
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        annotate(quickAssist(editor, plain.indexOf("y(i) ="))).apply(doc);
        assertEquals(Workbench.FORTRAN_GATHER3, doc.get());
        editor.doRevertToSaved();
    }

    @Test
    void nothingToAnnotateOutsideFunctions() throws Exception {
        IProject p = Workbench.project("assist-none");
        String text = "/* a comment */\n" + PLAIN_C;
        ITextEditor editor = open(Workbench.file(p, "scale.c", text));
        assertFalse(quickAssist(editor, 3).stream().anyMatch(x -> x.getDisplayString()
                .startsWith(AnnotateProposal.LABEL)));
    }
}
