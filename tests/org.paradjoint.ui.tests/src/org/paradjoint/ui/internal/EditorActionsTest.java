package org.paradjoint.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.core.commands.operations.OperationHistoryFactory;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
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

    @BeforeAll
    static void start() {
        Startup.install();
    }

    private static boolean offersSeparable(List<ICompletionProposal> ps) {
        return ps.stream().anyMatch(p -> p.getDisplayString().equals(SeparableGradientProposal.LABEL));
    }

    @Test
    void annotateIsACommandOfTheEditorsContextMenuAndTheMenuAppearsOnce() throws Exception {
        EditorScenarios.annotateThenDifferentiate("editor-annotate", EditorScenarios::openInGenericEditor);
    }

    @Test
    void generatePartiallySeparableGradientFromTheContextMenuOfItsFunction() throws Exception {
        IFile out = EditorScenarios.generateSeparableGradient("editor-separable", EditorScenarios::openInGenericEditor);
        Workbench.waitUntil(() -> out.equals(Workbench.editorFile()), 10_000, "torsion_ps.c opened in an editor");
        OperationHistoryFactory.getOperationHistory().undo(WorkspaceUndoUtil.getWorkspaceUndoContext(), null, null);
        Workbench.drain();
        assertFalse(out.exists(), "undo removes the gradient");
    }

    @Test
    void generatePartiallySeparableGradientWithCtrl1() throws Exception {
        IProject p = Workbench.project("assist-separable");
        IFile src = Workbench.file(p, "torsion.c", Repo.example("separable/torsion.c"));
        ITextEditor editor = EditorScenarios.openInGenericEditor(src);
        IDocument doc = EditorScenarios.document(editor);
        assertFalse(offersSeparable(EditorScenarios.quickAssist(editor, doc.get().indexOf("g[i] = 0.0;"))),
                "not offered in the hand-written gradient");
        ICompletionProposal proposal = EditorScenarios.quickAssist(editor, doc.get().indexOf("fquad = fquad +"))
                .stream().filter(x -> x.getDisplayString().equals(SeparableGradientProposal.LABEL)).findFirst()
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
