package org.paradjoint.core.ir;

import java.util.List;

import org.paradjoint.core.diag.SourceRange;

/** A call of an intrinsic ({@code sin}, {@code fmax} ...) or of a function of the same unit. */
public record Call(String name, List<Expr> args, SourceRange range) implements Expr {

    public Call {
        args = List.copyOf(args);
    }

    public Call(String name, List<Expr> args) {
        this(name, args, SourceRange.NONE);
    }
}
