package org.paradjoint.ui.internal;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.swt.graphics.Image;
import org.eclipse.ui.IMarkerResolution2;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;

/**
 * A quick-fix of an unsafe increment: applies itself to the marker's file, then validates again.
 * Subclasses give their label and description (HTML) and what they change.
 */
abstract class IncrementFix implements IMarkerResolution2 {

    private final String label;
    private final String description;

    IncrementFix(String label, String description) {
        this.label = label;
        this.description = description;
    }

    @Override
    public final String getLabel() {
        return label;
    }

    @Override
    public final String getDescription() {
        return description;
    }

    @Override
    public final void run(IMarker marker) {
        if (!(marker.getResource() instanceof IFile file)) {
            return;
        }
        try {
            apply(file);
        } catch (CoreException e) {
            ErrorDialog.openError(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), getLabel(),
                    "The quick-fix could not be applied.", e.getStatus());
        }
    }

    /** Changes the file or the decisions about it; the file is validated again afterwards. */
    protected abstract void apply(IFile file) throws CoreException;

    @Override
    public Image getImage() {
        return PlatformUI.getWorkbench().getSharedImages().getImage(ISharedImages.IMG_OBJS_INFO_TSK);
    }
}
