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
import org.paradjoint.pipeline.Languages;
import org.paradjoint.core.ir.TranslationUnit.Language;
import org.paradjoint.pipeline.DerivativeGenerator;
import org.paradjoint.pipeline.Generators;
import org.paradjoint.pipeline.edits.Annotation;
import org.paradjoint.pipeline.edits.Dialect;
import org.paradjoint.pipeline.edits.MenuOffers;
import org.paradjoint.pipeline.edits.PragmaScan;

/**
 * {@code org.paradjoint.ui.offers} (value: a generator id) and {@code org.paradjoint.ui.annotatable}:
 * on a file, the annotations of the whole file count; on an editor's text selection, those of the
 * function around the caret. A generator is offered only for the languages it supports.
 * {@code org.paradjoint.ui.source}: a file of a language of the pipeline's registry (where the
 * editors' context menus show Paradjoint's entries). Runs on the UI thread whenever a menu opens,
 * so it only scans text.
 */
public final class OffersTester extends PropertyTester {

    private static volatile List<DerivativeGenerator> installed;

    /** The last text scanned, and its scan: menus ask several times in a row. */
    private record Cached(Dialect dialect, String text, PragmaScan scan) {
    }

    /** What is in scope: the annotations, and the language they are written in. */
    private record Scope(Dialect dialect, Set<Annotation> kinds) {
    }

    private static volatile Cached cache;

    @Override
    public boolean test(Object receiver, String property, Object[] args, Object expectedValue) {
        if (property.equals("source")) {
            return receiver instanceof IFile f && Sources.isSource(f);
        }
        Scope scope = scope(receiver);
        if (scope == null) {
            return false;
        }
        return switch (property) {
            case "offers" -> expectedValue instanceof String id && offered(id, scope.dialect())
                    && MenuOffers.offers(id, scope.kinds());
            case "annotatable" -> MenuOffers.annotatable(scope.kinds());
            default -> false;
        };
    }

    private static Scope scope(Object receiver) {
        try {
            if (receiver instanceof IFile f && Sources.isSource(f) && f.exists()) {
                Dialect d = Sources.dialect(f);
                return new Scope(d, scan(d, Sources.current(f)).all());
            }
            if (receiver instanceof ITextSelection sel) {
                IEditorPart part = Sources.activeEditor();
                if (part instanceof ITextEditor editor) {
                    IFile f = Sources.fileOf(editor.getEditorInput());
                    IDocument doc = editor.getDocumentProvider().getDocument(editor.getEditorInput());
                    if (f != null && Sources.isSource(f) && doc != null) {
                        Dialect d = Sources.dialect(f);
                        return new Scope(d, scan(d, doc.get()).at(sel.getOffset()));
                    }
                }
            }
        } catch (CoreException e) {
            return new Scope(Languages.dialect(Language.C), EnumSet.noneOf(Annotation.class));
        }
        return null;
    }

    private static PragmaScan scan(Dialect dialect, String text) {
        Cached c = cache;
        if (c != null && c.dialect() == dialect && c.text().equals(text)) {
            return c.scan();
        }
        PragmaScan s = PragmaScan.of(dialect, text);
        cache = new Cached(dialect, text, s);
        return s;
    }

    /** True when the generator is installed and writes code for this language. */
    private static boolean offered(String id, Dialect dialect) {
        return installed().stream().anyMatch(g -> g.id().equals(id) && g.supports(dialect.language()));
    }

    private static List<DerivativeGenerator> installed() {
        List<DerivativeGenerator> gs = installed;
        if (gs == null) {
            gs = Generators.all();
            installed = gs;
        }
        return gs;
    }
}
