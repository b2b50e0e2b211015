package org.paradjoint.core.ir;

/**
 * A name that a support header of the generated file defines, used where C puts a storage class
 * ({@link Linkage}) or a pragma before a loop ({@link LoopHint}). The printer writes the name and
 * nothing else: what it expands to is the header's decision, per compiler and per build flag
 * (partial separability's {@code PA_PS_SPECIALIZED} is {@code static inline} with
 * {@code always_inline}, or plain {@code static}; its {@code PA_PS_UNROLL} is the unroll pragma of
 * gcc or clang, or nothing). This keeps the compiler-specific text in the header, where the user
 * can read and change it, and the IR free of C text.
 */
public record Macro(String name) implements Linkage, LoopHint {

    public Macro {
        if (name == null || !name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("not a macro name: " + name);
        }
    }
}
