package org.paradjoint.cdt;

import java.util.List;
import java.util.Optional;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.TranslationUnit;

/**
 * Where things are in the source, for editors: the range of a function, the function at an
 * offset, and the statement an annotation sits on. Annotations are found by identity (two
 * equal {@code ad gradient(y : x)} on different loops are different pragmas).
 */
public final class IrLocations {
    private IrLocations() {
    }

    public static Optional<SourceRange> functionRange(TranslationUnit unit, String name) {
        return unit.function(name).map(Function::range);
    }

    /** The function whose definition contains the character offset. */
    public static Optional<Function> functionAt(TranslationUnit unit, int offset) {
        return unit.functions().stream()
                .filter(f -> f.range().offset() <= offset && offset < f.range().offset() + f.range().length())
                .findFirst();
    }

    /** The loop or assignment an annotation is attached to; empty for an annotation on the function itself. */
    public static Optional<Stmt> statementOf(Function f, AdPragma pragma) {
        return find(f.body().stmts(), pragma);
    }

    /** The range the annotation applies to: its statement's, or the function's for a function annotation. */
    public static SourceRange targetRange(Function f, AdPragma pragma) {
        return statementOf(f, pragma).map(Stmt::range).orElse(f.range());
    }

    private static Optional<Stmt> find(List<Stmt> stmts, AdPragma pragma) {
        for (Stmt s : stmts) {
            Optional<Stmt> hit = find(s, pragma);
            if (hit.isPresent()) {
                return hit;
            }
        }
        return Optional.empty();
    }

    private static Optional<Stmt> find(Stmt s, AdPragma pragma) {
        switch (s) {
        case For f -> {
            if (containsIdentical(f.pragmas(), pragma)) {
                return Optional.of(f);
            }
            return find(f.body().stmts(), pragma);
        }
        case Assign a -> {
            return containsIdentical(a.pragmas(), pragma) ? Optional.of(a) : Optional.empty();
        }
        case Block b -> {
            return find(b.stmts(), pragma);
        }
        case If i -> {
            Optional<Stmt> hit = find(i.then().stmts(), pragma);
            return hit.isPresent() || i.otherwise() == null ? hit : find(i.otherwise().stmts(), pragma);
        }
        default -> {
            return Optional.empty();
        }
        }
    }

    private static boolean containsIdentical(List<AdPragma> list, AdPragma pragma) {
        for (AdPragma p : list) {
            if (p == pragma) {
                return true;
            }
        }
        return false;
    }
}
