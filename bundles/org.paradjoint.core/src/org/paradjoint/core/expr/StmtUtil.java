package org.paradjoint.core.expr;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.LoopHint;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/** Traversal of statements: visiting, expressions they contain, variables they write, renaming. */
public final class StmtUtil {

    private StmtUtil() {
    }

    /** Visits every statement, parents before children. */
    public static void forEach(Stmt s, Consumer<Stmt> visitor) {
        if (s == null) {
            return;
        }
        visitor.accept(s);
        switch (s) {
            case Block b -> b.stmts().forEach(x -> forEach(x, visitor));
            case For f -> forEach(f.body(), visitor);
            case If i -> {
                forEach(i.then(), visitor);
                forEach(i.otherwise(), visitor);
            }
            default -> {
            }
        }
    }

    /** The expressions a statement itself holds (not those of nested statements). */
    public static List<Expr> ownExprs(Stmt s) {
        List<Expr> out = new ArrayList<>();
        switch (s) {
            case Assign a -> {
                out.add(a.target());
                out.add(a.value());
            }
            case For f -> {
                out.add(f.lower());
                out.add(f.bound());
                out.add(f.step());
            }
            case If i -> out.add(i.cond());
            case CallStmt c -> out.add(c.call());
            case Return r -> {
                if (r.value() != null) {
                    out.add(r.value());
                }
            }
            case Decl d -> {
                if (d.init() != null) {
                    out.add(d.init());
                }
            }
            case Block b -> {
            }
        }
        return out;
    }

    /**
     * The array elements a statement tree reads, in order: in values, conditions and loop headers,
     * and in the indices of assignment targets (not the targets themselves).
     */
    public static List<ArrayRef> arrayReads(Stmt s) {
        List<ArrayRef> out = new ArrayList<>();
        forEach(s, x -> {
            List<Expr> exprs = new ArrayList<>(ownExprs(x));
            if (x instanceof Assign a) {
                exprs.remove(a.target());
                if (a.target() instanceof ArrayRef t) {
                    exprs.addAll(t.indices());
                }
            }
            exprs.forEach(e -> out.addAll(ExprUtil.nodes(e, ArrayRef.class)));
        });
        return out;
    }

    /**
     * The assignment targets in a statement tree that are elements of {@code v}, or empty when an
     * assignment sets {@code v} whole.
     */
    public static Optional<List<ArrayRef>> elementTargets(Stmt s, Variable v) {
        List<ArrayRef> out = new ArrayList<>();
        boolean[] whole = {false};
        forEach(s, x -> {
            if (x instanceof Assign a && a.target().var().equals(v)) {
                if (a.target() instanceof ArrayRef r) {
                    out.add(r);
                } else {
                    whole[0] = true;
                }
            }
        });
        return whole[0] ? Optional.empty() : Optional.of(out);
    }

    /** Every expression of a statement tree (targets of assignments included). */
    public static void forEachExpr(Stmt s, Consumer<Expr> visitor) {
        forEach(s, x -> ownExprs(x).forEach(e -> ExprUtil.forEach(e, visitor)));
    }

    /** The calls anywhere in a statement tree. */
    public static List<Call> calls(Stmt s) {
        List<Call> out = new ArrayList<>();
        forEach(s, x -> ownExprs(x).forEach(e -> out.addAll(ExprUtil.calls(e))));
        return out;
    }

    /**
     * Variables a statement tree may modify: assignment targets, loop counters, declared variables,
     * the receive buffers of communications.
     */
    public static Set<Variable> writes(Stmt s) {
        Set<Variable> out = new LinkedHashSet<>();
        forEach(s, x -> {
            switch (x) {
                case Assign a -> out.add(a.target().var());
                case For f -> out.add(f.counter());
                case Decl d -> out.add(d.var());
                case CallStmt c when c.call().isMpi() ->
                        org.paradjoint.core.mpi.Communication.of(c).ifPresent(m -> out.addAll(m.written()));
                default -> {
                }
            }
        });
        return out;
    }

