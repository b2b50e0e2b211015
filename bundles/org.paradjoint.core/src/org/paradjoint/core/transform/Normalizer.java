package org.paradjoint.core.transform;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import org.paradjoint.core.frontend.Increments;
import org.paradjoint.core.inline.ReturnLowering;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Puts an (inlined) function into the shape the transformations expect: no {@code return}
 * (early returns become branches), no nested plain blocks, and declarations only at two
 * places: the function's locals, or the top of a parallel loop body (where they are private to
 * the iteration). A declaration with an initialiser becomes an assignment where it stood.
 */
final class Normalizer {

    private Normalizer() {
    }

    static Function normalize(Function f) {
        List<Stmt> stmts = ReturnLowering.lower(f.body().stmts(), null);
        List<Variable> locals = new ArrayList<>(f.locals());
        List<Stmt> body = sequential(stmts, locals);
        return f.withLocalsAndBody(locals, new Block(body, f.body().range()));
    }

    private static List<Stmt> sequential(List<Stmt> stmts, List<Variable> locals) {
        Consumer<Variable> declare = v -> {
            if (!locals.contains(v)) {
                locals.add(v);
            }
        };
        return undeclared(stmts, declare, true);
    }

    /** The parallel loop with the declarations of its (innermost collapsed) body at the top of that body. */
    private static For parallel(For f) {
        return (For) collapsed(withSumIncrements(f), Math.max(1, f.omp().collapse()));
    }

    /**
     * {@code f} with the written-out updates of its sum reductions ({@code s = s + a + b}, as
     * Fortran writes them) as increments ({@code s += a + b}), the form the reverse sweep reads.
     */
    private static For withSumIncrements(For f) {
        Set<Variable> sums = new LinkedHashSet<>();
        for (OmpParallelFor.Reduction r : f.omp().reductions()) {
            if (r.op().equals("+") || r.op().equals("-")) {
                sums.addAll(r.vars());
            }
        }
        return sums.isEmpty() ? f : f.withBody(sumIncrements(f.body(), sums));
    }

    private static Block sumIncrements(Block b, Set<Variable> sums) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : b.stmts()) {
            out.add(switch (s) {
                case Assign a when sums.contains(a.target().var()) && Increments.asIncrement(a) != null ->
                    Increments.asIncrement(a);
                case If i -> new If(i.cond(), sumIncrements(i.then(), sums),
                        i.otherwise() == null ? null : sumIncrements(i.otherwise(), sums), i.range());
                case For inner -> inner.withBody(sumIncrements(inner.body(), sums));
                case Block x -> sumIncrements(x, sums);
                default -> s;
            });
        }
        return new Block(out, b.range());
    }

    private static Stmt collapsed(For f, int levels) {
        if (levels > 1 && f.body().stmts().size() == 1 && f.body().stmts().get(0) instanceof For inner) {
            return f.withBody(Block.of(collapsed(inner, levels - 1)));
        }
        Set<Variable> declared = new LinkedHashSet<>();
        List<Stmt> rest = inParallel(f.body().stmts(), declared);
        List<Stmt> body = new ArrayList<>();
        for (Variable v : declared) {
            body.add(new Decl(v, null));
        }
        body.addAll(rest);
        return f.withBody(new Block(body, f.body().range()));
    }

    private static List<Stmt> inParallel(List<Stmt> stmts, Set<Variable> declared) {
        return undeclared(stmts, declared::add, false);
    }

    /**
     * {@code stmts} with nested blocks spliced in and each declaration replaced by the assignment
     * of its initialiser, the variable handed to {@code declare}; inside branches and loops too,
     * except parallel loops when {@code ownParallelBodies} (their bodies keep their declarations).
     */
    private static List<Stmt> undeclared(List<Stmt> stmts, Consumer<Variable> declare, boolean ownParallelBodies) {
        UnaryOperator<List<Stmt>> nested = l -> undeclared(l, declare, ownParallelBodies);
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            switch (s) {
                case Decl d -> {
                    declare.accept(d.var());
                    if (d.init() != null) {
                        out.add(new Assign(new VarRef(d.var()), Assign.Op.SET, d.init(), false, List.of(), d.range()));
                    }
                }
                case Block b -> out.addAll(nested.apply(b.stmts()));
                case If i -> out.add(new If(i.cond(), new Block(nested.apply(i.then().stmts())),
                        i.otherwise() == null ? null : new Block(nested.apply(i.otherwise().stmts())), i.range()));
                case For f when ownParallelBodies && f.isParallel() -> out.add(parallel(f));
                case For f -> out.add(f.withBody(new Block(nested.apply(f.body().stmts()), f.body().range())));
                default -> out.add(s);
            }
        }
        return out;
    }
}
