package org.paradjoint.ui.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.paradjoint.core.diag.Severity;
import org.paradjoint.pipeline.edits.Problem;

/** Replaces the Paradjoint markers of a file by markers for new problems. */
final class Markers {

    private Markers() {
    }

    static void replace(IFile file, List<Problem> problems) throws CoreException {
        file.deleteMarkers(Ids.PROBLEM_MARKER, true, IResource.DEPTH_ZERO);
        for (Problem p : problems) {
            Map<String, Object> attrs = new HashMap<>(p.attributes());
            attrs.put(IMarker.MESSAGE, p.message());
            attrs.put(IMarker.SEVERITY, severity(p.severity()));
            attrs.put(IMarker.LINE_NUMBER, p.line());
            attrs.put(IMarker.LOCATION, "line " + p.line());
            attrs.put(IMarker.CHAR_START, p.offset());
            attrs.put(IMarker.CHAR_END, p.offset() + p.length());
            attrs.put(IMarker.SOURCE_ID, "Paradjoint");
            // created with its attributes in one step: readers never see a marker without them
            file.createMarker(p.isUnsafeIncrement() ? Ids.UNSAFE_INCREMENT_MARKER : Ids.PROBLEM_MARKER, attrs);
        }
    }

    static void clear(IFile file) throws CoreException {
        file.deleteMarkers(Ids.PROBLEM_MARKER, true, IResource.DEPTH_ZERO);
    }

    private static int severity(Severity s) {
        return switch (s) {
            case ERROR -> IMarker.SEVERITY_ERROR;
            case WARNING -> IMarker.SEVERITY_WARNING;
            case INFO -> IMarker.SEVERITY_INFO;
        };
    }
}
