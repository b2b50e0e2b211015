package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Drops the temporary through which an assignment's adjoint reads its target's adjoint when the
 * statements that use it cannot change that element. The adjoint of
 * {@code B[i][j] = B[i][j] + A[k][i] * B[k][j]} reads {@code Bb[i][j]} into {@code tempb} before
 * incrementing {@code Bb[k][j]}, because in general the two may be one element; in the loop
 * {@code k = i + 1 .. m - 1} they never are ({@link DistinctElements}), and the increments can
 * read {@code Bb[i][j]} itself. Without the temporary the nest is plain increments, which
 * {@link LoopOrder} may interchange (trmm's adjoint then runs in parallel over the rows k it
 * increments, with no atomics).
 * <p>
 * {@code t = X[a]} (not atomic, {@code t} a generated scalar) is forwarded into the statements
 * after it in its block up to the next assignment of {@code t}, when {@code t} appears nowhere
 * else, those statements are assignments, none assigns a variable of {@code a}'s indices, and
 * every one that assigns an element of {@code X} assigns one that differs from {@code X[a]} for
 * every value of the enclosing loops' counters.
 */
final class ForwardedTemps {

    private final Predicate<Variable> generated;
    private final Map<Variable, Integer> mentions;
    private final Set<Variable> forwarded = new HashSet<>();

    private ForwardedTemps(Predicate<Variable> generated, Map<Variable, Integer> mentions) {
        this.generated = generated;
        this.mentions = mentions;
    }

    /** {@code f} with its forwardable temporaries forwarded; {@code generated} tells the generator's locals. */
    static Function apply(Function f, Predicate<Variable> generated) {
        Map<Variable, Integer> mentions = new HashMap<>();
        StmtUtil.forEachExpr(f.body(), e -> ExprUtil.forEach(e, x -> {
            if (x instanceof VarRef v) {
                mentions.merge(v.var(), 1, Integer::sum);
            }
        }));
        ForwardedTemps pass = new ForwardedTemps(generated, mentions);
        Block body = pass.block(f.body(), List.of());
        // a forwarded temporary is mentioned nowhere any more: its declaration goes too
        return f.withBody(pass.forwarded.isEmpty() ? body : undeclared(body, pass.forwarded));
    }

    private static Block undeclared(Block b, Set<Variable> gone) {
        return StmtUtil.flatMap(b, s -> switch (s) {
            case Decl d when gone.contains(d.var()) -> List.of();
            case Block x -> List.of(undeclared(x, gone));
            case If i -> List.of(new If(i.cond(), undeclared(i.then(), gone), i.otherwise() == null ? null
                    : undeclared(i.otherwise(), gone), i.range()));
            case For x -> List.of(x.withBody(undeclared(x.body(), gone)));
            default -> List.of(s);
        });
    }

    private Block block(Block b, List<For> loops) {
        List<Stmt> stmts = new ArrayList<>();
        for (Stmt s : b.stmts()) {
            stmts.add(nested(s, loops));
        }
        for (int q = 0; q < stmts.size(); q++) {
            if (stmts.get(q) instanceof Assign def) {
                List<Stmt> forwarded = forwarded(def, stmts.subList(q + 1, stmts.size()), loops);
                if (forwarded != null) {
                    List<Stmt> out = new ArrayList<>(stmts.subList(0, q));
                    out.addAll(forwarded);
                    out.addAll(stmts.subList(q + 1 + forwarded.size(), stmts.size()));
                    stmts = out;
                    q--;
                }
            }
        }
        return new Block(stmts, b.range());
    }

    private Stmt nested(Stmt s, List<For> loops) {
        return switch (s) {
            case Block b -> block(b, loops);
            case If i -> new If(i.cond(), block(i.then(), loops), i.otherwise() == null ? null
                    : block(i.otherwise(), loops), i.range());
            case For f -> {
                List<For> inside = new ArrayList<>(loops);
                inside.add(f);
                yield f.withBody(block(f.body(), inside));
            }
            default -> s;
        };
    }

    /**
     * The statements after {@code def} up to the next assignment of its temporary (exclusive),
     * reading the element instead of the temporary, or null when {@code def} is not forwardable.
     */
    private List<Stmt> forwarded(Assign def, List<Stmt> after, List<For> loops) {
        if (def.op() != Assign.Op.SET || def.atomic() || !(def.target() instanceof VarRef t)
                || !generated.test(t.var()) || !(def.value() instanceof ArrayRef element)) {
            return null;
        }
        Map<Variable, DistinctElements.Range> ranges = DistinctElements.ranges(loops);
        Set<Variable> indexVariables = ExprUtil.indexVariables(element);
        List<Stmt> segment = new ArrayList<>();
        int uses = 1; // the definition's own target
        for (Stmt s : after) {
            if (!(s instanceof Assign a)) {
                return null;
            }
            if (a.target() instanceof VarRef v && v.var().equals(t.var())) {
                break;
            }
            if (indexVariables.contains(a.target().var()) || a.target().var().equals(element.var())
                    && !(a.target() instanceof ArrayRef other && DistinctElements.distinct(other, element, ranges))) {
                return null;
            }
            uses += count(a, t.var());
            segment.add(a);
        }
        if (uses != mentions.getOrDefault(t.var(), 0)) {
            return null;
        }
        forwarded.add(t.var());
        Map<Variable, Expr> replace = Map.of(t.var(), element);
        return segment.stream().map(s -> StmtUtil.mapExprs(s, e -> ExprUtil.substitute(e, replace))).toList();
    }

    private static int count(Stmt s, Variable v) {
        int[] n = {0};
        StmtUtil.forEachExpr(s, e -> ExprUtil.forEach(e, x -> {
            if (x instanceof VarRef r && r.var().equals(v)) {
                n[0]++;
            }
        }));
        return n[0];
    }
}
