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
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.quickassist.IQuickAssistAssistant;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.jface.text.source.ISourceViewerExtension3;
import org.eclipse.jface.text.source.TextInvocationContext;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.paradjoint.testsupport.Repo;

/**
 * What the editor tests do in any text editor: its context menu and Ctrl+1 at a caret offset, and
 * the menu scenarios that must work the same in the generic editor ({@code #TextEditorContext},
 * {@link EditorActionsTest}) and in CDT's C/C++ editor ({@code #CEditorContext},
 * {@link CEditorContextMenuTest}), each test passing the editor it opens.
 */
final class EditorScenarios {

    /** A C kernel with a parallel loop and no annotation yet. */
    static final String PLAIN_C = """
            void scale(int n, double *y, const double *x, double a)
            {
                int i;
            #pragma omp parallel for private(i)
                for (i = 0; i < n; i++)
                    y[i] = a * x[i];
            }
            """;

    /** Opens a file in the editor a test is about. */
    interface Opener {
        ITextEditor open(IFile file) throws Exception;
    }

    private EditorScenarios() {
    }

    /** {@code file} in the editor the workbench chooses for it: the generic editor. */
    static ITextEditor openInGenericEditor(IFile file) throws Exception {
        ITextEditor editor = (ITextEditor) IDE.openEditor(Workbench.page(), file);
        assertEquals(Workbench.GENERIC_EDITOR, editor.getSite().getId(), "the editor of " + file.getName());
        return editor;
    }

    static IDocument document(ITextEditor editor) {
        return editor.getDocumentProvider().getDocument(editor.getEditorInput());
    }

    /** The editor's context menu with the caret at {@code offset}. */
    static Menu contextMenuAt(ITextEditor editor, int offset) {
        editor.selectAndReveal(offset, 0);
        Workbench.drain();
        return Workbench.show(((StyledText) editor.getAdapter(Control.class)).getMenu());
    }

    static List<String> labels(Menu menu) {
        return Arrays.stream(menu.getItems()).map(Workbench::label).toList();
    }

    /** The proposals Ctrl+1 lists at {@code offset}. */
    static List<ICompletionProposal> quickAssist(ITextEditor editor, int offset) {
        ISourceViewer viewer = (ISourceViewer) editor.getAdapter(ITextOperationTarget.class);
        IQuickAssistAssistant assistant = ((ISourceViewerExtension3) viewer).getQuickAssistAssistant();
        ICompletionProposal[] ps = assistant.getQuickAssistProcessor()
                .computeQuickAssistProposals(new TextInvocationContext(viewer, offset, 0));
        return ps == null ? List.of() : Arrays.asList(ps);
    }

    /**
     * In {@link #PLAIN_C}, opened by {@code opener} in a new project {@code project}: the context
     * menu has "Annotate for Differentiation" and the Differentiate menu once each (and no
     * separable gradient); annotating inserts the gradient pragma, after which the Differentiate
     * menu's Adjoint writes the adjoint of what the editor shows, not yet saved.
     */
    static void annotateThenDifferentiate(String project, Opener opener) throws Exception {
        IProject p = Workbench.project(project);
        ITextEditor editor = opener.open(Workbench.file(p, "scale.c", PLAIN_C));
        IDocument doc = document(editor);
        Menu menu = contextMenuAt(editor, PLAIN_C.indexOf("y[i] ="));
        List<String> labels = labels(menu);
        assertEquals(1, labels.stream().filter("Differentiate"::equals).count(), labels.toString());
        assertEquals(1, labels.stream().filter("Annotate for Differentiation"::equals).count(), labels.toString());
        assertFalse(labels.contains("Generate Partially Separable Gradient"), "scale is not partially separable");
        Workbench.click(Workbench.item(menu, "Annotate for Differentiation"));
        Workbench.hide(menu);
        assertEquals(PLAIN_C.replace("#pragma omp", "#pragma ad gradient(y : x)\n#pragma omp"), doc.get());

        // annotated now (and not saved): the Differentiate menu writes the adjoint of what the editor shows
        Menu again = contextMenuAt(editor, doc.get().indexOf("y[i] ="));
        assertFalse(Workbench.item(again, "Annotate for Differentiation").getEnabled(), "already annotated");
        Menu sub = Workbench.show(Workbench.item(again, "Differentiate").getMenu());
        assertTrue(Workbench.item(sub, "Adjoint").getEnabled());
        Workbench.click(Workbench.item(sub, "Adjoint"));
        Workbench.close(sub);
        IFile out = p.getFile("scale_b.c");
        Workbench.waitForJobs(GenerateJob.FAMILY, 60_000);
        Workbench.waitUntil(out::exists, 10_000, "scale_b.c");
        assertTrue(Sources.read(out).contains("void scale_b(int n, double *y, double *yb, const double *x, double *xb"),
                Sources.read(out));
        editor.doRevertToSaved();
    }

    /**
     * In {@code separable/torsion.c}, opened by {@code opener} in a new project {@code project}:
     * "Generate Partially Separable Gradient" is not in the menu of the hand-written gradient, and
     * in the partially separable function it writes {@code torsion_ps.c}, which is returned.
     */
    static IFile generateSeparableGradient(String project, Opener opener) throws Exception {
        IProject p = Workbench.project(project);
        ITextEditor editor = opener.open(Workbench.file(p, "torsion.c", Repo.example("separable/torsion.c")));
        IDocument doc = document(editor);
        Menu analytic = contextMenuAt(editor, doc.get().indexOf("g[i] = 0.0;"));
        assertFalse(labels(analytic).contains("Generate Partially Separable Gradient"),
                "the hand-written gradient is not annotated: " + labels(analytic));
        Workbench.hide(analytic);

        Menu menu = contextMenuAt(editor, doc.get().indexOf("fquad = fquad +"));
        Workbench.click(Workbench.item(menu, "Generate Partially Separable Gradient"));
        Workbench.hide(menu);
        IFile out = p.getFile("torsion_ps.c");
        Workbench.waitForJobs(GenerateJob.FAMILY, 60_000);
        Workbench.waitUntil(out::exists, 10_000, "torsion_ps.c");
        assertTrue(Sources.read(out).contains("void torsion_f_grad_ps(int nx, int ny, const double *x, double *xb"),
                Sources.read(out));
        return out;
    }
}
