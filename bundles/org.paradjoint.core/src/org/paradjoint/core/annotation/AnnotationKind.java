package org.paradjoint.core.annotation;

/** The kinds of annotation, one per row of the user guide's annotation table. */
public enum AnnotationKind {
    GRADIENT("ad gradient"), TANGENT("ad tangent"), STENCIL("ad stencil adjoint"),
    PARTIALLY_SEPARABLE("ad partially_separable"), ELEMENTAL("ad elemental"), DISJOINT("ad disjoint"),
    CHECKPOINT("ad checkpoint");

    private final String label;

    AnnotationKind(String label) {
        this.label = label;
    }

    /** How the kind is named in messages, e.g. {@code ad gradient}. */
    public String label() {
        return label;
    }
}
