package org.paradjoint.fortran.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.Variable;

/**
 * Turns the entities a {@link SpecificationPart} collected into IR variables, once the whole
 * specification part has been read: scalars first, so that the bounds of an array may name any
 * integer dummy, then arrays, whose dimension lists are parsed only now. It also defines each
 * variable in the scope (or, in a module, records it as a module variable).
 */
final class DeclaredVariables {

    /** The variables of a procedure: dummies in {@code dummies} order, then the other locals. */
    record Built(List<Variable> params, List<Variable> locals) {
    }

    private final Scope scope;
    private final Reporter reporter;
    private final ExprParser exprs;
    /** Where module variables go (null in a procedure). */
    private final Map<String, Scope.Symbol> moduleSymbols;
    private final String moduleName;

    DeclaredVariables(Scope scope, Reporter reporter, ExprParser exprs, Map<String, Scope.Symbol> moduleSymbols,
            String moduleName) {
        this.scope = scope;
        this.reporter = reporter;
        this.exprs = exprs;
        this.moduleSymbols = moduleSymbols;
        this.moduleName = moduleName;
    }

    Built build(Map<String, SpecificationPart.Entity> entities, List<Token> dummies, Header header) {
        List<String> dummyNames = dummies.stream().map(Token::text).toList();
        for (Token d : dummies) {
            SpecificationPart.Entity e = entities.get(d.text());
            if (e == null || e.type == null) {
                reporter.error("undeclared-variable.dummy-argument-has", d.start(), d.end(), "text", d.text());
            } else if (e.constant) {
                reporter.error("unsupported-declaration.dummy-argument-parameter", e.start, e.end, "text", d.text());
            }
        }
        Map<String, Variable> made = new LinkedHashMap<>();
        for (boolean arrays : new boolean[] {false, true}) {
            define(entities.values(), arrays, dummyNames, header, made);
        }
        List<Variable> params = new ArrayList<>();
        for (String d : dummyNames) {
            if (made.containsKey(d)) {
                params.add(made.get(d));
            }
        }
        List<Variable> locals = new ArrayList<>();
        for (Variable v : made.values()) {
            if (!dummyNames.contains(v.name())) {
                locals.add(v);
            }
        }
        return new Built(params, locals);
    }

    /** Makes and defines the variables of the scalar (or, with {@code arrays}, the array) entities. */
    private void define(Collection<SpecificationPart.Entity> entities, boolean arrays, List<String> dummyNames,
            Header header, Map<String, Variable> made) {
        for (SpecificationPart.Entity e : entities) {
            if (e.constant || (e.dimsAt >= 0) != arrays) {
                continue;
            }
            boolean dummy = dummyNames.contains(e.name);
            if (e.type == null) {
                if (header == null || !e.name.equals(header.resultName())) {
                    reporter.error("undeclared-variable.has-no-type", e.start, e.end, "name", e.name);
                }
                continue;
            }
            if (!dummy && e.intent != Scope.Intent.NONE) {
                reporter.error("unsupported-declaration.has-intent-but", e.start, e.end, "name", e.name);
            }
            try {
                Variable v = variable(e, dummy);
                made.put(e.name, v);
                if (moduleSymbols != null) {
                    moduleSymbols.put(e.name, new Scope.ModuleVariable(moduleName));
                } else {
                    scope.define(e.name, new Scope.Var(v, e.type.logical(), e.intent));
                }
            } catch (UnsupportedException x) {
                reporter.add(x.diagnostic());
            }
        }
    }

    private Variable variable(SpecificationPart.Entity e, boolean dummy) {
        List<Dim> dims = e.dimsAt >= 0 ? dims(e, dummy) : List.of();
        return new Variable(e.name, e.type.type(), dims, dummy ? Variable.Kind.PARAMETER : Variable.Kind.LOCAL,
                dummy && e.intent == Scope.Intent.IN, Layout.COLUMN_MAJOR, reporter.src().range(e.start, e.end),
                e.type == TypeSpec.MPI_COMM ? MpiDeclarations.F08_COMM : null);
    }

    /** {@code (lo:hi, n, :, lo:, *, lo:*)}: explicit, assumed-shape and assumed-size dimensions. */
    private List<Dim> dims(SpecificationPart.Entity e, boolean dummy) {
        Cursor c = new Cursor(e.dimsLine, reporter.src(), e.dimsAt);
        c.next();
        List<Dim> out = new ArrayList<>();
        boolean open = false;
        do {
            int start = c.nextStart();
            if (open) {
                throw c.atNext("unsupported-declaration.last-dimension-can", "array", e.name);
            }
            Expr lower = new IntLit(1, reporter.src().range(start, start));
            // ':' alone, or 'lo:' before ',' or ')', is assumed shape; '*' or 'lo:*' is assumed size
            boolean assumedShape = c.accept(":");
            if (!assumedShape && !c.peekIs("*")) {
                Expr first = integer(c, e);
                if (!c.accept(":")) {
                    out.add(new Dim(lower, Bounds.extent(lower, first)));
                    continue;
                }
                lower = first;
                assumedShape = c.peekIs(",") || c.peekIs(")");
            }
            if (assumedShape) {
                requireDummy(e, dummy, c, start);
                e.assumedShape = true;
                out.add(new Dim(lower, null));
                continue;
            }
            if (c.accept("*")) {
                requireDummy(e, dummy, c, start);
                out.add(new Dim(lower, null));
                open = true;
                continue;
            }
            Expr upper = integer(c, e);
            out.add(new Dim(lower, Bounds.extent(lower, upper)));
        } while (c.accept(","));
        c.expect(")", "',' or ')' in the dimensions of '" + e.name + "'");
        return out;
    }

    private Expr integer(Cursor c, SpecificationPart.Entity e) {
        int start = c.nextStart();
        Expr x = ConstFold.fold(exprs.parse(c));
        if (exprs.typeOf(x) != TypeClass.INT) {
            throw c.between(start, c.prevEnd(), "unsupported-declaration.bounds-integer-expressions", "array", e.name);
        }
        return x;
    }

    private static void requireDummy(SpecificationPart.Entity e, boolean dummy, Cursor c, int start) {
        if (!dummy) {
            throw c.between(start, c.prevEnd(), "unsupported-allocate.deferred-shape", "array", e.name);
        }
    }
}
