package org.paradjoint.ui.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.core.commands.operations.OperationHistoryFactory;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.jface.text.IDocument;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.ide.undo.WorkspaceUndoUtil;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Repo;

/** Differentiate > Partially Separable Gradient: enabled where a function carries the annotation. */
class SeparableMenuTest {

    @BeforeAll
    static void start() {
        Startup.install();
    }

    @Test
    void enabledForTorsionInTheProjectExplorer() throws Exception {
        IProject p = Workbench.project("separable-menu");
        IFile src = Workbench.file(p, "torsion.c", Repo.example("separable/torsion.c"));
        Menu sub = Workbench.differentiateMenuOf(src);
        assertTrue(Workbench.item(sub, "Partially Separable Gradient").getEnabled());
        assertFalse(Workbench.item(sub, "Adjoint").getEnabled(), "torsion.c has no gradient annotation");
        assertFalse(Workbench.item(sub, "Tangent").getEnabled());
        Workbench.close(sub);
    }

    @Test
    void inTheEditorOnlyInTheAnnotatedFunctionAndItWritesTheGradientWithItsHeaders() throws Exception {
        IProject p = Workbench.project("separable-editor");
        IFile src = Workbench.file(p, "torsion.c", Repo.example("separable/torsion.c"));
        ITextEditor editor = (ITextEditor) IDE.openEditor(Workbench.page(), src);
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        Menu analytic = Workbench.differentiateMenuAt(editor, doc.get().indexOf("g[i] = 0.0;"));
        assertFalse(Workbench.item(analytic, "Partially Separable Gradient").getEnabled(),
                "the hand-written gradient carries no annotation");
        Workbench.close(analytic);
        Menu sub = Workbench.differentiateMenuAt(editor, doc.get().indexOf("fquad = fquad +"));
        assertTrue(Workbench.item(sub, "Partially Separable Gradient").getEnabled());
        Workbench.click(Workbench.item(sub, "Partially Separable Gradient"));
        Workbench.close(sub);

        IFile out = p.getFile("torsion_ps.c");
        Workbench.waitForJobs(GenerateJob.FAMILY, 60_000);
        Workbench.waitUntil(() -> out.equals(Workbench.editorFile()), 10_000, "torsion_ps.c opened in an editor");
        assertTrue(Sources.read(out).contains("void torsion_f_grad_ps(int nx, int ny, const double *x, double *xb"),
                Sources.read(out));
        assertTrue(p.getFile("torsion_ps.h").exists() && p.getFile("paradjoint_ps.h").exists(),
                "the headers torsion_ps.c includes are written beside it");

        OperationHistoryFactory.getOperationHistory().undo(WorkspaceUndoUtil.getWorkspaceUndoContext(), null, null);
        Workbench.drain();
        assertFalse(out.exists() || p.getFile("torsion_ps.h").exists() || p.getFile("paradjoint_ps.h").exists(),
                "undo removes the three files");
    }
}
