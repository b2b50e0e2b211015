package org.paradjoint.stencil.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.paradjoint.core.expr.ExprTypes;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Evaluates repeated subexpressions of one gather iteration once: a floating subexpression that
 * occurs at least twice (across the statements of the nest) and at least once where it is
 * always evaluated becomes a {@code const double} temporary declared at the top of the iteration.
 * Occurrences inside a branch of {@code ?:}, behind {@code &&}/{@code ||} or in a guarded
 * statement are conditional: hoisting only those could evaluate a read the guard protects.
 * Largest subexpressions first; temporaries are declared before their first use.
 */
final class CommonSubexpressions {

    private record Temp(Variable var, Expr value) {
    }

    private final List<Stmt> stmts;
    private final List<Temp> temps = new ArrayList<>();

    private CommonSubexpressions(List<Stmt> stmts) {
        this.stmts = new ArrayList<>(stmts);
    }

    /** The declarations of the temporaries followed by the rewritten statements. */
    static List<Stmt> apply(List<Stmt> stmts, Supplier<String> freshName) {
        CommonSubexpressions cse = new CommonSubexpressions(stmts);
        while (true) {
            Expr best = cse.best();
            if (best == null) {
                break;
            }
            Variable t = new Variable(freshName.get(), org.paradjoint.core.ir.BaseType.DOUBLE, List.of(),
                    Variable.Kind.LOCAL, true, org.paradjoint.core.ir.Layout.ROW_MAJOR, null);
            cse.replace(best, new VarRef(t));
            cse.temps.add(new Temp(t, best));
        }
        List<Stmt> out = new ArrayList<>(cse.orderedDecls());
        out.addAll(cse.stmts);
        return out;
    }

    private Expr best() {
        Map<Expr, int[]> counts = new LinkedHashMap<>();
        for (Temp t : temps) {
            count(t.value(), false, counts, true);
        }
        for (Stmt s : stmts) {
            switch (s) {
                case Assign a -> count(a.value(), false, counts, true);
                case If i -> StmtUtil.forEach(i.then(), x -> {
                    if (x instanceof Assign a) {
                        count(a.value(), true, counts, true);
                    }
                });
                default -> {
                }
            }
        }
        Expr best = null;
        int bestSize = 0;
        for (Map.Entry<Expr, int[]> e : counts.entrySet()) {
            int[] c = e.getValue();
            if (c[0] >= 2 && c[1] >= 1) {
                int size = size(e.getKey());
                if (size > bestSize) {
                    best = e.getKey();
                    bestSize = size;
                }
            }
        }
        return best;
    }

    /** Counts occurrences ({@code [total, unconditional]}) of candidate subexpressions, outermost first. */
    private static void count(Expr e, boolean conditional, Map<Expr, int[]> counts, boolean root) {
        if (!root && isCandidate(e)) {
            int[] c = counts.computeIfAbsent(e, x -> new int[2]);
            c[0]++;
            if (!conditional) {
                c[1]++;
            }
        }
        switch (e) {
            case Cond c -> {
                count(c.cond(), conditional, counts, false);
                count(c.then(), true, counts, false);
                count(c.otherwise(), true, counts, false);
            }
            case Binary b when b.op().isLogical() -> {
                count(b.left(), conditional, counts, false);
                count(b.right(), true, counts, false);
            }
            case Binary b -> {
                count(b.left(), conditional, counts, false);
                count(b.right(), conditional, counts, false);
            }
            case Unary u -> count(u.operand(), conditional, counts, false);
            case Cast c -> count(c.operand(), conditional, counts, false);
            case Call c -> c.args().forEach(a -> count(a, conditional, counts, false));
            default -> {
            }
        }
    }

    /** Worth a temporary: floating and more than a load, a literal or a sign change of one. */
    private static boolean isCandidate(Expr e) {
        if (!ExprTypes.isFloating(e)) {
            return false;
        }
        return switch (e) {
            case Binary b -> !b.op().isBoolean();
            case Call c -> true;
            case Cond c -> true;
            case Unary u -> isCandidate(u.operand());
            case Cast c -> isCandidate(c.operand());
            default -> false;
        };
    }

    private static int size(Expr e) {
        int[] n = new int[1];
        ExprUtil.forEach(e, x -> n[0]++);
        return n[0];
    }

    private void replace(Expr target, VarRef by) {
        for (int k = 0; k < temps.size(); k++) {
            Temp t = temps.get(k);
            temps.set(k, new Temp(t.var(), swap(t.value(), target, by)));
        }
        for (int k = 0; k < stmts.size(); k++) {
            stmts.set(k, StmtUtil.mapExprs(stmts.get(k), e -> swap(e, target, by)));
        }
    }

    private static Expr swap(Expr e, Expr target, VarRef by) {
        return ExprUtil.map(e, x -> x.equals(target) ? by : x);
    }

    /** Declarations such that each temporary comes after the ones its value reads. */
    private List<Stmt> orderedDecls() {
        List<Stmt> out = new ArrayList<>();
        List<Temp> pending = new ArrayList<>(temps);
        List<Variable> done = new ArrayList<>();
        while (!pending.isEmpty()) {
            for (int k = 0; k < pending.size(); k++) {
                Temp t = pending.get(k);
                boolean ready = ExprUtil.variables(t.value()).stream()
                        .noneMatch(v -> pending.stream().anyMatch(p -> p.var().equals(v)));
                if (ready) {
                    out.add(new Decl(t.var(), t.value()));
                    done.add(t.var());
                    pending.remove(k);
                    break;
                }
            }
        }
        return out;
    }
}
