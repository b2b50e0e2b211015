package org.paradjoint.core.frontend;

/**
 * A language front-end: source text in, IR and diagnostics out. Front-ends never decide anything
 * about differentiation; they map what is written and report what they cannot map.
 */
public interface FrontEnd {

    /** True when this front-end reads files with this name (by extension). */
    boolean accepts(String fileName);

    ParseResult parse(String fileName, String text);
}