    /**
     * Whether {@code s} may read {@code v} before writing it: a loop counting with {@code v}
     * writes it first (only its first value is read before), so a loop over {@code v} inside a
     * branch (a Fortran section's {@code do i = ...}) does not read an old value; in a block, the
     * statements after a plain assignment of {@code v} or such a loop do not either.
     */
    public static boolean readsBeforeWriting(Stmt s, Variable v) {
        return switch (s) {
            case For f when f.counter().equals(v) -> ExprUtil.references(f.lower(), v);
            case For f -> StmtUtil.ownExprs(f).stream().anyMatch(e -> ExprUtil.references(e, v))
                    || readsBeforeWriting(f.body(), v);
            case If i -> ExprUtil.references(i.cond(), v) || readsBeforeWriting(i.then(), v)
                    || i.otherwise() != null && readsBeforeWriting(i.otherwise(), v);
            case Block b -> {
                for (Stmt x : b.stmts()) {
                    if (readsBeforeWriting(x, v)) {
                        yield true;
                    }
                    if (x instanceof Assign a && a.op() == Assign.Op.SET && a.target() instanceof VarRef r
                            && r.var().equals(v) || x instanceof For f && f.counter().equals(v)) {
                        yield false;
                    }
                }
                yield false;
            }
            default -> StmtUtil.reads(s).contains(v);
        };
    }

    /** Variables a statement tree reads anywhere (including indices of targets and loop counters). */
    public static Set<Variable> reads(Stmt s) {
        Set<Variable> out = new LinkedHashSet<>();
        forEach(s, x -> {
            switch (x) {
                case Assign a -> {
                    out.addAll(ExprUtil.indexVariables(a.target()));
                    if (a.op() != Assign.Op.SET) {
                        out.add(a.target().var());
                    }
                    out.addAll(ExprUtil.variables(a.value()));
                }
                default -> ownExprs(x).forEach(e -> out.addAll(ExprUtil.variables(e)));
            }
        });
        return out;
    }

    /** Every variable mentioned anywhere in a statement tree. */
    public static Set<Variable> mentioned(Stmt s) {
        Set<Variable> out = new LinkedHashSet<>();
        forEach(s, x -> {
            if (x instanceof For f) {
                out.add(f.counter());
                if (f.omp() != null) {
                    out.addAll(ompVariables(f.omp()));
                }
            }
            if (x instanceof Decl d) {
                out.add(d.var());
            }
        });
        forEachExpr(s, e -> {
            if (e instanceof LValue lv) {
                out.add(lv.var());
            }
        });
        return out;
    }

    public static Set<Variable> ompVariables(OmpParallelFor omp) {
        Set<Variable> out = new LinkedHashSet<>();
        out.addAll(omp.privates());
        out.addAll(omp.firstprivates());
        out.addAll(omp.shared());
        out.addAll(omp.reductionVariables());
        omp.accumulators().forEach(a -> out.add(a.target()));
        return out;
    }

    /** Rewrites every expression of a statement tree (assignment targets must stay lvalues). */
    public static Stmt mapExprs(Stmt s, UnaryOperator<Expr> f) {
        return switch (s) {
            case Assign a -> new Assign((LValue) f.apply(a.target()), a.op(), f.apply(a.value()), a.atomic(),
                    a.pragmas(), a.range());
            case For x -> new For(x.counter(), f.apply(x.lower()), x.cmp(), f.apply(x.bound()), f.apply(x.step()),
                    (Block) mapExprs(x.body(), f), x.omp(), x.pragmas(), x.range(), x.hint());
            case If i -> new If(f.apply(i.cond()), (Block) mapExprs(i.then(), f),
                    i.otherwise() == null ? null : (Block) mapExprs(i.otherwise(), f), i.range());
            case Block b -> new Block(b.stmts().stream().map(x -> mapExprs(x, f)).toList(), b.range());
            case CallStmt c -> new CallStmt((Call) f.apply(c.call()), c.range());
            case Return r -> new Return(r.value() == null ? null : f.apply(r.value()), r.range());
            case Decl d -> new Decl(d.var(), d.init() == null ? null : f.apply(d.init()), d.range());
        };
    }

