package org.paradjoint.ui.internal;

import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IWorkspaceRunnable;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.paradjoint.pipeline.edits.FileValidation;
import org.paradjoint.pipeline.edits.PragmaScan;
import org.paradjoint.pipeline.edits.Problem;

/**
 * Validates one saved C or Fortran file: files without {@code ad} annotations lose their markers; the
 * others get the markers of {@link FileValidation} (front-end and transformation diagnostics,
 * unsafe adjoint increments).
 */
final class ValidationJob extends Job {

    /** Family of these jobs, for tests. */
    static final Object FAMILY = ValidationJob.class;

    private final IFile file;

    ValidationJob(IFile file) {
        super("Paradjoint validation of " + file.getName());
        this.file = file;
        setSystem(true);
        setRule(file);
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == FAMILY;
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        if (!file.exists()) {
            return Status.OK_STATUS;
        }
        try {
            String text = Sources.read(file);
            List<Problem> problems = PragmaScan.mentionsAd(Sources.dialect(file), text)
                    ? FileValidation.validate(file.getName(), text, FileDecisions.settingsFor(file),
                            FileDecisions.of(file))
                    : List.of();
            if (monitor.isCanceled()) {
                return Status.CANCEL_STATUS;
            }
            IWorkspaceRunnable update = m -> Markers.replace(file, problems);
            ResourcesPlugin.getWorkspace().run(update, file, 0, monitor);
            return Status.OK_STATUS;
        } catch (CoreException e) {
            return e.getStatus();
        }
    }

    @Override
    public boolean shouldSchedule() {
        // a newer save replaces a waiting validation of the same file
        for (Job j : Job.getJobManager().find(FAMILY)) {
            if (j != this && j instanceof ValidationJob v && v.file.equals(file) && j.getState() == Job.WAITING) {
                j.cancel();
            }
        }
        return true;
    }
}
