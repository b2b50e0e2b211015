package org.paradjoint.stencil;

import java.util.ArrayList;
import java.util.List;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.print.MessageSpelling;

/**
 * The invariant that makes stencil adjoints race-free, checked on the IR: inside loops, every
 * assignment writes an array element whose indices are the counters of all enclosing loops,
 * each exactly once, plus indices that do not depend on any of them; no loop assigns a scalar
 * and nothing is atomic. Then distinct iterations of any loop write distinct elements.
 */
public final class GatherCheck {

    private GatherCheck() {
    }

    /** One line per violating assignment, in C; empty when the invariant holds. */
    public static List<String> violations(Function f) {
        return violations(f, MessageSpelling.C);
    }

    /** One line per violating assignment, spelled by {@code spell}; empty when the invariant holds. */
    public static List<String> violations(Function f, MessageSpelling spell) {
        List<String> out = new ArrayList<>();
        walk(f.body(), new ArrayList<>(), spell, out);
        return out;
    }

    private static void walk(Stmt s, List<Variable> counters, MessageSpelling spell, List<String> out) {
        switch (s) {
            case Block b -> b.stmts().forEach(x -> walk(x, counters, spell, out));
            case If i -> {
                walk(i.then(), counters, spell, out);
                if (i.otherwise() != null) {
                    walk(i.otherwise(), counters, spell, out);
                }
            }
            case For f -> {
                List<Variable> inner = new ArrayList<>(counters);
                inner.add(f.counter());
                walk(f.body(), inner, spell, out);
            }
            case Assign a when !counters.isEmpty() -> check(a, counters, spell, out);
            default -> {
            }
        }
    }

    private static void check(Assign a, List<Variable> counters, MessageSpelling spell, List<String> out) {
        List<String> reasons = new ArrayList<>();
        if (a.atomic()) {
            reasons.add("atomic update in a gather nest");
        }
        if (!(a.target() instanceof ArrayRef t)) {
            reasons.add("assigns a scalar inside a loop");
        } else {
            List<Variable> seen = new ArrayList<>();
            for (Expr index : t.indices()) {
                if (index instanceof VarRef r && counters.contains(r.var())) {
                    if (seen.contains(r.var())) {
                        reasons.add("counter '" + r.var().name() + "' indexes two dimensions");
                    }
                    seen.add(r.var());
                } else if (ExprUtil.variables(index).stream().anyMatch(counters::contains)) {
                    reasons.add("index '" + spell.expr(index) + "' is not a plain loop counter");
                }
            }
            for (Variable c : counters) {
                if (!seen.contains(c)) {
                    reasons.add("does not index by the counter '" + c.name() + "', so iterations may collide");
                }
            }
        }
        if (!reasons.isEmpty()) {
            out.add(spell.assignment(spell.expr(a.target()), a.op(), "...") + ": " + String.join("; ", reasons));
        }
    }
}
