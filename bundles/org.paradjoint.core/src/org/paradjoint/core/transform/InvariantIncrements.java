package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.expr.StmtUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * An adjoint element incremented in every iteration of a sequential loop inside a parallel one,
 * at indices the loop does not change ({@code Ab[i][k] += alpha * B[k][j] * Cb[i][j]} in the loop
 * over j), sums into a scalar private to the parallel loop, and the element takes the sum once
 * after the loop: one load and store of the element per loop, or one atomic where the increment
 * is not proven, instead of one per iteration, as a careful hand-written adjoint does. The loop's
 * other statements must not mention the array (where they touch it at elements that are the
 * incremented one only under a condition, {@link FlushedSums} sums over the nest instead), and
 * nothing the loop assigns may enter the element's indices. Sequential code outside parallel loops is left as it is. Where the loop's
 * iterations are otherwise independent, it is marked {@code omp simd reduction(+: sums)}
 * ({@link SimdSums}). A primal written-out sum that the forward sweep recomputes there
 * ({@code tmp[i] = tmp[i] + A[i][j] * x[j]}) is kept in a scalar the same way, loaded before the
 * loop and stored after it, with its additions in their order.
 */
final class InvariantIncrements {

    private final Set<Variable> adjoints;
    private final Names names;
    private final List<Variable> sums = new ArrayList<>();

    private InvariantIncrements(Set<Variable> adjoints, Names names) {
        this.adjoints = adjoints;
        this.names = names;
    }

    /** {@code f} with the invariant increments of {@code adjoints} in its parallel loops summed per loop. */
    static Function apply(Function f, Set<Variable> adjoints, Names names) {
        InvariantIncrements pass = new InvariantIncrements(adjoints, names);
        Block body = pass.block(f.body(), null);
        if (pass.sums.isEmpty()) {
            return f;
        }
        List<Variable> locals = new ArrayList<>(f.locals());
        locals.addAll(pass.sums);
        return f.withLocalsAndBody(locals, body);
    }

    /** {@code privates}: the new sums of the enclosing parallel loop, null outside every parallel loop. */
    private Block block(Block b, List<Variable> privates) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : b.stmts()) {
            out.addAll(stmt(s, privates));
        }
        return new Block(out, b.range());
    }

    private List<Stmt> stmt(Stmt s, List<Variable> privates) {
        return switch (s) {
            case For f when f.omp() != null && privates == null -> {
                List<Variable> mine = new ArrayList<>();
                Block body = block(f.body(), mine);
                List<Variable> all = new ArrayList<>(f.omp().privates());
                all.addAll(mine);
                yield List.of(f.withBody(body).withOmp(f.omp().withPrivates(all)));
            }
            case For f -> {
                FlushedSums flushed = privates == null || f.omp() != null ? null : FlushedSums.of(f, adjoints);
                if (flushed != null) {
                    yield flushedSum(flushed, privates);
                }
                For inner = f.withBody(block(f.body(), privates));
                yield privates == null || inner.omp() != null ? List.of(inner) : hoisted(inner, privates);
            }
            case If i -> List.of(new If(i.cond(), block(i.then(), privates),
                    i.otherwise() == null ? null : block(i.otherwise(), privates), i.range()));
            case Block x -> List.of(block(x, privates));
            default -> List.of(s);
        };
    }

    /** The nest of {@code flushed} with its increment summed into a new private scalar, the rest as any loop. */
    private List<Stmt> flushedSum(FlushedSums flushed, List<Variable> privates) {
        FlushedSums.Flushed sum = flushed.named(names.fresh("pa_sum"));
        sums.add(sum.sum());
        privates.add(sum.sum());
        List<Stmt> out = new ArrayList<>();
        out.add(sum.start());
        out.addAll(stmt(sum.loop(), privates));
        out.add(sum.end());
        return out;
    }

    /** The loop with its invariant increments summed into new private scalars, set before and added after it. */
    private List<Stmt> hoisted(For loop, List<Variable> privates) {
        List<Stmt> body = new ArrayList<>(loop.body().stmts());
        Set<Variable> assigned = new HashSet<>(StmtUtil.writes(loop.body()));
        assigned.add(loop.counter());
        List<Stmt> before = new ArrayList<>();
        List<Stmt> after = new ArrayList<>();
        List<Variable> mine = new ArrayList<>();
        boolean inOrder = false;
        for (int k = 0; k < body.size(); k++) {
            if (!(body.get(k) instanceof Assign given) || usedElsewhere(body, k)) {
                continue;
            }
            Assign a = adjoints.contains(given.target().var()) ? given : InterchangeableNest.asIncrement(given);
            if (!invariantIncrement(a, assigned)) {
                continue;
            }
            ArrayRef element = (ArrayRef) a.target();
            Variable sum = Variable.scalar(names.fresh("pa_sum"), element.var().type(), Variable.Kind.LOCAL);
            sums.add(sum);
            privates.add(sum);
            VarRef s = new VarRef(sum);
            if (adjoints.contains(element.var())) {
                mine.add(sum);
                before.add(Assign.set(s, Exprs.zero(true)));
                body.set(k, new Assign(s, a.op(), a.value(), false, List.of(), a.range()));
                after.add(new Assign(element, Assign.Op.ADD, s, a.atomic(), List.of(), a.range()));
            } else {
                // a primal sum the forward sweep recomputes: the same additions in the same order,
                // only in a register (the recomputed value is the primal's to the last bit)
                inOrder = true;
                before.add(Assign.set(s, element));
                body.set(k, Assign.set(s, new Binary(a.op() == Assign.Op.ADD ? Binary.Op.ADD : Binary.Op.SUB, s,
                        a.value())));
                after.add(Assign.set(element, s));
            }
        }
        if (before.isEmpty()) {
            return List.of(loop);
        }
        List<Stmt> out = new ArrayList<>(before);
        For summing = loop.withBody(new Block(body, loop.body().range()));
        // reassociating (omp simd) is for adjoint sums only: a primal sum keeps its order
        out.add(inOrder ? summing : SimdSums.marked(summing, mine));
        out.addAll(after);
        return out;
    }

    /**
     * {@code a[idx] += e} of a floating array (an adjoint, or a primal written-out sum) whose
     * indices nothing in the loop assigns and whose value does not read it.
     */
    private boolean invariantIncrement(Assign a, Set<Variable> assigned) {
        if (a.op() != Assign.Op.ADD && a.op() != Assign.Op.SUB || !a.pragmas().isEmpty() || a.atomic()
                && !adjoints.contains(a.target().var()) || !(a.target() instanceof ArrayRef element)
                || !element.var().isFloating() || ExprUtil.references(a.value(), element.var())) {
            return false;
        }
        return element.indices().stream().noneMatch(i -> ExprUtil.variables(i).stream().anyMatch(assigned::contains));
    }

    /** True when a statement of the loop other than the {@code k}-th mentions the array the {@code k}-th increments. */
    private static boolean usedElsewhere(List<Stmt> body, int k) {
        Variable array = ((Assign) body.get(k)).target().var();
        for (int j = 0; j < body.size(); j++) {
            if (j != k && StmtUtil.mentioned(body.get(j)).contains(array)) {
                return true;
            }
        }
        return false;
    }
}
