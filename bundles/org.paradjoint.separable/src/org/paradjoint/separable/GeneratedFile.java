package org.paradjoint.separable;

/** A generated file: its path (the source's path with the file name changed: it belongs next to the source) and its text. */
public record GeneratedFile(String name, String text) {
}
