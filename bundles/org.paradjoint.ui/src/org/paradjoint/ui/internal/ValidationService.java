package org.paradjoint.ui.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Platform;

/**
 * Validates annotated sources when they are saved (or otherwise change on disk): a resource
 * change listener that schedules a {@link ValidationJob} per changed C ({@code .c}, {@code .h})
 * or Fortran ({@code .f90}, {@code .F90}, ...) file.
 */
final class ValidationService implements IResourceChangeListener {

    private static ValidationService installed;

    private ValidationService() {
    }

    /** Installs the listener once; later calls do nothing. */
    static synchronized void install() {
        if (installed == null) {
            installed = new ValidationService();
            ResourcesPlugin.getWorkspace().addResourceChangeListener(installed, IResourceChangeEvent.POST_CHANGE);
        }
    }

    static void scheduleValidation(IFile file) {
        new ValidationJob(file).schedule();
    }

    @Override
    public void resourceChanged(IResourceChangeEvent event) {
        IResourceDelta delta = event.getDelta();
        if (delta == null) {
            return;
        }
        List<IFile> changed = new ArrayList<>();
        try {
            delta.accept(d -> {
                if (d.getResource() instanceof IFile f && Sources.isSource(f) && f.exists()
                        && (d.getKind() == IResourceDelta.ADDED
                                || (d.getFlags() & (IResourceDelta.CONTENT | IResourceDelta.REPLACED)) != 0)) {
                    changed.add(f);
                }
                return d.getResource().getType() != IResource.FILE;
            });
        } catch (CoreException e) {
            Platform.getLog(ValidationService.class).log(e.getStatus());
        }
        changed.forEach(ValidationService::scheduleValidation);
    }
}
