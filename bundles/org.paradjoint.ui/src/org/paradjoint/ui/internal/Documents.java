package org.paradjoint.ui.internal;

import java.util.Comparator;
import java.util.List;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.filebuffers.ITextFileBufferManager;
import org.eclipse.core.filebuffers.LocationKind;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.paradjoint.pipeline.edits.SourceEdit;

/**
 * Applies headless {@link SourceEdit}s to a file through its shared document (so an open editor
 * shows them and can undo them) and saves it, which triggers validation. UI thread only.
 */
final class Documents {

    private Documents() {
    }

    static void applyAndSave(IFile file, List<SourceEdit> edits) throws CoreException {
        ITextFileBufferManager manager = FileBuffers.getTextFileBufferManager();
        IPath path = file.getFullPath();
        NullProgressMonitor monitor = new NullProgressMonitor();
        manager.connect(path, LocationKind.IFILE, monitor);
        try {
            ITextFileBuffer buffer = manager.getTextFileBuffer(path, LocationKind.IFILE);
            IDocument doc = buffer.getDocument();
            for (SourceEdit e : edits.stream().sorted(Comparator.comparingInt(SourceEdit::offset).reversed()).toList()) {
                doc.replace(e.offset(), e.length(), e.text());
            }
            buffer.commit(monitor, true);
        } catch (BadLocationException e) {
            throw new CoreException(Status.error("the file changed since it was validated; validate it again", e));
        } finally {
            manager.disconnect(path, LocationKind.IFILE, monitor);
        }
    }
}
