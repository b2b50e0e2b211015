package org.paradjoint.core.frontend;

import java.util.Set;

/**
 * A language front-end: source text in, IR and diagnostics out. Front-ends never decide anything
 * about differentiation; they map what is written and report what they cannot map.
 */
public interface FrontEnd {

    /** True when this front-end reads files with this name (by extension). */
    boolean accepts(String fileName);

    /** Maps every function of the file, and reports every construct it cannot map. */
    ParseResult parse(String fileName, String text);

    /**
     * What differentiating the file needs: like {@link #parse}, but a front-end may leave out the
     * functions that no differentiation can reach. It must map the annotated functions, those in
     * {@code named} (e.g. {@code --function}), and every function of the file they call,
     * transitively; it must still report the syntax errors of the whole file, and list every
     * definition in {@link org.paradjoint.core.ir.TranslationUnit#definitions()}. The functions
     * left out are not checked, so their unsupported constructs are no error here.
     * <p>
     * The default maps everything.
     */
    default ParseResult parseFor(String fileName, String text, Set<String> named) {
        return parse(fileName, text);
    }
}