    /** Renames variables everywhere: expressions, loop counters, declarations and OpenMP clauses. */
    public static Stmt rename(Stmt s, Map<Variable, Variable> renaming) {
        if (renaming.isEmpty()) {
            return s;
        }
        return switch (s) {
            case Assign a -> new Assign(ExprUtil.rename(a.target(), renaming), a.op(),
                    ExprUtil.rename(a.value(), renaming), a.atomic(), a.pragmas(), a.range());
            case For x -> new For(renaming.getOrDefault(x.counter(), x.counter()),
                    ExprUtil.rename(x.lower(), renaming), x.cmp(), ExprUtil.rename(x.bound(), renaming),
                    ExprUtil.rename(x.step(), renaming), (Block) rename(x.body(), renaming),
                    x.omp() == null ? null : renameOmp(x.omp(), renaming), x.pragmas(), x.range(),
                    renameHint(x.hint(), renaming));
            case If i -> new If(ExprUtil.rename(i.cond(), renaming), (Block) rename(i.then(), renaming),
                    i.otherwise() == null ? null : (Block) rename(i.otherwise(), renaming), i.range());
            case Block b -> new Block(b.stmts().stream().map(x -> rename(x, renaming)).toList(), b.range());
            case CallStmt c -> new CallStmt((Call) ExprUtil.rename(c.call(), renaming), c.range());
            case Return r -> new Return(r.value() == null ? null : ExprUtil.rename(r.value(), renaming), r.range());
            case Decl d -> new Decl(renaming.getOrDefault(d.var(), d.var()),
                    d.init() == null ? null : ExprUtil.rename(d.init(), renaming), d.range());
        };
    }

    private static LoopHint renameHint(LoopHint hint, Map<Variable, Variable> renaming) {
        return switch (hint) {
            case LoopHint.Simd simd -> new LoopHint.Simd(simd.sums().stream().map(v -> renaming.getOrDefault(v, v))
                    .toList());
            case LoopHint.SetBits walk -> new LoopHint.SetBits(renaming.getOrDefault(walk.bits(), walk.bits()));
            case null, default -> hint;
        };
    }

    public static OmpParallelFor renameOmp(OmpParallelFor omp, Map<Variable, Variable> renaming) {
        UnaryOperator<List<Variable>> r = l -> l.stream().map(v -> renaming.getOrDefault(v, v)).toList();
        return new OmpParallelFor(r.apply(omp.privates()), r.apply(omp.firstprivates()), r.apply(omp.shared()),
                omp.reductions().stream().map(x -> new OmpParallelFor.Reduction(x.op(), r.apply(x.vars()))).toList(),
                omp.schedule(), omp.collapse(), omp.defaultSharing(), omp.range(),
                omp.accumulators().stream().map(a -> new OmpParallelFor.PrivateAccumulator(
                        renaming.getOrDefault(a.target(), a.target()), renaming.getOrDefault(a.view(), a.view()),
                        a.buffer(), a.threads(), a.part().stream().map(e -> ExprUtil.rename(e, renaming)).toList()))
                        .toList());
    }

    /** What each statement of {@code in} becomes under {@code rewrite}, in order. */
    public static List<Stmt> flatMap(List<Stmt> in, Function<Stmt, List<Stmt>> rewrite) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : in) {
            out.addAll(rewrite.apply(s));
        }
        return out;
    }

    /** {@code b} with its statements rewritten by {@code rewrite} ({@link #flatMap}); null for null. */
    public static Block flatMap(Block b, Function<Stmt, List<Stmt>> rewrite) {
        return b == null ? null : new Block(flatMap(b.stmts(), rewrite), b.range());
    }

    /** The blocks an {@code if} (then, and else when present) or a plain block runs; none for other statements. */
    public static List<Block> branches(Stmt s) {
        return switch (s) {
            case If i -> i.otherwise() == null ? List.of(i.then()) : List.of(i.then(), i.otherwise());
            case Block b -> List.of(b);
            default -> List.of();
        };
    }

    /** The statements of a block flattened: nested plain blocks are spliced in. */
    public static List<Stmt> flatten(List<Stmt> stmts) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            if (s instanceof Block b) {
                out.addAll(flatten(b.stmts()));
            } else {
                out.add(s);
            }
        }
        return out;
    }

    public static boolean isScalarRef(Expr e) {
        return e instanceof VarRef r && r.var().isScalar();
    }

    public static boolean isArrayElement(Expr e) {
        return e instanceof ArrayRef;
    }
}
