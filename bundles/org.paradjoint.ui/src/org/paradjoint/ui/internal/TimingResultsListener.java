package org.paradjoint.ui.internal;

import java.net.URI;
import java.nio.file.Path;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.Platform;
import org.eclipse.debug.core.DebugEvent;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.IDebugEventSetListener;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.paradjoint.launch.internal.TimingAttributes;

/**
 * When a timing experiment ends with a CSV, refreshes the folder that holds it and shows it in
 * the Derivative Timing view.
 */
final class TimingResultsListener implements IDebugEventSetListener {

    private static TimingResultsListener installed;

    static synchronized void install() {
        if (installed == null) {
            installed = new TimingResultsListener();
            DebugPlugin.getDefault().addDebugEventListener(installed);
        }
    }

    @Override
    public void handleDebugEvents(DebugEvent[] events) {
        for (DebugEvent e : events) {
            if (e.getKind() == DebugEvent.TERMINATE && e.getSource() instanceof IProcess p
                    && p.getAttribute(TimingAttributes.PROCESS_CSV) != null) {
                Path csv = Path.of(p.getAttribute(TimingAttributes.PROCESS_CSV));
                refresh(csv);
                PlatformUI.getWorkbench().getDisplay().asyncExec(() -> show(csv));
            }
        }
    }

    private static void refresh(Path csv) {
        URI dir = csv.toAbsolutePath().getParent().toUri();
        for (IContainer c : ResourcesPlugin.getWorkspace().getRoot().findContainersForLocationURI(dir)) {
            try {
                c.refreshLocal(IResource.DEPTH_INFINITE, new NullProgressMonitor());
            } catch (CoreException ex) {
                Platform.getLog(TimingResultsListener.class).log(ex.getStatus());
            }
        }
    }

    static void show(Path csv) {
        IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        if (window == null && PlatformUI.getWorkbench().getWorkbenchWindowCount() > 0) {
            window = PlatformUI.getWorkbench().getWorkbenchWindows()[0];
        }
        IWorkbenchPage page = window == null ? null : window.getActivePage();
        if (page == null) {
            return;
        }
        try {
            TimingChartView view = (TimingChartView) page.showView(Ids.TIMING_VIEW, null, IWorkbenchPage.VIEW_VISIBLE);
            view.show(csv);
        } catch (PartInitException ex) {
            Platform.getLog(TimingResultsListener.class).log(ex.getStatus());
        }
    }
}
