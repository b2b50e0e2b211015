package org.paradjoint.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.jface.text.IDocument;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Repo;

/**
 * The contributions to CDT's C/C++ editor menu ({@code popup:#CEditorContext}), exercised in
 * {@link CEditorStandIn}, a text editor whose context menu has CDT's id. Only those contributions
 * reach that menu (a text editor registers its menu under its one id), so these tests fail if
 * they go missing even while the {@code #TextEditorContext} ones ({@link EditorActionsTest}) stay.
 */
class CEditorContextMenuTest {

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

    private static CEditorStandIn open(IFile file) throws Exception {
        CEditorStandIn editor = (CEditorStandIn) IDE.openEditor(Workbench.page(), file, CEditorStandIn.ID);
        assertEquals(CEditorStandIn.CONTEXT_MENU_ID, editor.contextMenuId());
        return editor;
    }

    private static IDocument document(CEditorStandIn editor) {
        return editor.getDocumentProvider().getDocument(editor.getEditorInput());
    }

    /** The editor's context menu with the caret at {@code offset}. */
    private static Menu contextMenuAt(CEditorStandIn editor, int offset) {
        editor.selectAndReveal(offset, 0);
        Workbench.drain();
        return Workbench.show(((StyledText) editor.getAdapter(Control.class)).getMenu());
    }

    private static List<String> labels(Menu menu) {
        return Arrays.stream(menu.getItems()).map(Workbench::label).toList();
    }

    @Test
    void annotateThenDifferentiateFromTheCEditorMenu() throws Exception {
        IProject p = Workbench.project("c-editor-annotate");
        CEditorStandIn editor = open(Workbench.file(p, "scale.c", PLAIN_C));
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

    @Test
    void tangentFromTheDifferentiateMenuOfTheCEditor() throws Exception {
        IProject p = Workbench.project("c-editor-tangent");
        CEditorStandIn editor = open(Workbench.file(p, "stencil1d.c", Repo.example("stencil/stencil1d.c")));
        Menu menu = contextMenuAt(editor, document(editor).get().indexOf("r[i] ="));
        Menu sub = Workbench.show(Workbench.item(menu, "Differentiate").getMenu());
        assertTrue(Workbench.item(sub, "Tangent").getEnabled());
        Workbench.click(Workbench.item(sub, "Tangent"));
        Workbench.close(sub);
        IFile out = p.getFile("stencil1d_d.c");
        Workbench.waitForJobs(GenerateJob.FAMILY, 60_000);
        Workbench.waitUntil(out::exists, 10_000, "stencil1d_d.c");
        assertTrue(Sources.read(out).contains("void stencil1d_d("), Sources.read(out));
    }

    @Test
    void generatePartiallySeparableGradientFromTheCEditorMenu() throws Exception {
        IProject p = Workbench.project("c-editor-separable");
        CEditorStandIn editor = open(Workbench.file(p, "torsion.c", Repo.example("separable/torsion.c")));
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
        assertTrue(p.getFile("torsion_ps.h").exists() && p.getFile("paradjoint_ps.h").exists(),
                "the headers torsion_ps.c includes are written beside it");
    }
}
