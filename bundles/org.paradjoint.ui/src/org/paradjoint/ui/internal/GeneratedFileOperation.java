package org.paradjoint.ui.internal;

import java.io.ByteArrayInputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
 * Writes generated files (the derivative file, and the headers it includes where it has any),
 * undoably: undo restores each file's previous contents, or deletes it when it did not exist.
 * Registered with the workspace undo context, so Edit > Undo in the Project Explorer takes a
 * regeneration back.
 */
final class GeneratedFileOperation extends AbstractOperation {

    /** One file and what it held before (null: it did not exist). */
    private static final class Written {
        final IFile file;
        final String text;
        String previous;

        Written(IFile file, String text) {
            this.file = file;
            this.text = text;
        }
    }

    private final List<Written> files = new ArrayList<>();

    /** {@code contents}: file to text, the main generated file first. */
    GeneratedFileOperation(Map<IFile, String> contents) {
        super("Generate " + contents.keySet().iterator().next().getName());
        contents.forEach((f, t) -> files.add(new Written(f, t)));
    }

    @Override
    public IStatus execute(IProgressMonitor monitor, IAdaptable info) throws ExecutionException {
        try {
            for (Written w : files) {
                w.previous = w.file.exists() ? Sources.read(w.file) : null;
            }
            for (Written w : files) {
                write(w.file, w.text, monitor);
            }
            return Status.OK_STATUS;
        } catch (CoreException e) {
            throw new ExecutionException(e.getMessage(), e);
        }
    }

    @Override
    public IStatus redo(IProgressMonitor monitor, IAdaptable info) throws ExecutionException {
        return execute(monitor, info);
    }

    @Override
    public IStatus undo(IProgressMonitor monitor, IAdaptable info) throws ExecutionException {
        try {
            for (Written w : files) {
                if (w.previous != null) {
                    write(w.file, w.previous, monitor);
                } else if (w.file.exists()) {
                    w.file.delete(IResource.FORCE | IResource.KEEP_HISTORY, monitor);
                }
            }
            return Status.OK_STATUS;
        } catch (CoreException e) {
            throw new ExecutionException(e.getMessage(), e);
        }
    }

    private static void write(IFile file, String contents, IProgressMonitor monitor) throws CoreException {
        Charset cs = file.exists() ? Charset.forName(file.getCharset()) : StandardCharsets.UTF_8;
        ByteArrayInputStream in = new ByteArrayInputStream(contents.getBytes(cs));
        if (file.exists()) {
            file.setContents(in, IResource.FORCE | IResource.KEEP_HISTORY, monitor);
        } else {
            file.create(in, IResource.FORCE, monitor);
        }
    }
}
