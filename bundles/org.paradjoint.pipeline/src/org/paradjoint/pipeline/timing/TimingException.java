package org.paradjoint.pipeline.timing;

/** A timing experiment that could not run; the message says why (compiler-style where located). */
public final class TimingException extends Exception {

    private static final long serialVersionUID = 1L;

    public TimingException(String message) {
        super(message);
    }

    public TimingException(String message, Throwable cause) {
        super(message, cause);
    }
}
