package org.paradjoint.pipeline.edits;

/** The kinds of {@code ad} annotation, as written in the source. */
public enum Annotation {
    GRADIENT, TANGENT, STENCIL, PARTIALLY_SEPARABLE, ELEMENTAL, DISJOINT, CHECKPOINT
}
