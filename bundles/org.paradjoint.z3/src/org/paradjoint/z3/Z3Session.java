package org.paradjoint.z3;

import java.math.BigInteger;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.paradjoint.race.Model;
import org.paradjoint.race.ProverResult;
import org.paradjoint.race.ProverSession;
import org.paradjoint.race.logic.Formula;
import org.paradjoint.race.logic.Term;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.IntExpr;
import com.microsoft.z3.IntNum;
import com.microsoft.z3.IntSort;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Sort;
import com.microsoft.z3.Status;

/**
 * One Z3 context and solver. The background of consecutive questions stays asserted while it is
 * equal; each question is pushed and popped. Integers are Z3 {@code Int}s, index arrays
 * uninterpreted functions {@code Int^k -> Int}.
 */
final class Z3Session implements ProverSession {

    private final Context ctx;
    private final Solver solver;
    private final Map<String, IntExpr> ints = new HashMap<>();
    private final Map<String, BoolExpr> bools = new HashMap<>();
    private final Map<String, FuncDecl<IntSort>> functions = new HashMap<>();
    private Formula background;
    private boolean pushed;
    private long timeoutMillis = -1;
    private boolean closed;

    Z3Session() {
        ctx = new Context();
        solver = ctx.mkSolver();
    }

    @Override
    public ProverResult check(Formula bg, Formula query, Duration timeout) {
        if (closed) {
            throw new IllegalStateException("session closed");
        }
        if (!bg.equals(background)) {
            solver.reset();
            pushed = false;
            timeoutMillis = -1;
            solver.add(new BoolExpr[] {bool(bg)});
            background = bg;
        }
        if (pushed) {
            solver.pop();
        }
        solver.push();
        pushed = true;
        setTimeout(timeout);
        solver.add(new BoolExpr[] {bool(query)});
        Status status = solver.check();
        return switch (status) {
            case SATISFIABLE -> new ProverResult.Sat(new Z3Model(solver.getModel()));
            case UNSATISFIABLE -> new ProverResult.Unsat();
            case UNKNOWN -> new ProverResult.Unknown(reasonUnknown(timeout));
        };
    }

    private void setTimeout(Duration timeout) {
        long ms = Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        if (ms != timeoutMillis) {
            Params p = ctx.mkParams();
            p.add("timeout", (int) ms);
            solver.setParameters(p);
            timeoutMillis = ms;
        }
    }

