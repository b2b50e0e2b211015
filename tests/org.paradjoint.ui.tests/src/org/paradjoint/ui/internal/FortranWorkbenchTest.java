package org.paradjoint.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.core.commands.operations.OperationHistoryFactory;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.jface.text.IDocument;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.ide.undo.WorkspaceUndoUtil;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.pipeline.edits.Problem;

/** Fortran sources in the workbench: the Differentiate menus, the generated files, the validation on save. */
class FortranWorkbenchTest {

    @BeforeAll
    static void start() {
        Startup.install();
    }

    @Test
    void adjointStencilOfStencil1dF90FromTheProjectExplorer() throws Exception {
        IProject p = Workbench.project("fortran-menu");
        IFile src = Workbench.file(p, "stencil1d.f90", Repo.example("fortran/stencil1d.f90"));
        Menu sub = Workbench.differentiateMenuOf(src);
        assertTrue(Workbench.item(sub, "Adjoint").getEnabled());
        assertTrue(Workbench.item(sub, "Tangent").getEnabled());
        assertTrue(Workbench.item(sub, "Adjoint Stencil").getEnabled());
        assertFalse(Workbench.item(sub, "Partially Separable Gradient").getEnabled());
        Workbench.click(Workbench.item(sub, "Adjoint Stencil"));
        Workbench.close(sub);

        IFile out = p.getFile("stencil1d_b.f90");
        Workbench.waitForJobs(GenerateJob.FAMILY, 60_000);
        Workbench.waitUntil(() -> out.equals(Workbench.editorFile()), 10_000, "stencil1d_b.f90 opened in an editor");
        IEditorPart editor = Workbench.page().getActiveEditor();
        assertEquals(Workbench.GENERIC_EDITOR, editor.getSite().getId());
        String text = Sources.read(out);
        assertTrue(text.contains("subroutine stencil1d_b(n, r, rb, c, u, ub)"), text);
        assertTrue(text.contains("end subroutine stencil1d_b"), text);
        assertFalse(text.contains("!$omp atomic"), "an adjoint stencil is made of gathers: " + text);

        OperationHistoryFactory.getOperationHistory().undo(WorkspaceUndoUtil.getWorkspaceUndoContext(), null, null);
        Workbench.drain();
        assertFalse(out.exists(), "undo removes the generated file");
    }

    @Test
    void tangentFromTheEditorOfAnUpperCaseF90() throws Exception {
        IProject p = Workbench.project("fortran-editor");
        IFile src = Workbench.file(p, "Gather3.F90", Workbench.FORTRAN_GATHER3);
        ITextEditor editor = (ITextEditor) IDE.openEditor(Workbench.page(), src);
        IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
        Menu sub = Workbench.differentiateMenuAt(editor, doc.get().indexOf("y(i) ="));
        assertTrue(Workbench.item(sub, "Adjoint").getEnabled());
        assertFalse(Workbench.item(sub, "Adjoint Stencil").getEnabled(), "no stencil directive");
        assertFalse(Workbench.item(sub.getParentMenu(), "Annotate for Differentiation").getEnabled(),
                "already annotated");
        Workbench.click(Workbench.item(sub, "Tangent"));
        Workbench.close(sub);

        IFile out = p.getFile("Gather3_d.F90");
        Workbench.waitForJobs(GenerateJob.FAMILY, 60_000);
        Workbench.waitUntil(() -> out.equals(Workbench.editorFile()), 10_000, "the tangent opened in an editor");
        assertTrue(Sources.read(out).contains("subroutine gather3_d("), Sources.read(out));
    }

    @Test
    void validatingAFortranGatherMarksItsUnsafeIncrements() throws Exception {
        IProject p = Workbench.project("fortran-markers");
        String text = Workbench.FORTRAN_GATHER3;
        IFile src = Workbench.file(p, "gather3.f90", text);
        Workbench.waitUntil(() -> {
            try {
                return MarkersTest.markers(src, Ids.UNSAFE_INCREMENT_MARKER).length == 3;
            } catch (Exception e) {
                return false;
            }
        }, 60_000, "three unsafe-increment markers");
        IMarker first = MarkersTest.markers(src, Ids.UNSAFE_INCREMENT_MARKER)[0];
        assertEquals(IMarker.SEVERITY_WARNING, first.getAttribute(IMarker.SEVERITY, -1));
        assertEquals(text.indexOf("x(i - 1)"), first.getAttribute(IMarker.CHAR_START, -1));
        assertEquals(text.indexOf("x(i - 1)") + "x(i - 1)".length(), first.getAttribute(IMarker.CHAR_END, -1));
        assertEquals(text.substring(0, text.indexOf("x(i - 1)")).lines().count(),
                first.getAttribute(IMarker.LINE_NUMBER, -1), "the line of x(i - 1)");
        assertEquals("gather3", first.getAttribute(Problem.FUNCTION, ""));
        assertTrue(first.getAttribute(IMarker.MESSAGE, "").contains("may collide between iterations"),
                first.getAttribute(IMarker.MESSAGE, ""));
        assertTrue(IDE.getMarkerHelpRegistry().hasResolutions(first), "quick-fixes as for C");
    }
}
