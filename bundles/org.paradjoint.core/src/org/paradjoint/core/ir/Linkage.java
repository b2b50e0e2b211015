package org.paradjoint.core.ir;

/**
 * How a function definition is introduced, which is also whether other files can call it:
 * {@link #EXTERNAL} (no storage class: the file's interface), {@link #STATIC} (private to the file:
 * a user helper copied next to its caller), or a {@link Macro} of a support header that stands for a
 * storage class (private, and inlined where the header asks for it). A record per case, not a flag,
 * so that a printer cannot forget one and a generator never writes the storage class as text.
 */
public sealed interface Linkage permits Linkage.External, Linkage.Static, Macro {

    Linkage EXTERNAL = new External();

    Linkage STATIC = new Static();

    /** {@link #STATIC} when {@code isStatic}, else {@link #EXTERNAL}: what a front-end read. */
    static Linkage of(boolean isStatic) {
        return isStatic ? STATIC : EXTERNAL;
    }

    /** Visible to other files. */
    record External() implements Linkage {
    }

    /** Private to the file ({@code static}). */
    record Static() implements Linkage {
    }
}
