package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import java.util.List;
import java.util.Objects;

import org.paradjoint.core.diag.SourceRange;

/**
 * A call of an intrinsic ({@code sin}, {@code fmax} ...), of a user function, of the tape
 * runtime or of a support library; {@code kind} says which (see {@link CalleeKind}).
 */
public record Call(String name, List<Expr> args, SourceRange range, CalleeKind kind) implements Expr {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Call.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public Call {
        args = List.copyOf(args);
        Objects.requireNonNull(kind, "kind");
    }

    /** A call whose kind follows from the name ({@link CalleeKind#of(String)}). */
    public Call(String name, List<Expr> args, SourceRange range) {
        this(name, args, range, CalleeKind.of(name));
    }

    /** A call whose kind follows from the name, without a source range. */
    public Call(String name, List<Expr> args) {
        this(name, args, SourceRange.NONE);
    }

    /** A call of the tape runtime. */
    public static Call runtime(String name, List<Expr> args) {
        return new Call(name, args, SourceRange.NONE, CalleeKind.RUNTIME);
    }

    /** A call of a function of a support library the generated file includes. */
    public static Call external(String name, List<Expr> args) {
        return new Call(name, args, SourceRange.NONE, CalleeKind.EXTERNAL);
    }

    /** The same callee (name, kind and range) with other arguments. */
    public Call withArgs(List<Expr> newArgs) {
        return new Call(name, newArgs, range, kind);
    }

    /** {@code extent(array, dim)}: the extent of dimension {@code dim} (from 0) of {@code array} ({@link CalleeKind#SHAPE}). */
    public static Call extent(Variable array, int dim, SourceRange range) {
        return new Call("extent", List.of(new VarRef(array, range), new IntLit(dim, range)), range, CalleeKind.SHAPE);
    }

    public boolean isShapeQuery() {
        return kind == CalleeKind.SHAPE;
    }

    public boolean isIntrinsic() {
        return kind == CalleeKind.INTRINSIC;
    }

    public boolean isRuntime() {
        return kind == CalleeKind.RUNTIME;
    }

    public boolean isPassive() {
        return kind == CalleeKind.PASSIVE;
    }

    public boolean isMpi() {
        return kind == CalleeKind.MPI;
    }
}
