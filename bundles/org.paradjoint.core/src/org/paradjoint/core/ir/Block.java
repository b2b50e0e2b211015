package org.paradjoint.core.ir;

import java.lang.invoke.MethodHandles;

import java.util.List;

import org.paradjoint.core.diag.SourceRange;

public record Block(List<Stmt> stmts, SourceRange range) implements Stmt {

    private static final Structure STRUCTURE = Structure.of(MethodHandles.lookup(), Block.class);

    /** By structure: the source range is not compared (see {@link Structure}). */
    @Override
    public boolean equals(Object o) {
        return STRUCTURE.equal(this, o);
    }

    @Override
    public int hashCode() {
        return STRUCTURE.hash(this);
    }

    public Block {
        stmts = List.copyOf(stmts);
    }

    public Block(List<Stmt> stmts) {
        this(stmts, SourceRange.NONE);
    }

    public static Block of(Stmt... stmts) {
        return new Block(List.of(stmts));
    }

    public boolean isEmpty() {
        return stmts.isEmpty();
    }
}
