package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.ExprUtil;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Variable;

/**
 * The loop order of two-deep adjoint nests, chosen for locality and ownership. Reverse mode keeps
 * the primal's loops (reversed), so the adjoint of {@code y[j] += A[i][j] * x[i]}, parallel over
 * columns j, walks {@code A} and {@code Ab} down columns and increments {@code xb[i]} from every
 * iteration (per-thread copies or atomics). When the nest may be interchanged
 * ({@link InterchangeableNest}: increments that commute, and updates of adjoints they read that
 * can run after them), the order is changed when it is provably better:
 * <ul>
 * <li>of a parallel loop (only then is the new outer loop parallel, with the same clauses), when
 * every element the swapped nest increments is indexed by the inner loop's counter, so that each
 * iteration of the new parallel loop owns what it increments (no atomics, no per-thread copies),
 * and the innermost loop walks the arrays at least as contiguously as before, and something is
 * gained: fewer strided references, or ownership the primal order did not have;</li>
 * <li>of a sequential loop, when the swapped innermost loop makes fewer strided references (an
 * index other than the last one varies with the innermost counter).</li>
 * </ul>
 * Otherwise the nest stays as it is. Each interchange is reported ({@code loop-interchanged}, and
 * {@code race-owned} at the increments that had needed protection). Parallel loops are
 * interchanged under the PRIVATE race strategy only (the command line's default, which avoids
 * atomics wherever it can); the others keep the primal order, whose increments their decisions
 * (atomics, reduction clauses) are about.
 */
final class LoopOrder {

    private final Set<Variable> adjoints;
    private final boolean parallel;
    private final List<Diagnostic> diagnostics;

    private LoopOrder(Set<Variable> adjoints, boolean parallel, List<Diagnostic> diagnostics) {
        this.adjoints = adjoints;
        this.parallel = parallel;
        this.diagnostics = diagnostics;
    }

    /**
     * {@code f} with its adjoint nests in their better order; {@code adjoints} are the adjoint
     * variables, and the reports go to {@code diagnostics} (stale per-thread notes removed).
     */
    static Function apply(Function f, Set<Variable> adjoints, RaceStrategy strategy, List<Diagnostic> diagnostics) {
        LoopOrder pass = new LoopOrder(adjoints, strategy == RaceStrategy.PRIVATE, diagnostics);
        return f.withBody(pass.block(f.body()));
    }

