package org.paradjoint.core.frontend;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * Increments as the OpenMP front-ends read them: the written-out forms ({@code x = x + e}) as
 * {@code x += e}, and atomic or critical increments of shared scalars in a parallel loop as a sum
 * reduction of the loop. One place for both languages.
 */
public final class Increments {

    private Increments() {
    }

    /** What an increment adds: {@code e} in {@code x = x + e} (in any of the forms {@link #asIncrement} reads); null for other assignments. */
    static Expr added(Assign a) {
        Assign inc = asIncrement(a);
        return inc == null ? null : inc.value();
    }

    /**
     * An increment as {@code x += e} or {@code x -= e}: {@code a} itself when it is one, else
     * {@code x = x + e}, {@code x = x - e}, {@code x = e + x}, or a chain {@code x = x + e1 - e2 ...}
     * (read as {@code x += (e1 - e2 ...)}), as front-ends of languages without compound assignment
     * (Fortran) read them; null for other assignments. The atomic flag, annotations and range are
     * kept.
     */
    public static Assign asIncrement(Assign a) {
        if (a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB) {
            return a;
        }
        if (a.op() != Assign.Op.SET || !(a.value() instanceof Binary top)) {
            return null;
        }
        if (top.op() == Binary.Op.ADD && top.right().equals(a.target())) {
            return new Assign(a.target(), Assign.Op.ADD, top.left(), a.atomic(), a.pragmas(), a.range());
        }
        // the left spine of + and -, down to the target
        List<Binary> spine = new ArrayList<>();
        Expr e = top;
        while (e instanceof Binary b && (b.op() == Binary.Op.ADD || b.op() == Binary.Op.SUB)) {
            spine.add(0, b);
            e = b.left();
        }
        if (spine.isEmpty() || !e.equals(a.target())) {
            return null;
        }
        boolean subtract = spine.get(0).op() == Binary.Op.SUB;
        Expr added = spine.get(0).right();
        for (Binary b : spine.subList(1, spine.size())) {
            boolean add = (b.op() == Binary.Op.ADD) != subtract;
            added = new Binary(add ? Binary.Op.ADD : Binary.Op.SUB, added, b.right());
        }
        return new Assign(a.target(), subtract ? Assign.Op.SUB : Assign.Op.ADD, added, a.atomic(), a.pragmas(),
                a.range());
    }

    /**
     * The increment {@code s} is ({@link #asIncrement}), marked atomic: what {@code omp atomic} or a
     * {@code critical} section around increments makes of it (for increments the two are the same:
     * no other thread can observe their order); null when {@code s} is no increment.
     */
    public static Assign atomicIncrement(Stmt s) {
        Assign inc = s instanceof Assign a ? asIncrement(a) : null;
        return inc == null ? null : inc.withAtomic(true);
    }

    /**
     * A parallel loop whose atomic increments of a shared scalar (an {@code omp atomic} or a
     * {@code critical} section of increments) become a {@code reduction(+: s)} of the loop: the
     * scalar is not otherwise read or written in the loop, so the order of the increments cannot
     * be observed. Atomic increments of array elements stay atomic.
     */
    public static For scalarUpdatesAsReductions(For loop) {
        Set<Variable> atomicScalars = new LinkedHashSet<>();
        StmtUtil.forEach(loop.body(), s -> {
            if (s instanceof Assign a && a.atomic() && a.target().var().dims().isEmpty()
                    && !loop.omp().isPrivate(a.target().var())) {
                atomicScalars.add(a.target().var());
            }
        });
        atomicScalars.removeIf(v -> !onlyAtomicallyIncremented(loop.body(), v));
        if (atomicScalars.isEmpty()) {
            return loop;
        }
        Block body = (Block) plain(loop.body(), atomicScalars);
        List<OmpParallelFor.Reduction> reductions = new ArrayList<>(loop.omp().reductions());
        reductions.add(new OmpParallelFor.Reduction("+", List.copyOf(atomicScalars)));
        return loop.withBody(body).withOmp(loop.omp().withReductions(reductions));
    }

    /** {@code s} with the atomic increments of {@code reduced} made plain. */
    private static Stmt plain(Stmt s, Set<Variable> reduced) {
        return switch (s) {
        case Assign a when a.atomic() && reduced.contains(a.target().var()) -> a.withAtomic(false);
        case Block b -> new Block(b.stmts().stream().map(x -> plain(x, reduced)).toList(), b.range());
        case For f -> f.withBody((Block) plain(f.body(), reduced));
        case If i -> new If(i.cond(), (Block) plain(i.then(), reduced),
                i.otherwise() == null ? null : (Block) plain(i.otherwise(), reduced), i.range());
        default -> s;
        };
    }

    private static boolean onlyAtomicallyIncremented(Block body, Variable v) {
        boolean[] ok = {true};
        StmtUtil.forEach(body, s -> {
            if (s instanceof Assign a) {
                if (a.target().var().equals(v) && !(a.atomic()
                        && (a.op() == Assign.Op.ADD || a.op() == Assign.Op.SUB))
                        || ExprUtil.references(a.value(), v)) {
                    ok[0] = false;
                }
            } else if (!(s instanceof Block) && StmtUtil.ownExprs(s).stream().anyMatch(e -> ExprUtil.references(e, v))) {
                ok[0] = false;
            }
        });
        return ok[0];
    }
}