    private String reasonUnknown(Duration timeout) {
        String r = solver.getReasonUnknown();
        if (r != null && (r.contains("timeout") || r.contains("canceled"))) {
            return "no answer within " + timeout.toMillis() + " ms";
        }
        return "z3: " + r;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            ctx.close();
        }
    }

    // ---- translation --------------------------------------------------------------------

    private BoolExpr bool(Formula f) {
        return switch (f) {
            case Formula.Bool b -> ctx.mkBool(b.value());
            case Formula.Cmp c -> {
                ArithExpr<IntSort> l = integer(c.left());
                ArithExpr<IntSort> r = integer(c.right());
                yield switch (c.rel()) {
                    case EQ -> ctx.mkEq(l, r);
                    case NE -> ctx.mkNot(ctx.mkEq(l, r));
                    case LT -> ctx.mkLt(l, r);
                    case LE -> ctx.mkLe(l, r);
                };
            }
            case Formula.And a -> ctx.mkAnd(a.parts().stream().map(this::bool).toArray(BoolExpr[]::new));
            case Formula.Or o -> ctx.mkOr(o.parts().stream().map(this::bool).toArray(BoolExpr[]::new));
            case Formula.Not n -> ctx.mkNot(bool(n.operand()));
            case Formula.BoolVar v -> bools.computeIfAbsent(v.name(), ctx::mkBoolConst);
            case Formula.Forall q -> {
                Expr<?>[] bound = q.vars().stream().map(this::intVar).toArray(Expr[]::new);
                yield ctx.mkForall(bound, bool(q.body()), 0, null, null, null, null);
            }
        };
    }

    private ArithExpr<IntSort> integer(Term t) {
        return switch (t) {
            case Term.Const c -> ctx.mkInt(c.value());
            case Term.Var v -> intVar(v.name());
            case Term.Add a -> ctx.mkAdd(a.terms().stream().map(this::integer).toList().toArray(arithArray(a.terms().size())));
            case Term.Sub s -> ctx.mkSub(integer(s.left()), integer(s.right()));
            case Term.Mul m -> ctx.mkMul(integer(m.left()), integer(m.right()));
            case Term.Mod m -> ctx.mkMod(integer(m.dividend()), ctx.mkInt(m.divisor()));
            case Term.App a -> apply(a);
        };
    }

    /**
     * C's integer division and remainder (truncated towards zero; the remainder has the sign of
     * the dividend), from Z3's Euclidean ones on magnitudes: {@code |a| div |b|} is then the
     * truncated quotient's magnitude. With these the prover reasons about {@code (i + 1) % n} as
     * C computes it, and a counterexample's elements are those the program touches.
     */
    private ArithExpr<IntSort> truncated(String op, ArithExpr<IntSort> a, ArithExpr<IntSort> b) {
        ArithExpr<IntSort> zero = ctx.mkInt(0);
        ArithExpr<IntSort> absA = (ArithExpr<IntSort>) ctx.mkITE(ctx.mkGe(a, zero), a, ctx.mkUnaryMinus(a));
        ArithExpr<IntSort> absB = (ArithExpr<IntSort>) ctx.mkITE(ctx.mkGe(b, zero), b, ctx.mkUnaryMinus(b));
        ArithExpr<IntSort> magnitude = ctx.mkDiv(absA, absB);
        BoolExpr sameSign = ctx.mkEq(ctx.mkGe(a, zero), ctx.mkGt(b, zero));
        ArithExpr<IntSort> quotient = (ArithExpr<IntSort>) ctx.mkITE(sameSign, magnitude,
                ctx.mkUnaryMinus(magnitude));
        return op.equals("/") ? quotient : ctx.mkSub(a, ctx.mkMul(b, quotient));
    }

    @SuppressWarnings("unchecked")
    private static ArithExpr<IntSort>[] arithArray(int n) {
        return (ArithExpr<IntSort>[]) new ArithExpr<?>[n];
    }

    private IntExpr intVar(String name) {
        return ints.computeIfAbsent(name, ctx::mkIntConst);
    }

    @SuppressWarnings("unchecked")
    private ArithExpr<IntSort> apply(Term.App a) {
        List<Term> args = a.args();
        if (args.size() == 2 && (a.function().equals("/") || a.function().equals("%"))) {
            return truncated(a.function(), integer(args.get(0)), integer(args.get(1)));
        }
        FuncDecl<IntSort> f = functions.computeIfAbsent(a.function() + "/" + args.size(), k -> {
            Sort[] domain = new Sort[args.size()];
            java.util.Arrays.fill(domain, ctx.getIntSort());
            return ctx.mkFuncDecl(a.function(), domain, ctx.getIntSort());
        });
        Expr<?>[] xs = args.stream().map(this::integer).toArray(Expr[]::new);
        return (ArithExpr<IntSort>) ctx.mkApp(f, xs);
    }

    private final class Z3Model implements Model {
        private final com.microsoft.z3.Model model;

        Z3Model(com.microsoft.z3.Model model) {
            this.model = model;
        }

        @Override
        public OptionalLong eval(Term t) {
            if (closed) {
                throw new IllegalStateException("session closed");
            }
            Expr<?> v = model.eval(integer(t), true);
            if (v instanceof IntNum n) {
                BigInteger b = n.getBigInteger();
                if (b.bitLength() < 64) {
                    return OptionalLong.of(b.longValue());
                }
            }
            return OptionalLong.empty();
        }
    }
}
