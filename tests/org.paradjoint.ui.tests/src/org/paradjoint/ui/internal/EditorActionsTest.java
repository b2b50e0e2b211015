package org.paradjoint.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.commands.operations.OperationHistoryFactory;
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
import org.eclipse.ui.ide.undo.WorkspaceUndoUtil;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Repo;

/**
 * The actions of the text editor's own context menu ({@code #TextEditorContext}, contributed the
 * same way to CDT's {@code #CEditorContext}): "Annotate for Differentiation" and the Differentiate
 * menu once each, "Generate Partially Separable Gradient" where the caret is in an
 * {@code ad partially_separable} function, and the same generation as a Ctrl+1 quick assist.
 */
class EditorActionsTest {

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

    private static ITextEditor open(IFile file) throws Exception {
        ITextEditor editor = (ITextEditor) IDE.openEditor(Workbench.page(), file);
        assertEquals(Workbench.GENERIC_EDITOR, editor.getSite().getId(), "the editor of " + file.getName());
        return editor;
    }

    /** The editor's context menu with the caret at {@code offset}. */
    private static Menu contextMenuAt(ITextEditor editor, int offset) {
        editor.selectAndReveal(offset, 0);
        Workbench.drain();
        return Workbench.show(((StyledText) editor.getAdapter(Control.class)).getMenu());
    }

    private static List<String> labels(Menu menu) {
        return Arrays.stream(menu.getItems()).map(Workbench::label).toList();
    }

    /** The proposals Ctrl+1 lists at {@code offset}. */
    private static List<ICompletionProposal> quickAssist(ITextEditor editor, int offset) {
        ISourceViewer viewer = (ISourceViewer) editor.getAdapter(ITextOperationTarget.class);
        IQuickAssistAssistant assistant = ((ISourceViewerExtension3) viewer).getQuickAssistAssistant();
        ICompletionProposal[] ps = assistant.getQuickAssistProcessor()
                .computeQuickAssistProposals(new TextInvocationContext(viewer, offset, 0));
        return ps == null ? List.of() : Arrays.asList(ps);
    }

    private static boolean offersSeparable(List<ICompletionProposal> ps) {
        return ps.stream().anyMatch(p -> p.getDisplayString().equals(SeparableGradientProposal.LABEL));
    }

    @Test
    void annotateIsACommandOfTheEditorsContextMenuAndTheMenuAppearsOnce() throws Exception {
        IProject p = Workbench.project("editor-annotate");
        ITextEditor editor = open(Workbench.file(p, "scale.c", PLAIN_C));
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        Menu menu = contextMenuAt(editor, PLAIN_C.indexOf("y[i] ="));
        List<String> labels = labels(menu);
        assertEquals(1, labels.stream().filter("Differentiate"::equals).count(), labels.toString());
        assertEquals(1, labels.stream().filter("Annotate for Differentiation"::equals).count(), labels.toString());
        assertFalse(labels.contains("Generate Partially Separable Gradient"), "scale is not partially separable");
        Workbench.click(Workbench.item(menu, "Annotate for Differentiation"));
        Workbench.hide(menu);
        assertEquals(PLAIN_C.replace("#pragma omp", "#pragma ad gradient(y : x)\n#pragma omp"), doc.get());

        // annotated now: the Differentiate menu writes the adjoint of what the editor shows
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

    @Test
    void generatePartiallySeparableGradientFromTheContextMenuOfItsFunction() throws Exception {
        IProject p = Workbench.project("editor-separable");
        IFile src = Workbench.file(p, "torsion.c", Repo.example("separable/torsion.c"));
        ITextEditor editor = open(src);
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        Menu analytic = contextMenuAt(editor, doc.get().indexOf("g[i] = 0.0;"));
        assertFalse(labels(analytic).contains("Generate Partially Separable Gradient"),
                "the hand-written gradient is not annotated: " + labels(analytic));
        Workbench.hide(analytic);

        Menu menu = contextMenuAt(editor, doc.get().indexOf("fquad = fquad +"));
        Workbench.click(Workbench.item(menu, "Generate Partially Separable Gradient"));
        Workbench.hide(menu);
        IFile out = p.getFile("torsion_ps.c");
        Workbench.waitForJobs(GenerateJob.FAMILY, 60_000);
        Workbench.waitUntil(() -> out.equals(Workbench.editorFile()), 10_000, "torsion_ps.c opened in an editor");
        assertTrue(Sources.read(out).contains("void torsion_f_grad_ps(int nx, int ny, const double *x, double *xb"),
                Sources.read(out));
        OperationHistoryFactory.getOperationHistory().undo(WorkspaceUndoUtil.getWorkspaceUndoContext(), null, null);
        Workbench.drain();
        assertFalse(out.exists(), "undo removes the gradient");
    }

    @Test
    void generatePartiallySeparableGradientWithCtrl1() throws Exception {
        IProject p = Workbench.project("assist-separable");
        IFile src = Workbench.file(p, "torsion.c", Repo.example("separable/torsion.c"));
        ITextEditor editor = open(src);
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        assertFalse(offersSeparable(quickAssist(editor, doc.get().indexOf("g[i] = 0.0;"))),
                "not offered in the hand-written gradient");
        ICompletionProposal proposal = quickAssist(editor, doc.get().indexOf("fquad = fquad +")).stream()
                .filter(x -> x.getDisplayString().equals(SeparableGradientProposal.LABEL)).findFirst()
                .orElseThrow(() -> new AssertionError("no '" + SeparableGradientProposal.LABEL + "' in the "
                        + "partially separable function"));
        String before = doc.get();
        proposal.apply(doc);
        assertEquals(before, doc.get(), "the source itself is not edited");
        IFile out = p.getFile("torsion_ps.c");
        Workbench.waitForJobs(GenerateJob.FAMILY, 60_000);
        Workbench.waitUntil(out::exists, 10_000, "torsion_ps.c");
        assertTrue(p.getFile("torsion_ps.h").exists() && p.getFile("paradjoint_ps.h").exists(),
                "the headers torsion_ps.c includes are written beside it");
    }
}
