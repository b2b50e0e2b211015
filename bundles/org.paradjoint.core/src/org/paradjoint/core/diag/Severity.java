package org.paradjoint.core.diag;

public enum Severity {
    ERROR, WARNING, INFO;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
