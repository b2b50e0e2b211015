package org.paradjoint.ui.internal;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.eclipse.core.expressions.PropertyTester;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.texteditor.ITextEditor;
import org.paradjoint.launch.generate.DerivativeGenerator;
import org.paradjoint.launch.generate.Generators;
import org.paradjoint.ui.edits.Annotation;
import org.paradjoint.ui.edits.MenuOffers;
import org.paradjoint.ui.edits.PragmaScan;

/**
 * {@code org.paradjoint.ui.offers} (value: a generator id) and {@code org.paradjoint.ui.annotatable}:
 * on a file, the annotations of the whole file count; on an editor's text selection, those of the
 * function around the caret. Runs on the UI thread whenever a menu opens, so it only scans text.
 */
public final class OffersTester extends PropertyTester {

    private static volatile List<String> installed;

    /** The last text scanned, and its scan: menus ask several times in a row. */
    private record Cached(String text, PragmaScan scan) {
    }

    private static volatile Cached cache;

    @Override
    public boolean test(Object receiver, String property, Object[] args, Object expectedValue) {
        Set<Annotation> kinds = kinds(receiver);
        if (kinds == null) {
            return false;
        }
        return switch (property) {
            case "offers" -> expectedValue instanceof String id && installed().contains(id)
                    && MenuOffers.offers(id, kinds);
            case "annotatable" -> MenuOffers.annotatable(kinds);
            default -> false;
        };
    }

    private static Set<Annotation> kinds(Object receiver) {
        try {
            if (receiver instanceof IFile f && Sources.isC(f) && f.exists()) {
                return scan(Sources.current(f)).all();
            }
            if (receiver instanceof ITextSelection sel) {
                IEditorPart part = Sources.activeEditor();
                if (part instanceof ITextEditor editor) {
                    IFile f = Sources.fileOf(editor.getEditorInput());
                    IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
                    if (f != null && Sources.isC(f) && doc != null) {
                        return scan(doc.get()).at(sel.getOffset());
                    }
                }
            }
        } catch (CoreException e) {
            return EnumSet.noneOf(Annotation.class);
        }
        return null;
    }

    private static PragmaScan scan(String text) {
        Cached c = cache;
        if (c != null && c.text().equals(text)) {
            return c.scan();
        }
        PragmaScan s = PragmaScan.of(text);
        cache = new Cached(text, s);
        return s;
    }

    private static List<String> installed() {
        List<String> ids = installed;
        if (ids == null) {
            ids = Generators.all().stream().map(DerivativeGenerator::id).toList();
            installed = ids;
        }
        return ids;
    }
}
