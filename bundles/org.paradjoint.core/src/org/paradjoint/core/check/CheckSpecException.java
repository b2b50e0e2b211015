package org.paradjoint.core.check;

/** A malformed {@code paradjoint check} option; the message is meant for the user as it is. */
public final class CheckSpecException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public CheckSpecException(String message) {
        super(message);
    }
}
