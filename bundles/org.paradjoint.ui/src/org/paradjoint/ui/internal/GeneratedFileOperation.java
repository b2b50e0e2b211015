package org.paradjoint.ui.internal;

import java.io.ByteArrayInputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.commands.operations.AbstractOperation;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;

/**
 * Writes a generated file, undoably: undo restores the previous contents, or deletes the file
 * when it did not exist. Registered with the workspace undo context, so Edit > Undo in the
 * Project Explorer takes a regeneration back.
 */
final class GeneratedFileOperation extends AbstractOperation {

    private final IFile file;
    private final String text;
    private boolean existed;
    private String previous;

    GeneratedFileOperation(IFile file, String text) {
        super("Generate " + file.getName());
        this.file = file;
        this.text = text;
    }

    @Override
    public IStatus execute(IProgressMonitor monitor, IAdaptable info) throws ExecutionException {
        try {
            existed = file.exists();
            previous = existed ? Sources.read(file) : null;
            write(text, monitor);
            return Status.OK_STATUS;
        } catch (CoreException e) {
            throw new ExecutionException(e.getMessage(), e);
        }
    }

    @Override
    public IStatus redo(IProgressMonitor monitor, IAdaptable info) throws ExecutionException {
        try {
            write(text, monitor);
            return Status.OK_STATUS;
        } catch (CoreException e) {
            throw new ExecutionException(e.getMessage(), e);
        }
    }

    @Override
    public IStatus undo(IProgressMonitor monitor, IAdaptable info) throws ExecutionException {
        try {
            if (existed) {
                write(previous, monitor);
            } else if (file.exists()) {
                file.delete(IResource.FORCE | IResource.KEEP_HISTORY, monitor);
            }
            return Status.OK_STATUS;
        } catch (CoreException e) {
            throw new ExecutionException(e.getMessage(), e);
        }
    }

    private void write(String contents, IProgressMonitor monitor) throws CoreException {
        Charset cs = file.exists() ? Charset.forName(file.getCharset()) : StandardCharsets.UTF_8;
        ByteArrayInputStream in = new ByteArrayInputStream(contents.getBytes(cs));
        if (file.exists()) {
            file.setContents(in, IResource.FORCE | IResource.KEEP_HISTORY, monitor);
        } else {
            file.create(in, IResource.FORCE, monitor);
        }
    }
}
