package org.paradjoint.fortran.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.Cast;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.LValue;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.Unary;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.diag.SourceRange;

/**
 * Random IR kernels in the shape the Fortran front-end produces: column-major variables with
 * literal lower bounds, dummies in any order, locals scalars first, do loops with constant steps,
 * if chains, parallel loops whose private list holds the inner counters, atomic increments,
 * annotations; expressions over the operators, literals and intrinsics that have a Fortran
 * spelling. Deterministic for a seed.
 */
final class RandomIr {

    private static final String[] UNARY = {"sin", "cos", "exp", "log", "sqrt", "fabs", "tanh", "atan", "erf"};
    private static final String[] BINARY = {"fmax", "fmin", "atan2", "hypot", "fmod"};

    private final Random rnd;
    private final Variable n;
    private final Variable m;
    private final List<Variable> realArrays = new ArrayList<>();
    private final List<Variable> writableArrays = new ArrayList<>();
    private final List<Variable> intArrays = new ArrayList<>();
    private final List<Variable> realScalars = new ArrayList<>();
    private final List<Variable> writableReals = new ArrayList<>();
    private final List<Variable> intScalars = new ArrayList<>();
    private final List<Variable> counters = new ArrayList<>();
    private final List<Variable> activeCounters = new ArrayList<>();
    private final List<AdPragma> pragmas = new ArrayList<>();
    private int depth;
    /** While set, expressions read no array element and divide no integers (operands C may not evaluate). */
    private boolean lazy;

    private RandomIr(long seed) {
        rnd = new Random(seed);
        n = param("n", BaseType.INT, List.of(), true);
        m = param("m", BaseType.INT, List.of(), true);
    }

    static Function kernel(long seed) {
        return new RandomIr(seed).build(seed);
    }

    private static Variable param(String name, BaseType t, List<Dim> dims, boolean isConst) {
        return new Variable(name, t, dims, Variable.Kind.PARAMETER, isConst, Layout.COLUMN_MAJOR, SourceRange.NONE);
    }

    private static Variable local(String name, BaseType t, List<Dim> dims) {
        return new Variable(name, t, dims, Variable.Kind.LOCAL, false, Layout.COLUMN_MAJOR, SourceRange.NONE);
    }

    private Expr extent() {
        return switch (rnd.nextInt(4)) {
            case 0 -> v(n);
            case 1 -> new Binary(Binary.Op.ADD, v(n), new IntLit(1 + rnd.nextInt(3)));
            case 2 -> new IntLit(2 + rnd.nextInt(20));
            default -> new Binary(Binary.Op.MUL, new IntLit(2), v(m));
        };
    }

    private Dim dim() {
        long[] lowers = {1, 1, 0, -1, 2};
        return new Dim(new IntLit(lowers[rnd.nextInt(lowers.length)]), extent());
    }

    private Function build(long seed) {
        List<Variable> params = new ArrayList<>(List.of(n, m));
        int arrays = 2 + rnd.nextInt(3);
        for (int k = 0; k < arrays; k++) {
            int rank = 1 + rnd.nextInt(k == 0 ? 1 : 3);
            List<Dim> dims = new ArrayList<>();
            for (int d = 0; d < rank; d++) {
                dims.add(dim());
            }
            if (k > 0 && rnd.nextInt(5) == 0) {
                dims.set(rank - 1, new Dim(dims.get(rank - 1).lower(), null));
            }
            boolean ro = k > 0 && rnd.nextBoolean();
            Variable a = param("a" + k, BaseType.DOUBLE, dims, ro);
            params.add(a);
            realArrays.add(a);
            if (!ro) {
                writableArrays.add(a);
            }
        }
        Variable c = param("c", BaseType.INT, List.of(new Dim(new IntLit(1), v(n))), true);
        params.add(c);
        intArrays.add(c);
        Variable s = param("s", BaseType.DOUBLE, List.of(), rnd.nextBoolean());
        params.add(s);
        realScalars.add(s);
        if (!s.isConst()) {
            writableReals.add(s);
        }
        java.util.Collections.shuffle(params, rnd);
        List<Variable> locals = new ArrayList<>();
        for (String name : List.of("i", "j", "k")) {
            Variable x = local(name, BaseType.INT, List.of());
            locals.add(x);
            counters.add(x);
        }
        Variable q = local("q", rnd.nextBoolean() ? BaseType.INT : BaseType.LONG, List.of());
        locals.add(q);
        intScalars.add(q);
        for (String name : List.of("t0", "t1", "t2")) {
            Variable t = local(name, BaseType.DOUBLE, List.of());
            locals.add(t);
            realScalars.add(t);
            writableReals.add(t);
        }
        Variable w = local("w", BaseType.DOUBLE, List.of(new Dim(new IntLit(rnd.nextInt(2)), new IntLit(8))));
        locals.add(w);
        realArrays.add(w);
        writableArrays.add(w);
        List<Stmt> body = stmts(2 + rnd.nextInt(4));
        if (rnd.nextInt(4) == 0) {
            body.add(new Return(null, SourceRange.NONE));
        }
        Variable dep = writableArrays.get(0);
        Variable indep = realArrays.get(realArrays.size() > 2 ? 1 : 0);
        if (rnd.nextBoolean() && indep.isParameter()) {
            pragmas.add(0, new AdPragma.Gradient(List.of(dep.name()), List.of(indep.name()), SourceRange.NONE));
        }
        return new Function("k" + seed, null, params, locals, new Block(body), pragmas, false, null,
                SourceRange.NONE);
    }

