package org.paradjoint.ui.internal;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.navigator.CommonNavigator;
import org.eclipse.ui.texteditor.ITextEditor;
import org.paradjoint.testsupport.Repo;

/** Workspace and workbench chores of the UI tests (which run on the UI thread). */
final class Workbench {

    /** A gather through an index array: unsafe until {@code c[i]} is asserted disjoint. */
    static final String INDIRECT_GATHER = """
            /* y gathers x through the index array c. */
            void gather_indirect(int n, double *y, const double *x, const int *c)
            {
                int i;
            #pragma ad gradient(y : x)
            #pragma omp parallel for private(i)
                for (i = 0; i < n; i++)
                    y[i] = 2.0 * x[c[i]];
            }
            """;

    /** A three-point gather in Fortran ({@code examples/fortran/gather3.f90}): its adjoint increments collide. */
    static final String FORTRAN_GATHER3 = Repo.example("fortran/gather3.f90");

    /** The editor the workbench opens for C and Fortran sources where CDT's UI is not installed. */
    static final String GENERIC_EDITOR = "org.eclipse.ui.genericeditor.GenericEditor";

    private Workbench() {
    }

    /** The file of the active editor, or null. */
    static IFile editorFile() {
        IEditorPart e = page().getActiveEditor();
        return e == null ? null : e.getEditorInput().getAdapter(IFile.class);
    }

    /** Opens the context menu of the Project Explorer on {@code file} and returns its Differentiate submenu. */
    static Menu differentiateMenuOf(IFile file) throws PartInitException {
        CommonNavigator nav = (CommonNavigator) page().showView(IPageLayout.ID_PROJECT_EXPLORER);
        page().activate(nav);
        nav.selectReveal(new StructuredSelection(file));
        drain();
        Menu menu = show(nav.getCommonViewer().getTree().getMenu());
        return show(item(menu, "Differentiate").getMenu());
    }

    /** Puts the caret at {@code offset}, opens the editor's context menu and returns its Differentiate submenu. */
    static Menu differentiateMenuAt(ITextEditor editor, int offset) {
        editor.selectAndReveal(offset, 0);
        drain();
        Menu menu = show(((StyledText) editor.getAdapter(Control.class)).getMenu());
        return show(item(menu, "Differentiate").getMenu());
    }

    /** Hides a submenu and the context menu it belongs to. */
    static void close(Menu sub) {
        Menu parent = sub.getParentMenu();
        hide(sub);
        if (parent != null) {
            hide(parent);
        }
    }

    static Display display() {
        return PlatformUI.getWorkbench().getDisplay();
    }

    static IWorkbenchPage page() {
        return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
    }

    /** A fresh open project. */
    static IProject project(String name) throws CoreException {
        IProject p = ResourcesPlugin.getWorkspace().getRoot().getProject(name);
        if (p.exists()) {
            p.delete(true, true, new NullProgressMonitor());
        }
        p.create(new NullProgressMonitor());
        p.open(new NullProgressMonitor());
        return p;
    }

    static IFile file(IProject project, String name, String text) throws CoreException {
        IFile f = project.getFile(name);
        f.create(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), IResource.FORCE,
                new NullProgressMonitor());
        return f;
    }

    /** Runs the event loop until {@code condition} holds (jobs post to the UI thread). */
    static void waitUntil(BooleanSupplier condition, long timeoutMillis, String what) {
        long end = System.currentTimeMillis() + timeoutMillis;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                fail("timed out waiting for " + what);
            }
            if (!display().readAndDispatch()) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    fail("interrupted");
                }
            }
        }
    }

    /** Waits until no job of {@code family} is waiting or running, then drains the event queue. */
    static void waitForJobs(Object family, long timeoutMillis) {
        waitUntil(() -> Job.getJobManager().find(family).length == 0, timeoutMillis, "jobs of " + family);
        drain();
    }

    static void drain() {
        while (display().readAndDispatch()) {
            // run what the jobs posted
        }
    }

    /** Opens a context menu as a user would (SWT.Show), and returns it. */
    static Menu show(Menu menu) {
        menu.notifyListeners(SWT.Show, new Event());
        drain();
        return menu;
    }

    static void hide(Menu menu) {
        menu.notifyListeners(SWT.Hide, new Event());
        drain();
    }

    static MenuItem item(Menu menu, String label) {
        return Arrays.stream(menu.getItems()).filter(i -> label(i).equals(label)).findFirst()
                .orElseGet(() -> fail("no menu item '" + label + "' in " + Arrays.stream(menu.getItems())
                        .map(Workbench::label).toList()));
    }

    /** The item's text without mnemonic and accelerator. */
    static String label(MenuItem i) {
        String t = i.getText().replace("&", "");
        int tab = t.indexOf('\t');
        return (tab < 0 ? t : t.substring(0, tab)).strip();
    }

    static void click(MenuItem item) {
        item.notifyListeners(SWT.Selection, new Event());
        drain();
    }

    /** Saves what the display shows inside {@code bounds} (display coordinates) as a PNG. */
    static void screenshot(Rectangle bounds, Path file) throws IOException {
        drain();
        Display d = display();
        Image image = new Image(d, bounds.width, bounds.height);
        GC gc = new GC(d);
        try {
            gc.copyArea(image, bounds.x, bounds.y);
        } finally {
            gc.dispose();
        }
        try {
            ImageData data = image.getImageData();
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] {data};
            Files.createDirectories(file.getParent());
            loader.save(file.toString(), SWT.IMAGE_PNG);
        } finally {
            image.dispose();
        }
    }

    static Shell shell() {
        return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
    }
}