    private Block block(Block b) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : b.stmts()) {
            out.addAll(stmt(s));
        }
        return new Block(out, b.range());
    }

    private List<Stmt> stmt(Stmt s) {
        return switch (s) {
            case Block b -> List.of(block(b));
            case If i -> List.of(new If(i.cond(), block(i.then()), i.otherwise() == null ? null
                    : block(i.otherwise()), i.range()));
            case For f -> {
                // innermost nests first: a nest inside a parallel loop's iteration is ordered for locality
                For inner = f.withBody(block(f.body()));
                yield InterchangeableNest.of(inner, adjoints).flatMap(this::reason)
                        .map(why -> interchanged(inner, why)).orElse(List.of(inner));
            }
            default -> List.of(s);
        };
    }

    /** Why the swapped order is better, or empty when it is not provably so. */
    private Optional<String> reason(InterchangeableNest n) {
        Variable o = n.outer().counter();
        Variable i = n.inner().counter();
        int stridedNow = strided(n.nested(), i).size();
        Set<String> gained = strided(n.nested(), i);
        gained.removeAll(strided(n.nested(), o));
        int stridedSwapped = strided(n.nested(), o).size();
        String locality = gained.isEmpty() ? null : "the innermost loop walks the last dimension of "
                + String.join(", ", gained) + " (contiguous)";
        if (!n.outer().isParallel()) {
            return stridedSwapped < stridedNow ? Optional.of(locality) : Optional.empty();
        }
        if (!parallel || !owns(n.outerIncrements(), o) || !owns(n.nested(), i) || stridedSwapped > stridedNow
                || stridedSwapped == stridedNow && owns(n.nested(), o)) {
            return Optional.empty();
        }
        Set<String> targets = new LinkedHashSet<>();
        n.nested().forEach(a -> targets.add(a.target().var().name()));
        String ownership = "each iteration of the parallel loop over " + i.name() + " owns the elements it increments"
                + " (" + String.join(", ", targets) + "): no atomics or per-thread copies";
        return Optional.of(locality == null ? ownership : locality + ", and " + ownership);
    }

    /**
     * {@code for o { leading }}, {@code for n { for o { increments } }}, {@code for o { trailing }};
     * a parallel outer loop's clauses go to each loop, without per-thread copies (every increment
     * is owned by its iteration now) and with the outer counter private to the new inner loop.
     */
    private List<Stmt> interchanged(For outer, String why) {
        InterchangeableNest n = InterchangeableNest.of(outer, adjoints).orElseThrow();
        OmpParallelFor omp = outer.omp() == null ? null : owned(outer.omp(), outer.counter());
        boolean plain = omp != null;
        List<Stmt> out = new ArrayList<>();
        if (!n.leading().isEmpty()) {
            out.add(outer.withBody(new Block(unprotected(n.leading(), plain), outer.body().range())).withOmp(omp));
        }
        // each loop keeps the source range of its level: the parallel loop is still the one at the outer line
        For swappedInner = header(outer, new Block(unprotected(n.nested(), plain), n.inner().body().range()), null,
                n.inner().range());
        out.add(header(n.inner(), Block.of(swappedInner), omp, outer.range()));
        if (!n.trailing().isEmpty()) {
            out.add(outer.withBody(new Block(unprotected(n.trailing(), plain), outer.body().range())).withOmp(omp));
        }
        diagnostics.add(Diagnostic.info("loop-interchanged", outer.range(), "outer", outer.counter().name(), "inner",
                n.inner().counter().name(), "reason", why));
        if (plain) {
            reportOwned(outer, n);
        }
        return out;
    }

    /** The increments that were protected (atomic or per thread) are reported as owned, and the per-thread notes go. */
    private void reportOwned(For outer, InterchangeableNest n) {
        Set<Variable> accumulated = new LinkedHashSet<>();
        outer.omp().accumulators().forEach(a -> accumulated.add(a.target()));
        List<Assign> increments = new ArrayList<>(n.outerIncrements());
        increments.addAll(n.nested());
        for (Assign a : increments) {
            Variable target = a.target().var();
            if ((a.atomic() || accumulated.contains(target)) && a.range().isKnown()) {
                Variable counter = n.nested().contains(a) ? n.inner().counter() : outer.counter();
                diagnostics.add(Diagnostic.info("race-owned", a.range(), "adjoint", target.name(), "counter",
                        counter.name()));
                // the warning that this increment had to stay atomic no longer holds
                diagnostics.removeIf(d -> d.code().equals("race-private-not-applicable") && d.range().equals(a.range())
                        && target.name().equals(d.arguments().get("adjoint")));
            }
        }
        diagnostics.removeIf(d -> d.code().equals("race-private-accumulation")
                && outer.counter().name().equals(d.arguments().get("counter"))
                && accumulated.stream().anyMatch(v -> v.name().equals(d.arguments().get("adjoint"))));
    }

    /** {@code loop}'s header around {@code body}, with {@code omp} and located at {@code range}. */
    private static For header(For loop, Block body, OmpParallelFor omp, SourceRange range) {
        return new For(loop.counter(), loop.lower(), loop.cmp(), loop.bound(), loop.step(), body, omp, loop.pragmas(),
                range, loop.hint());
    }

    /** The clauses of a loop whose increments are all owned: no per-thread copies; {@code counter} private. */
    private static OmpParallelFor owned(OmpParallelFor omp, Variable counter) {
        OmpParallelFor out = omp.withAccumulators(List.of());
        if (!out.isPrivate(counter)) {
            List<Variable> privates = new ArrayList<>(out.privates());
            privates.add(counter);
            out = out.withPrivates(privates);
        }
        return out;
    }

    private static List<Stmt> unprotected(List<Assign> increments, boolean plain) {
        return increments.stream().map(a -> (Stmt) (plain ? a.withAtomic(false) : a)).toList();
    }

    /** Whether every increment's target has an index that is exactly {@code counter}. */
    private static boolean owns(List<Assign> increments, Variable counter) {
        return increments.stream().allMatch(a -> InterchangeableNest.ownedBy((ArrayRef) a.target(), counter));
    }

    /**
     * The references of {@code increments} (targets and values) that {@code counter} walks with a
     * stride: it appears in an index other than the contiguous one (the last, row-major); each
     * reference once by its text.
     */
    private static Set<String> strided(List<Assign> increments, Variable counter) {
        Set<String> out = new LinkedHashSet<>();
        for (Assign a : increments) {
            List<ArrayRef> refs = new ArrayList<>(ExprUtil.nodes(a.value(), ArrayRef.class));
            refs.add((ArrayRef) a.target());
            for (ArrayRef r : refs) {
                if (strided(r, counter)) {
                    out.add(r.var().name());
                }
            }
        }
        return out;
    }

    private static boolean strided(ArrayRef r, Variable counter) {
        List<Expr> indices = r.indices();
        int contiguous = r.var().layout() == Layout.COLUMN_MAJOR ? 0 : indices.size() - 1;
        for (int k = 0; k < indices.size(); k++) {
            if (k != contiguous && ExprUtil.references(indices.get(k), counter)) {
                return true;
            }
        }
        return false;
    }
}
