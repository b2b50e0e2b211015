package org.paradjoint.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.core.commands.operations.OperationHistoryFactory;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.ide.undo.WorkspaceUndoUtil;
import org.eclipse.ui.navigator.CommonNavigator;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Repo;

/** The Differentiate menu, opened as a user opens it: right-click in the Project Explorer or an editor. */
class DifferentiateMenuTest {

    @BeforeAll
    static void start() {
        Startup.install();
    }

    private static IFile editorFile() {
        IEditorPart e = Workbench.page().getActiveEditor();
        return e == null ? null : e.getEditorInput().getAdapter(IFile.class);
    }

    @Test
    void adjointFromTheProjectExplorerWritesAndOpensTheFileUndoably() throws Exception {
        IProject p = Workbench.project("menu");
        IFile src = Workbench.file(p, "gather3.c", Repo.example("formad/gather3.c"));
        CommonNavigator nav = (CommonNavigator) Workbench.page().showView(IPageLayout.ID_PROJECT_EXPLORER);
        Workbench.page().activate(nav);
        nav.selectReveal(new StructuredSelection(src));
        Workbench.drain();
        Tree tree = nav.getCommonViewer().getTree();
        Menu menu = Workbench.show(tree.getMenu());
        Menu sub = Workbench.show(Workbench.item(menu, "Differentiate").getMenu());
        assertTrue(Workbench.item(sub, "Adjoint").getEnabled());
        assertTrue(Workbench.item(sub, "Tangent").getEnabled());
        assertFalse(Workbench.item(sub, "Adjoint Stencil").getEnabled(), "gather3.c has no stencil pragma");
        assertFalse(Workbench.item(sub, "Partially Separable Gradient").getEnabled());
        Workbench.click(Workbench.item(sub, "Adjoint"));
        Workbench.hide(sub);
        Workbench.hide(menu);

        IFile out = p.getFile("gather3_b.c");
        Workbench.waitForJobs(GenerateJob.FAMILY, 60_000);
        Workbench.waitUntil(() -> out.equals(editorFile()), 10_000, "the adjoint opened in an editor");
        String text = Sources.read(out);
        assertTrue(text.contains("void gather3_b(int n, double *y, double *yb, const double *x, double *xb)"), text);
        assertTrue(text.contains("#pragma omp atomic"), "gather3's increments collide: " + text);

        OperationHistoryFactory.getOperationHistory().undo(WorkspaceUndoUtil.getWorkspaceUndoContext(), null, null);
        Workbench.drain();
        assertFalse(out.exists(), "undo removes the generated file");
    }

    @Test
    void aKokkosFileHasTheSameMenuAndMarkers() throws Exception {
        IProject p = Workbench.project("kokkos-menu");
        IFile src = Workbench.file(p, "residual_norm.cpp", Repo.example("kokkos/residual_norm.cpp"));
        // validated like C: the stencil's four unproven increments are marked (the workbench keeps atomics)
        Workbench.waitUntil(() -> {
            try {
                return MarkersTest.markers(src, Ids.UNSAFE_INCREMENT_MARKER).length == 4;
            } catch (Exception e) {
                return false;
            }
        }, 60_000, "four unsafe-increment markers on the Kokkos stencil");
        CommonNavigator nav = (CommonNavigator) Workbench.page().showView(IPageLayout.ID_PROJECT_EXPLORER);
        Workbench.page().activate(nav);
        nav.selectReveal(new StructuredSelection(src));
        Workbench.drain();
        Menu menu = Workbench.show(nav.getCommonViewer().getTree().getMenu());
        Menu sub = Workbench.show(Workbench.item(menu, "Differentiate").getMenu());
        assertTrue(Workbench.item(sub, "Adjoint").getEnabled());
        assertFalse(Workbench.item(sub, "Partially Separable Gradient").getEnabled());
        Workbench.click(Workbench.item(sub, "Adjoint"));
        Workbench.hide(sub);
        Workbench.hide(menu);

        IFile out = p.getFile("residual_norm_b.cpp");
        Workbench.waitForJobs(GenerateJob.FAMILY, 60_000);
        Workbench.waitUntil(() -> out.equals(editorFile()), 10_000, "the adjoint opened in an editor");
        String text = Sources.read(out);
        assertTrue(text.contains("#include <Kokkos_Core.hpp>"), text);
        assertTrue(text.contains("void residual_norm_b(Kokkos::View<double*> x, Kokkos::View<double*> xb,"), text);
        assertTrue(text.contains("Kokkos::atomic_add(&xb(i - 1), (i - 1 >= 0 ? 2.0 : 1.0) * yb(i));"), text);
    }

    @Test
    void tangentFromTheEditorContextMenu() throws Exception {
        IProject p = Workbench.project("editor");
        IFile src = Workbench.file(p, "stencil1d.c", Repo.example("stencil/stencil1d.c"));
        ITextEditor editor = (ITextEditor) IDE.openEditor(Workbench.page(), src);
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        editor.selectAndReveal(doc.get().indexOf("r[i] ="), 0);
        Workbench.drain();
        StyledText text = (StyledText) editor.getAdapter(Control.class);
        Menu menu = Workbench.show(text.getMenu());
        assertFalse(Workbench.item(menu, "Annotate for Differentiation").getEnabled(), "already annotated");
        Menu sub = Workbench.show(Workbench.item(menu, "Differentiate").getMenu());
        assertTrue(Workbench.item(sub, "Adjoint").getEnabled());
        assertTrue(Workbench.item(sub, "Tangent").getEnabled());
        Workbench.click(Workbench.item(sub, "Tangent"));
        Workbench.hide(sub);
        Workbench.hide(menu);

        IFile out = p.getFile("stencil1d_d.c");
        Workbench.waitForJobs(GenerateJob.FAMILY, 60_000);
        Workbench.waitUntil(() -> out.equals(editorFile()), 10_000, "the tangent opened in an editor");
        assertTrue(Sources.read(out).contains("void stencil1d_d("));
    }

    @Test
    void annotateForDifferentiationInsertsTheInferredPragma() throws Exception {
        IProject p = Workbench.project("annotate");
        String plain = """
                void scale(int n, double *y, const double *x, double a)
                {
                    int i;
                #pragma omp parallel for private(i)
                    for (i = 0; i < n; i++)
                        y[i] = a * x[i];
                }
                """;
        IFile src = Workbench.file(p, "scale.c", plain);
        ITextEditor editor = (ITextEditor) IDE.openEditor(Workbench.page(), src);
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        editor.selectAndReveal(doc.get().indexOf("y[i] ="), 0);
        Workbench.drain();
        Menu menu = Workbench.show(((StyledText) editor.getAdapter(Control.class)).getMenu());
        Menu sub = Workbench.show(Workbench.item(menu, "Differentiate").getMenu());
        assertFalse(Workbench.item(sub, "Adjoint").getEnabled(), "nothing is annotated yet");
        Workbench.hide(sub);
        // a command of the editor's own context menu, beside the Differentiate menu
        Workbench.click(Workbench.item(menu, "Annotate for Differentiation"));
        Workbench.hide(menu);
        assertEquals(plain.replace("#pragma omp", "#pragma ad gradient(y : x)\n#pragma omp"), doc.get());
        editor.doRevertToSaved();
    }
}
