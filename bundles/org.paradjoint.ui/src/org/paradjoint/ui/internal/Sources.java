package org.paradjoint.ui.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.util.Optional;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.filebuffers.LocationKind;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.texteditor.ITextEditor;
import org.paradjoint.pipeline.Languages;
import org.paradjoint.pipeline.edits.Dialect;

/** Finding the source file (C or Fortran) a command is about, and its text as the user sees it. */
final class Sources {

    /** A file, with the caret offset when the command came from an editor (else -1). */
    record Target(IFile file, int caret, ITextEditor editor) {
    }

    private Sources() {
    }

    /** The source file of the selection (Project Explorer) or of the active editor (text selection). */
    static Optional<Target> target(ISelection selection, IEditorPart activeEditor) {
        if (selection instanceof IStructuredSelection s && s.size() == 1) {
            IFile f = adapt(s.getFirstElement());
            return f != null && isSource(f) ? Optional.of(new Target(f, -1, null)) : Optional.empty();
        }
        if (selection instanceof ITextSelection t && activeEditor instanceof ITextEditor editor) {
            IFile f = fileOf(editor.getEditorInput());
            return f != null && isSource(f) ? Optional.of(new Target(f, t.getOffset(), editor)) : Optional.empty();
        }
        return Optional.empty();
    }

    static IEditorPart activeEditor() {
        var window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        return window == null || window.getActivePage() == null ? null : window.getActivePage().getActiveEditor();
    }

    static IFile fileOf(IEditorInput input) {
        return input == null ? null : input.getAdapter(IFile.class);
    }

    /** A source of a registered language (C, Fortran, Kokkos C++), as the command line takes it. */
    static boolean isSource(IFile f) {
        return Languages.isSource(f.getName());
    }

    static Dialect dialect(IFile f) {
        return Languages.dialect(f.getName());
    }

    private static IFile adapt(Object o) {
        if (o instanceof IFile f) {
            return f;
        }
        return o instanceof org.eclipse.core.runtime.IAdaptable a ? a.getAdapter(IFile.class) : null;
    }

    /** The saved contents of a file. */
    static String read(IFile f) throws CoreException {
        try (InputStream in = f.getContents(true)) {
            return new String(in.readAllBytes(), Charset.forName(f.getCharset()));
        } catch (IOException e) {
            throw new CoreException(Status.error("cannot read " + f.getFullPath() + ": " + e.getMessage(), e));
        }
    }

    /** What the user sees: the document of an open editor when there is one, else the saved contents. */
    static String current(IFile f) throws CoreException {
        ITextFileBuffer buffer = FileBuffers.getTextFileBufferManager().getTextFileBuffer(f.getFullPath(),
                LocationKind.IFILE);
        if (buffer != null) {
            IDocument doc = buffer.getDocument();
            return doc.get();
        }
        return read(f);
    }
}