    // ---- statements ---------------------------------------------------------------------------

    private List<Stmt> stmts(int count) {
        List<Stmt> out = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            out.add(stmt());
        }
        return out;
    }

    private Stmt stmt() {
        int r = depth > 2 ? 0 : rnd.nextInt(10);
        depth++;
        try {
            if (r <= 4) {
                return assign();
            }
            if (r <= 6 && activeCounters.size() < counters.size()) {
                return loop(false);
            }
            if (r == 7 && activeCounters.isEmpty()) {
                return loop(true);
            }
            return branch();
        } finally {
            depth--;
        }
    }

    private Assign assign() {
        int r = rnd.nextInt(4);
        if (r == 0) {
            Variable t = pick(intScalars);
            Expr value = intExpr(2);
            return Assign.set(new VarRef(t), t.type() == BaseType.LONG ? new Cast(BaseType.LONG, value) : value);
        }
        if (r == 1) {
            return Assign.set(new VarRef(pick(writableReals)), realExpr(3));
        }
        return Assign.set(element(pick(writableArrays)), realExpr(3));
    }

    private For loop(boolean parallel) {
        Variable i = null;
        for (Variable c : counters) {
            if (!activeCounters.contains(c)) {
                i = c;
                break;
            }
        }
        activeCounters.add(i);
        boolean up = rnd.nextInt(3) > 0;
        long step = (1 + rnd.nextInt(2)) * (up ? 1 : -1);
        Expr lower = up ? new IntLit(rnd.nextInt(3)) : v(n);
        Expr bound = up ? (rnd.nextBoolean() ? v(n) : new Binary(Binary.Op.SUB, v(m), new IntLit(1)))
                : new IntLit(1);
        List<Stmt> body;
        OmpParallelFor omp = null;
        List<AdPragma> own = List.of();
        if (parallel) {
            body = new ArrayList<>();
            int count = 1 + rnd.nextInt(3);
            for (int k = 0; k < count; k++) {
                body.add(rnd.nextInt(3) == 0
                        ? new Assign(element(pick(writableArrays)), rnd.nextBoolean() ? Assign.Op.ADD : Assign.Op.SUB,
                                realExpr(2), true, List.of(), SourceRange.NONE)
                        : stmt());
            }
            List<Variable> privates = new ArrayList<>();
            if (rnd.nextBoolean()) {
                privates.add(i);
            }
            privates.add(realScalars.get(1));
            for (Stmt s : body) {
                org.paradjoint.core.expr.StmtUtil.forEach(s, x -> {
                    if (x instanceof For f && !privates.contains(f.counter())) {
                        privates.add(f.counter());
                    }
                });
            }
            String schedule = switch (rnd.nextInt(3)) {
                case 0 -> null;
                case 1 -> "static, 4";
                default -> "dynamic";
            };
            omp = new OmpParallelFor(privates, List.of(), List.of(writableArrays.get(0)), List.of(), schedule, 0,
                    rnd.nextInt(4) == 0 ? "shared" : null, SourceRange.NONE);
            if (rnd.nextBoolean()) {
                own = List.of(new AdPragma.Disjoint(List.of(v(i), new Binary(Binary.Op.ADD, v(i), new IntLit(1))),
                        SourceRange.NONE));
                pragmas.addAll(own);
            }
        } else {
            body = stmts(1 + rnd.nextInt(3));
        }
        activeCounters.remove(i);
        return new For(i, lower, up ? Binary.Op.LE : Binary.Op.GE, bound, new IntLit(step), new Block(body), omp, own,
                SourceRange.NONE);
    }

    private If branch() {
        Expr cond = logical(2);
        Block then = new Block(stmts(1 + rnd.nextInt(2)));
        Block otherwise = switch (rnd.nextInt(3)) {
            case 0 -> null;
            case 1 -> new Block(stmts(1 + rnd.nextInt(2)));
            default -> Block.of(branch());
        };
        return new If(cond, then, otherwise);
    }

    // ---- expressions --------------------------------------------------------------------------

    private ArrayRef element(Variable a) {
        List<Expr> idx = new ArrayList<>();
        for (int d = 0; d < a.rank(); d++) {
            idx.add(index());
        }
        return new ArrayRef(a, idx);
    }

    private Expr index() {
        Expr base = activeCounters.isEmpty() || rnd.nextInt(4) == 0 ? new IntLit(1 + rnd.nextInt(3))
                : v(pick(activeCounters));
        return switch (rnd.nextInt(5)) {
            case 0 -> new Binary(Binary.Op.ADD, base, new IntLit(1));
            case 1 -> new Binary(Binary.Op.SUB, base, new IntLit(1));
            case 2 -> new ArrayRef(intArrays.get(0), List.of(base));
            default -> base;
        };
    }

    private Expr realExpr(int budget) {
        int r = budget <= 0 ? rnd.nextInt(3) : rnd.nextInt(14);
        return switch (r) {
            case 0 -> new RealLit(literal());
            case 1 -> v(pick(realScalars));
            case 2 -> lazy ? v(pick(realScalars)) : element(pick(realArrays));
            case 3, 4 -> new Binary(pick(Binary.Op.ADD, Binary.Op.SUB), realExpr(budget - 1), realExpr(budget - 1));
            case 5, 6 -> new Binary(pick(Binary.Op.MUL, Binary.Op.DIV), realExpr(budget - 1), realExpr(budget - 1));
            case 7 -> new Unary(Unary.Op.NEG, nonLiteral(budget - 1));
            case 8 -> new Call(UNARY[rnd.nextInt(UNARY.length)], List.of(realExpr(budget - 1)));
            case 9 -> new Call(BINARY[rnd.nextInt(BINARY.length)], List.of(realExpr(budget - 1), realExpr(budget - 1)));
            case 10 -> new Call("pow", List.of(realExpr(budget - 1), rnd.nextBoolean()
                    ? new RealLit(rnd.nextInt(7) - 3) : realExpr(budget - 1)));
            case 11 -> new Cond(logical(budget - 1), lazily(() -> realExpr(budget - 1)),
                    lazily(() -> realExpr(budget - 1)));
            case 12 -> new Cast(BaseType.DOUBLE, intExpr(budget - 1));
            default -> new Binary(Binary.Op.MUL, realExpr(budget - 1), intExpr(budget - 1));
        };
    }

    private Expr nonLiteral(int budget) {
        Expr e = realExpr(budget);
        return e instanceof RealLit ? v(pick(realScalars)) : e;
    }

    private double literal() {
        return switch (rnd.nextInt(5)) {
            case 0 -> rnd.nextInt(10);
            case 1 -> -rnd.nextInt(1, 10);
            case 2 -> rnd.nextDouble() * 10 - 5;
            case 3 -> Math.scalb(rnd.nextDouble(), rnd.nextInt(-40, 40));
            default -> 0.5;
        };
    }

    private Expr intExpr(int budget) {
        int r = budget <= 0 ? rnd.nextInt(3) : rnd.nextInt(9);
        return switch (r) {
            case 0 -> new IntLit(rnd.nextInt(21) - 10);
            case 1 -> v(activeCounters.isEmpty() ? n : pick(activeCounters));
            case 2 -> v(pick(List.of(n, m)));
            case 3, 4 -> new Binary(pick(Binary.Op.ADD, Binary.Op.SUB, Binary.Op.MUL), intExpr(budget - 1),
                    intExpr(budget - 1));
            case 5 -> lazy ? new Binary(Binary.Op.MUL, intExpr(budget - 1), intExpr(budget - 1))
                    : new Binary(pick(Binary.Op.DIV, Binary.Op.MOD), intExpr(budget - 1), intExpr(budget - 1));
            case 6 -> new Cast(BaseType.INT, realExpr(budget - 1));
            case 7 -> new Cond(logical(budget - 1), lazily(() -> intExpr(budget - 1)),
                    lazily(() -> intExpr(budget - 1)));
            default -> new Call("abs", List.of(intExpr(budget - 1)));
        };
    }

    private Expr logical(int budget) {
        int r = budget <= 0 ? 0 : rnd.nextInt(6);
        return switch (r) {
            case 0, 1 -> new Binary(pick(Binary.Op.LT, Binary.Op.LE, Binary.Op.GT, Binary.Op.GE, Binary.Op.EQ,
                    Binary.Op.NE), realExpr(budget - 1), realExpr(budget - 1));
            case 2 -> new Binary(pick(Binary.Op.LT, Binary.Op.EQ, Binary.Op.NE), intExpr(budget - 1),
                    intExpr(budget - 1));
            case 3 -> new Binary(pick(Binary.Op.AND, Binary.Op.OR), logical(budget - 1),
                    lazily(() -> logical(budget - 1)));
            case 4 -> new Unary(Unary.Op.NOT, logical(budget - 1));
            default -> new Binary(pick(Binary.Op.EQ, Binary.Op.NE), logical(budget - 1), logical(budget - 1));
        };
    }

    private Expr lazily(java.util.function.Supplier<Expr> make) {
        boolean was = lazy;
        lazy = true;
        try {
            return make.get();
        } finally {
            lazy = was;
        }
    }

    private static VarRef v(Variable x) {
        return new VarRef(x);
    }

    @SafeVarargs
    private <T> T pick(T... xs) {
        return xs[rnd.nextInt(xs.length)];
    }

    private <T> T pick(List<T> xs) {
        return xs.get(rnd.nextInt(xs.size()));
    }

    /** For messages: an lvalue's variable. */
    static String name(LValue lv) {
        return lv.var().name();
    }
}
