package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.fortran.FortranDiagnosticCodes;

/**
 * {@code !$ad} annotations, the annotation language of DESIGN.md with Fortran expressions in
 * {@code disjoint(...)}: {@code gradient(y : x)}, {@code tangent(y : x)},
 * {@code stencil adjoint(u : ub, ...) [strategy(split|guarded)]},
 * {@code partially_separable(e1, ...)}, {@code elemental}, {@code disjoint(e, ...)}. Names are
 * resolved against the procedure's variables.
 */
final class AdDirective {

    /** What an annotation sits on. */
    enum Target {
        FUNCTION("a subroutine"), LOOP("a do loop"), ASSIGNMENT("an assignment"), OTHER("this statement");

        final String description;

        Target(String description) {
            this.description = description;
        }
    }

    private AdDirective() {
    }

    static AdPragma parse(LogicalLine l, Scope scope, ExprParser exprs, SourceText src) {
        Cursor c = new Cursor(l, src);
        SourceRange range = src.range(l.start(), l.end());
        Token what = c.peek();
        if (what == null || !what.isName()) {
            throw c.error(FortranDiagnosticCodes.UNKNOWN_PRAGMA, "empty '!$ad' annotation; expected one of gradient, "
                    + "tangent, stencil adjoint, partially_separable, elemental, disjoint");
        }
        c.next();
        AdPragma p = switch (what.text()) {
            case "gradient", "tangent" -> {
                String usage = "as in '!$ad " + what.text() + "(y : x)'";
                c.expect("(", "expected '(' after 'ad " + what.text() + "', " + usage);
                List<String> deps = names(c, scope, ":", "a dependent variable");
                c.expect(":", "expected ':' between the dependents and the independents, " + usage);
                List<String> indeps = names(c, scope, ")", "an independent variable");
                c.expect(")", "expected ')' after the independents, " + usage);
                yield what.text().equals("tangent") ? new AdPragma.Tangent(deps, indeps, range)
                        : new AdPragma.Gradient(deps, indeps, range);
            }
            case "stencil" -> stencil(c, scope, range);
            case "partially_separable" -> {
                c.expect("(", "'!$ad partially_separable(e1, e2, ...)' lists the elemental variables in parentheses");
                List<String> names = names(c, scope, ")", "an elemental variable");
                c.expect(")", "expected ')' after the elementals");
                yield new AdPragma.PartiallySeparable(names, range);
            }
            case "elemental" -> new AdPragma.Elemental(range);
            case "disjoint" -> {
                c.expect("(", "'!$ad disjoint(e1, e2, ...)' lists index expressions in parentheses");
                List<Expr> es = new ArrayList<>();
                do {
                    es.add(exprs.parse(c));
                } while (c.accept(","));
                c.expect(")", "expected ',' or ')' in the disjoint expressions");
                yield new AdPragma.Disjoint(es, range);
            }
            default -> throw c.at(what, FortranDiagnosticCodes.UNKNOWN_PRAGMA, "unknown annotation '!$ad "
                    + what.text() + "'; expected one of gradient, tangent, stencil adjoint, partially_separable, "
                    + "elemental, disjoint");
        };
        if (!c.atEnd()) {
            throw c.atNext(FortranDiagnosticCodes.MALFORMED_PRAGMA, "unexpected '" + Cursor.spelling(c.peek())
                    + "' at the end of '!$ad " + what.text() + "'");
        }
        return p;
    }

    private static AdPragma stencil(Cursor c, Scope scope, SourceRange range) {
        String usage = "as in '!$ad stencil adjoint(u:ub, v:vb) strategy(split)'";
        if (!c.peekName("adjoint")) {
            throw c.atNext(FortranDiagnosticCodes.MALFORMED_PRAGMA, "expected 'adjoint' after 'ad stencil', " + usage);
        }
        c.next();
        c.expect("(", "expected '(' after 'ad stencil adjoint', " + usage);
        List<AdPragma.StencilAdjoint.Mapping> mappings = new ArrayList<>();
        do {
            Token array = c.expectName("an array name");
            Variable v = variable(c, scope, array);
            if (!v.isArray()) {
                throw c.at(array, FortranDiagnosticCodes.MALFORMED_PRAGMA, "malformed '!$ad stencil adjoint': '"
                        + array.text() + "' is a scalar; the list maps arrays to their adjoint names");
            }
            c.expect(":", "expected ':' between an array and its adjoint name, " + usage);
            Token adj = c.expectName("the adjoint name of '" + array.text() + "'");
            mappings.add(new AdPragma.StencilAdjoint.Mapping(v.name(), adj.text()));
        } while (c.accept(","));
        c.expect(")", "expected ',' or ')' in the array:adjoint list, " + usage);
        String strategy = null;
        if (c.peekName("strategy")) {
            c.next();
            c.expect("(", "expected '(' after 'strategy', " + usage);
            Token s = c.expectName("split or guarded");
            if (!s.isName("split") && !s.isName("guarded")) {
                throw c.at(s, FortranDiagnosticCodes.MALFORMED_PRAGMA, "strategy must be 'split' or 'guarded'");
            }
            strategy = s.text();
            c.expect(")", "expected ')' after the strategy");
        }
        return new AdPragma.StencilAdjoint(mappings, strategy, range);
    }

    private static List<String> names(Cursor c, Scope scope, String stop, String what) {
        List<String> out = new ArrayList<>();
        if (c.peekIs(stop)) {
            return out;
        }
        do {
            Token n = c.expectName(what);
            String v = variable(c, scope, n).name();
            if (!out.contains(v)) {
                out.add(v);
            }
        } while (c.accept(","));
        return out;
    }

    private static Variable variable(Cursor c, Scope scope, Token n) {
        if (!(scope.lookup(n.text()) instanceof Scope.Var v)) {
            throw c.at(n, FortranDiagnosticCodes.UNDECLARED, "'" + n.text() + "' in the annotation is not a variable "
                    + "of this procedure");
        }
        return v.variable();
    }

    /** Why {@code p} cannot sit on {@code target}, or null when it can. */
    static String misfit(AdPragma p, Target target, boolean parallelLoop) {
        return switch (p) {
            case AdPragma.Gradient g -> target == Target.LOOP || target == Target.FUNCTION ? null
                    : "'ad gradient' applies to a loop nest or a subroutine";
            case AdPragma.Tangent t -> target == Target.LOOP || target == Target.FUNCTION ? null
                    : "'ad tangent' applies to a loop nest or a subroutine";
            case AdPragma.StencilAdjoint s -> target == Target.LOOP ? null
                    : "'ad stencil adjoint' applies to a gather loop nest";
            case AdPragma.Disjoint d -> target != Target.LOOP ? "'ad disjoint' applies to an OpenMP parallel loop"
                    : parallelLoop ? null : "'ad disjoint' applies to an OpenMP parallel loop; add '!$omp parallel do'";
            case AdPragma.PartiallySeparable s -> target == Target.ASSIGNMENT ? null
                    : "'ad partially_separable' applies to the assignment that combines the elementals";
            case AdPragma.Elemental e -> target == Target.ASSIGNMENT ? null
                    : "'ad elemental' applies to the assignment that initialises an elemental";
        };
    }
}
