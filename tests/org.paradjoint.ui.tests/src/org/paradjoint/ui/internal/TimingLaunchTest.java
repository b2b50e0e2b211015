package org.paradjoint.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Control;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.paradjoint.pipeline.timing.TimingRow;
import org.paradjoint.pipeline.timing.TimingRunner;
import org.paradjoint.launch.internal.TimingAttributes;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Repo;

/** A "Derivative timing experiment" launched like any launch configuration. */
class TimingLaunchTest {

    @BeforeAll
    static void start() {
        Startup.install();
    }

    @Test
    void stencil1dGivesOneRowPerVariantAndThreadCountAndAChart() throws Exception {
        Gcc.require();
        IProject p = Workbench.project("timing");
        Workbench.file(p, "stencil1d.c", Repo.example("stencil/stencil1d.c"));
        ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
        ILaunchConfigurationType type = manager.getLaunchConfigurationType(TimingAttributes.TYPE_ID);
        assertEquals("Derivative timing experiment", type.getName());
        ILaunchConfigurationWorkingCopy wc = type.newInstance(null, "stencil1d timing");
        wc.setAttribute(TimingAttributes.SOURCE, "${workspace_loc:/timing/stencil1d.c}");
        wc.setAttribute(TimingAttributes.KERNEL, "stencil1d");
        // the tab's default size: large enough that no measurement is called too small to time
        wc.setAttribute(TimingAttributes.SIZES, "1000000");
        wc.setAttribute(TimingAttributes.THREADS, "1, 2");
        wc.setAttribute(TimingAttributes.REPETITIONS, 3);
        ILaunch launch = wc.launch(ILaunchManager.RUN_MODE, new NullProgressMonitor());
        Workbench.waitUntil(launch::isTerminated, 180_000, "the experiment to finish");
        IProcess process = launch.getProcesses()[0];
        String console = process.getStreamsProxy().getOutputStreamMonitor().getContents();
        assertEquals(0, process.getExitValue(), console
                + process.getStreamsProxy().getErrorStreamMonitor().getContents());
        assertTrue(console.contains("OMP_WAIT_POLICY=passive OMP_NUM_THREADS=2 "), console);
        assertFalse(console.contains("too small to time"), console);

        IFile csv = p.getFile("stencil1d_timing.csv");
        Workbench.waitUntil(csv::exists, 20_000, "the CSV in the workspace");
        List<TimingRow> rows = TimingRunner.readCsv(csv.getLocation().toPath());
        Set<String> variants = rows.stream().map(TimingRow::variant).collect(Collectors.toSet());
        // stencil1d carries an `ad stencil` pragma: the adjoint-stencil generator adds its variant.
        assertEquals(Set.of("primal", "adjoint", "adjoint-atomic", "adjoint-reduction", "tangent", "adjoint-stencil"),
                variants);
        assertEquals(variants.size() * 2, rows.size());
        assertEquals(Set.of(1, 2), rows.stream().map(TimingRow::threads).collect(Collectors.toSet()));
        for (TimingRow r : rows) {
            // the chart's whiskers: a spread around every median
            assertTrue(r.minSeconds() <= r.medianSeconds() && r.medianSeconds() <= r.maxSeconds(), r.toString());
        }

        Workbench.waitUntil(() -> Workbench.page().findView(Ids.TIMING_VIEW) instanceof TimingChartView v
                && v.csv() != null, 20_000, "the chart");
        TimingChartView view = (TimingChartView) Workbench.page().findView(Ids.TIMING_VIEW);
        assertEquals(csv.getLocation().toPath(), view.csv());
        Workbench.shell().setBounds(0, 0, 1100, 620);
        // the Console shares the view stack and comes to the front on output: bring the chart back
        Workbench.page().activate(view);
        Workbench.page().setPartState(Workbench.page().getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        long until = System.currentTimeMillis() + 1500;
        Workbench.waitUntil(() -> System.currentTimeMillis() > until, 5_000, "the chart to paint");
        Workbench.page().bringToTop(view);
        Workbench.drain();
        Control area = view.chart().getParent();
        Rectangle r = area.getDisplay().map(area.getParent(), null, area.getBounds());
        Workbench.screenshot(r, Screenshots.target("timing-chart.png"));
        Workbench.page().setPartState(Workbench.page().getReference(view), IWorkbenchPage.STATE_RESTORED);
        assertTrue(Path.of(csv.getLocation().toOSString()).toFile().length() > 0);
    }
}
