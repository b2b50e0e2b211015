package org.paradjoint.core.ir;

import java.util.List;

import org.paradjoint.core.diag.SourceRange;

/**
 * A named scalar or array. Names are unique inside a function (front-ends rename shadowed
 * locals), so variables compare by value. A C parameter {@code double *y} is an array of one
 * dimension with unknown extent; {@code *y} in the source is {@code y[0]} in the IR.
 */
public record Variable(String name, BaseType type, List<Dim> dims, Kind kind, boolean isConst, Layout layout,
        SourceRange range) {

    /**
     * Where a variable lives and how it starts. A {@code LOCAL} is set before it is read (front-ends
     * split initialisers into assignments); a {@code ZEROED_LOCAL} starts at zero in every element and
     * member (C's universal initialiser {@code = {0}}, which also suits a struct of a support header
     * such as an empty index set); a {@code FILE_SCOPE} variable belongs to the generated file, not to
     * a function: private to the file ({@code static}), zero before the first call and kept between
     * calls (a cache).
     */
    public enum Kind {
        PARAMETER, LOCAL, ZEROED_LOCAL, FILE_SCOPE
    }

    public Variable {
        dims = List.copyOf(dims);
        range = range == null ? SourceRange.NONE : range;
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
        return new Variable(newName, type, dims, kind, isConst, layout, range);
    }

    public Variable withKind(Kind newKind) {
        return new Variable(name, type, dims, newKind, isConst, layout, range);
    }

    public Variable withConst(boolean c) {
        return new Variable(name, type, dims, kind, c, layout, range);
    }

    public Variable withDims(List<Dim> newDims) {
        return new Variable(name, type, newDims, kind, isConst, layout, range);
    }

    public Variable withType(BaseType newType) {
        return new Variable(name, newType, dims, kind, isConst, layout, range);
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
