package org.paradjoint.core.ir;

import java.util.List;

import org.paradjoint.core.diag.SourceRange;

public record Block(List<Stmt> stmts, SourceRange range) implements Stmt {

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
