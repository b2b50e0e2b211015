package org.paradjoint.core.transform;

/** Differentiation mode; the suffix is the default one of generated names ({@code f_d}, {@code f_b}). */
public enum Mode {
    TANGENT("d"), REVERSE("b");

    private final String suffix;

    Mode(String suffix) {
        this.suffix = suffix;
    }

    public String defaultSuffix() {
        return suffix;
    }
}
