package org.paradjoint.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.dialogs.MarkerResolutionSelectionDialog;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Repo;
import org.paradjoint.pipeline.edits.Problem;

/** Quick-fixes of unsafe adjoint increments, applied through the marker help registry as the IDE does. */
class QuickFixTest {

    @BeforeAll
    static void start() {
        Startup.install();
    }

    private static IMarker[] unsafe(IFile f) {
        try {
            return MarkersTest.markers(f, Ids.UNSAFE_INCREMENT_MARKER);
        } catch (Exception e) {
            return new IMarker[0];
        }
    }

    private static IMarker[] waitForUnsafe(IFile f, int count) {
        Workbench.waitUntil(() -> unsafe(f).length == count, 60_000, count + " unsafe-increment markers");
        return unsafe(f);
    }

    private static List<String> labels(IMarkerResolution[] rs) {
        return Arrays.stream(rs).map(IMarkerResolution::getLabel).toList();
    }

    private static IMarkerResolution resolution(IMarker m, String label) {
        return Arrays.stream(IDE.getMarkerHelpRegistry().getResolutions(m)).filter(r -> r.getLabel().equals(label))
                .findFirst().orElseThrow();
    }

    @Test
    void assertingDisjointIndicesRemovesTheMarker() throws Exception {
        IProject p = Workbench.project("disjoint");
        IFile src = Workbench.file(p, "gather_indirect.c", Workbench.INDIRECT_GATHER);
        IMarker marker = waitForUnsafe(src, 1)[0];
        assertEquals("xb[c[i]]", marker.getAttribute(Problem.ADJOINT, ""));
        assertTrue(IDE.getMarkerHelpRegistry().hasResolutions(marker));
        IMarkerResolution[] rs = IDE.getMarkerHelpRegistry().getResolutions(marker);
        assertEquals(List.of("Keep omp atomic", "Assert disjoint indices"), labels(rs),
                "no reduction: x is indexed through c, its length is unknown");
        screenshot(src, marker, rs);

        resolution(marker, "Assert disjoint indices").run(marker);
        Workbench.waitForJobs(ValidationJob.FAMILY, 60_000);
        Workbench.waitUntil(() -> unsafe(src).length == 0, 60_000, "the marker to disappear");
        String text = Sources.read(src);
        assertTrue(text.contains("#pragma ad disjoint(c[i])\n#pragma ad gradient(y : x)"), text);
    }

    @Test
    void keepAtomicAndReductionRecordTheDecision() throws Exception {
        IProject p = Workbench.project("decisions");
        IFile src = Workbench.file(p, "gather3.c", Repo.example("formad/gather3.c"));
        IMarker[] ms = waitForUnsafe(src, 3);
        assertEquals(List.of("Generate adjoint stencil for this loop", "Keep omp atomic", "Use a reduction clause"),
                labels(IDE.getMarkerHelpRegistry().getResolutions(ms[1])));
        resolution(ms[1], "Keep omp atomic").run(ms[1]);
        Workbench.waitUntil(() -> {
            IMarker[] now = unsafe(src);
            return now.length == 3 && "atomic".equals(now[1].getAttribute(Problem.DECISION, null));
        }, 60_000, "the kept increment to become information");
        IMarker kept = unsafe(src)[1];
        assertEquals(IMarker.SEVERITY_INFO, kept.getAttribute(IMarker.SEVERITY, -1));
        assertTrue(!IDE.getMarkerHelpRegistry().hasResolutions(kept));

        IMarker open = unsafe(src)[0];
        resolution(open, "Use a reduction clause").run(open);
        Workbench.waitUntil(() -> Arrays.stream(unsafe(src)).filter(m -> "reduction".equals(
                m.getAttribute(Problem.DECISION, null))).count() == 2, 60_000, "reduction decisions");
        assertEquals(org.paradjoint.core.transform.RaceStrategy.REDUCTION, FileDecisions.strategy(src));
    }

    /** Opens the groups of the Problems view as a user would (its viewer creates children on SWT.Expand). */
    private static void expandAll(Control control) {
        if (control instanceof Tree tree) {
            for (TreeItem item : tree.getItems()) {
                Event e = new Event();
                e.item = item;
                tree.notifyListeners(SWT.Expand, e);
                item.setExpanded(true);
            }
            Workbench.drain();
        } else if (control instanceof Composite c) {
            for (Control child : c.getChildren()) {
                expandAll(child);
            }
        }
    }

    /** The editor with the warning, the Problems view, and the list of quick-fixes. */
    private static void screenshot(IFile src, IMarker marker, IMarkerResolution[] rs) throws Exception {
        for (IProject other : src.getWorkspace().getRoot().getProjects()) {
            if (!other.equals(src.getProject())) {
                other.close(null);
            }
        }
        Workbench.shell().setBounds(0, 0, 1100, 720);
        Workbench.display().setCursorLocation(1279, 1023);
        Workbench.page().showView(IPageLayout.ID_PROBLEM_VIEW);
        ITextEditor editor = (ITextEditor) IDE.openEditor(Workbench.page(), marker);
        editor.setFocus();
        long until = System.currentTimeMillis() + 2500;
        Workbench.waitUntil(() -> System.currentTimeMillis() > until, 10_000, "the Problems view to fill");
        expandAll(Workbench.shell());
        MarkerResolutionSelectionDialog dialog = new MarkerResolutionSelectionDialog(Workbench.shell(), rs);
        dialog.setTitle("Quick Fix: " + marker.getAttribute(IMarker.MESSAGE, ""));
        dialog.setBlockOnOpen(false);
        dialog.open();
        try {
            Rectangle editorArea = Workbench.shell().getBounds();
            dialog.getShell().setLocation(editorArea.x + 560, editorArea.y + 120);
            long shown = System.currentTimeMillis() + 700;
            Workbench.waitUntil(() -> System.currentTimeMillis() > shown, 5_000, "the dialog");
            Workbench.screenshot(Workbench.shell().getBounds(), Screenshots.target("quick-fixes.png"));
        } finally {
            dialog.close();
        }
    }
}
