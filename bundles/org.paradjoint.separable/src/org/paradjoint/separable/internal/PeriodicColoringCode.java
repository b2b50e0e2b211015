package org.paradjoint.separable.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * The C of a colouring fixed at generation time: two file-scope tables (the periods, the colour of
 * every residue) and, in the gradient driver, the grid extents evaluated from the scalar parameters
 * and one call of {@code pa_ps_plan_periodic_colors}, which looks every column's colour up in the
 * table (no colouring at run time).
 */
final class PeriodicColoringCode {

    private final ColumnColoringChoice choice;
    private final String periods;
    private final String table;
    private final Variable extents;

    PeriodicColoringCode(ColumnColoringChoice choice, NameSupply names, String gradient) {
        this.choice = choice;
        this.periods = names.fresh(gradient + "_periods");
        this.table = names.fresh(gradient + "_colors");
        int inner = Math.max(1, choice.stencil().dimensions() - 1);
        this.extents = SupportFile.array(names.fresh("pa_extent"), BaseType.INT, Exprs.integer(inner));
    }

    /** The file-scope tables, as C declarations. */
    String constants() {
        PeriodicColoring c = choice.coloring();
        StringBuilder b = new StringBuilder();
        b.append("static const int ").append(periods).append('[').append(c.periods().size()).append("] = {")
                .append(c.periods().stream().map(String::valueOf).collect(Collectors.joining(", "))).append("};\n");
        b.append("static const int ").append(table).append('[').append(c.table().length).append("] = {");
        for (int k = 0; k < c.table().length; k++) {
            b.append(k % 16 == 0 ? "\n    " : " ").append(c.table()[k]).append(k + 1 < c.table().length ? "," : "");
        }
        return b.append("\n};\n").toString();
    }

    /** A comment for the tables: what they are and why they hold for every size. */
    String comment() {
        PeriodicColoring c = choice.coloring();
        Stencil s = choice.stencil();
        return "column colouring of the elemental Jacobian, fixed at generation time: " + c.colors()
                + " colours; the colour of entry e of independent a is " + table + "[a][p mod " + periods
                + "], p the grid point of e (strides " + s.strides() + "); valid for every size (periodic in the "
                + "grid, checked on the torus of the periods)";
    }

    /** The local array of extents the driver fills. */
    Variable extentsVariable() {
        return extents;
    }

    /** The statements that colour the plan's columns from the tables. */
    List<Stmt> colorPlan(VarRef plan, List<Variable> params) {
        List<Stmt> out = new ArrayList<>();
        Map<String, Variable> byName = new java.util.HashMap<>();
        params.forEach(p -> byName.put(p.name(), p));
        List<Poly> ext = choice.stencil().extents();
        for (int d = 0; d < ext.size(); d++) {
            out.add(Assign.set(new ArrayRef(extents, List.of(Exprs.integer(d))), expr(ext.get(d), byName)));
        }
        if (ext.isEmpty()) {
            out.add(Assign.set(new ArrayRef(extents, List.of(Exprs.integer(0))), Exprs.integer(1)));
        }
        out.add(SupportFile.stmt("pa_ps_plan_periodic_colors", plan, Exprs.integer(choice.coloring().colors()),
                Exprs.integer(choice.stencil().dimensions()), new VarRef(extents), SupportFile.symbol(periods),
                SupportFile.symbol(table)));
        return out;
    }

    /** A polynomial in the scalar parameters as a C expression. */
    static Expr expr(Poly p, Map<String, Variable> params) {
        Expr sum = null;
        for (Map.Entry<String, Long> t : p.terms().entrySet()) {
            Expr term = Exprs.integer(Math.abs(t.getValue()));
            boolean unit = Math.abs(t.getValue()) == 1;
            for (String s : Poly.symbolsOf(t.getKey())) {
                Variable v = params.get(s);
                if (v == null) {
                    throw new IllegalStateException("extent symbol " + s + " is not a parameter");
                }
                term = unit ? new VarRef(v) : Exprs.mul(term, new VarRef(v));
                unit = false;
            }
            if (sum == null) {
                sum = t.getValue() < 0 ? Exprs.sub(Exprs.integer(0), term) : term;
            } else {
                sum = t.getValue() < 0 ? Exprs.sub(sum, term) : Exprs.add(sum, term);
            }
        }
        return sum == null ? Exprs.integer(0) : sum;
    }
}
