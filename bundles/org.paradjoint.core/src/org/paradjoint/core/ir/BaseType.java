package org.paradjoint.core.ir;

/** Element types. Only floating types carry derivatives; {@code TAPE} is the opaque stack of generated code. */
public enum BaseType {
    INT("int"), LONG("long"), FLOAT("float"), DOUBLE("double"), TAPE("pa_tape");

    private final String cName;

    BaseType(String cName) {
        this.cName = cName;
    }

    public String cName() {
        return cName;
    }

    public boolean isFloating() {
        return this == FLOAT || this == DOUBLE;
    }

    public boolean isInteger() {
        return this == INT || this == LONG;
    }
}
