package org.paradjoint.core.ir;

import java.util.List;

import org.paradjoint.core.diag.SourceRange;

/**
 * A named scalar or array. Names are unique inside a function (front-ends rename shadowed
 * locals), so variables compare by value. A C parameter {@code double *y} is an array of one
 * dimension with unknown extent; {@code *y} in the source is {@code y[0]} in the IR.
 * {@code typeName} is the name the source gives the variable's type where the IR's type does not
 * say it all: a template parameter of a C++ function template ({@code ViewtypeX x}); null
 * otherwise. Variables made from another ({@code with...}, the derivative of a parameter) keep it,
 * so that a printer declares an adjoint with its primal's type.
 */
public record Variable(String name, BaseType type, List<Dim> dims, Kind kind, boolean isConst, Layout layout,
        SourceRange range, String typeName) {

    /**
     * Where a variable lives and how it starts. A {@code LOCAL} is set before it is read (front-ends
     * split initialisers into assignments); a {@code ZEROED_LOCAL} starts at zero in every element and
     * member (C's universal initialiser {@code = {0}}, which also suits a struct of a support header
     * such as an empty index set); a {@code FILE_SCOPE} variable belongs to the generated file, not to
     * a function: private to the file ({@code static}), zero before the first call and kept between
     * calls (a cache). A {@code HEAP_LOCAL} is a zero-filled C array as large as an argument, too large
     * for the stack: allocated where it is declared and released when the function ends.
     */
    public enum Kind {
        PARAMETER, LOCAL, ZEROED_LOCAL, FILE_SCOPE, HEAP_LOCAL
    }

    public Variable {
        dims = List.copyOf(dims);
        range = range == null ? SourceRange.NONE : range;
    }

    /** A variable whose type the IR spells completely. */
    public Variable(String name, BaseType type, List<Dim> dims, Kind kind, boolean isConst, Layout layout,
            SourceRange range) {
        this(name, type, dims, kind, isConst, layout, range, null);
    }

    public static Variable scalar(String name, BaseType type, Kind kind) {
        return new Variable(name, type, List.of(), kind, false, Layout.ROW_MAJOR, SourceRange.NONE);
    }

    public boolean isArray() {
        return !dims.isEmpty();
    }

    public boolean isScalar() {
        return dims.isEmpty();
    }

    /**
     * True for an array whose extents the program can ask at run time ({@code extent(v, d)},
     * {@link CalleeKind#SHAPE}): a Kokkos View, whose declared type ({@link #typeName()}) is a
     * handle that knows its shape. C arrays and pointers do not know theirs.
     */
    public boolean hasRuntimeShape() {
        return isArray() && typeName != null;
    }

    public int rank() {
        return dims.size();
    }

    public boolean isFloating() {
        return type.isFloating();
    }

    public boolean isParameter() {
        return kind == Kind.PARAMETER;
    }

    public Variable withName(String newName) {
        return new Variable(newName, type, dims, kind, isConst, layout, range, typeName);
    }

    public Variable withKind(Kind newKind) {
        return new Variable(name, type, dims, newKind, isConst, layout, range, typeName);
    }

    public Variable withConst(boolean c) {
        return new Variable(name, type, dims, kind, c, layout, range, typeName);
    }

    public Variable withDims(List<Dim> newDims) {
        return new Variable(name, type, newDims, kind, isConst, layout, range, typeName);
    }

    public Variable withType(BaseType newType) {
        return new Variable(name, newType, dims, kind, isConst, layout, range, typeName);
    }

    public Variable withTypeName(String newTypeName) {
        return new Variable(name, type, dims, kind, isConst, layout, range, newTypeName);
    }

    /** Names are unique within a function: they are the identity. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Variable v && v.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
