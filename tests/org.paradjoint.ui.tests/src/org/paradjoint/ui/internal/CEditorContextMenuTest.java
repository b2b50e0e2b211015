package org.paradjoint.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Repo;

/**
 * The contributions to CDT's C/C++ editor menu ({@code popup:#CEditorContext}), exercised in
 * {@link CEditorStandIn}, a text editor whose context menu has CDT's id. Only those contributions
 * reach that menu (a text editor registers its menu under its one id), so these tests fail if
 * they go missing even while the {@code #TextEditorContext} ones ({@link EditorActionsTest}) stay.
 * The scenarios are those of the generic editor ({@link EditorScenarios}).
 */
class CEditorContextMenuTest {

    @BeforeAll
    static void start() {
        Startup.install();
    }

    private static ITextEditor open(IFile file) throws Exception {
        CEditorStandIn editor = (CEditorStandIn) IDE.openEditor(Workbench.page(), file, CEditorStandIn.ID);
        assertEquals(CEditorStandIn.CONTEXT_MENU_ID, editor.contextMenuId());
        return editor;
    }

    @Test
    void annotateThenDifferentiateFromTheCEditorMenu() throws Exception {
        EditorScenarios.annotateThenDifferentiate("c-editor-annotate", CEditorContextMenuTest::open);
    }

    @Test
    void tangentFromTheDifferentiateMenuOfTheCEditor() throws Exception {
        IProject p = Workbench.project("c-editor-tangent");
        ITextEditor editor = open(Workbench.file(p, "stencil1d.c", Repo.example("stencil/stencil1d.c")));
        Menu menu = EditorScenarios.contextMenuAt(editor, EditorScenarios.document(editor).get().indexOf("r[i] ="));
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
        IFile out = EditorScenarios.generateSeparableGradient("c-editor-separable", CEditorContextMenuTest::open);
        IProject p = out.getProject();
        assertTrue(p.getFile("torsion_ps.h").exists() && p.getFile("paradjoint_ps.h").exists(),
                "the headers torsion_ps.c includes are written beside it");
    }
}
