package org.paradjoint.cdt.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.cdt.core.dom.ast.IASTFileLocation;
import org.eclipse.cdt.core.dom.ast.IASTPreprocessorIncludeStatement;
import org.eclipse.cdt.core.dom.ast.IASTTranslationUnit;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.frontend.Preprocessor;

/**
 * The includes of the file and of the user's headers that were not found: a warning at the
 * directive that names the header, the folders searched and the {@code -I} option that adds one.
 * A warning, not an error: what the header declares may not be needed (a prototype of a function
 * the annotated code never calls), and what is needed is then an error where it is used (an
 * unknown type or name).
 */
final class Includes {
    private final SourceText src;
    private final Origins origins;
    private final Preprocessor preprocessor;

    Includes(SourceText src, Origins origins, Preprocessor preprocessor) {
        this.src = src;
        this.origins = origins;
        this.preprocessor = preprocessor;
    }

    void report(IASTTranslationUnit tu, Reporter reporter) {
        for (IASTPreprocessorIncludeStatement include : tu.getIncludeDirectives()) {
            if (!include.isActive() || include.isResolved()
                    || origins.of(include) == Origins.Origin.SYSTEM_HEADER) {
                continue;
            }
            String name = include.getName().toString();
            String header = include.isSystemInclude() ? "<" + name + ">" : "\"" + name + "\"";
            reporter.report(Diagnostic.warning("include-not-found", src.range(include), "header", header,
                    "searched", String.join(", ", searched(include))));
        }
    }

    /** The folders gcc (and CDT) searched: for a quoted include the including file's first. */
    private List<String> searched(IASTPreprocessorIncludeStatement include) {
        List<String> dirs = new ArrayList<>();
        IASTFileLocation loc = include.getFileLocation();
        Path folder = loc == null ? null : Path.of(loc.getFileName()).toAbsolutePath().getParent();
        if (!include.isSystemInclude() && folder != null) {
            dirs.add(folder.toString());
        }
        dirs.addAll(preprocessor.includeDirs());
        dirs.addAll(origins.systemDirs());
        return dirs;
    }
}
