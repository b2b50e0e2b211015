package org.paradjoint.z3.tests;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.RealLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * Random parallel loops with concrete inputs: affine and indirect indices (through permutation
 * arrays and arbitrary maps), private index variables redefined in places, branches on integer
 * and floating conditions, inner sequential loops, an integer array written in the loop, strides
 * and symbolic bounds, and (in some loops) a {@code firstprivate} counter {@code c} that carries
 * from one iteration to the next on the same thread ({@code c = c + 1}, also under a branch). {@link #selfTerms} marks the occurrences the generator wrote as the self
 * term of an increment {@code y[e] = y[e] + ...}.
 */
final class RandomLoops {

    static final int SIZE = 48;
    static final int MAP = 16;

    final Variable i = scalar("i", BaseType.INT);
    final Variable j = scalar("j", BaseType.INT);
    final Variable k = scalar("k", BaseType.INT);
    final Variable m = scalar("m", BaseType.INT);
    final Variable t = scalar("t", BaseType.DOUBLE);
    final Variable n = scalar("n", BaseType.INT);
    final Variable c = Variable.scalar("c", BaseType.INT, Variable.Kind.PARAMETER);
    final Variable x = array("x", BaseType.DOUBLE);
    final Variable y = array("y", BaseType.DOUBLE);
    final Variable z = array("z", BaseType.DOUBLE);
    final Variable u = array("u", BaseType.DOUBLE);
    final Variable p = array("p", BaseType.INT);
    final Variable q = array("q", BaseType.INT);
    final Variable w = array("w", BaseType.INT);
    final Variable yy = new Variable("yy", BaseType.DOUBLE, List.of(new Dim(new IntLit(0), null), new Dim(new IntLit(0),
            new IntLit(8))), Variable.Kind.PARAMETER, false, Layout.ROW_MAJOR, SourceRange.NONE);

    /** Arrays whose adjoints exist in the enumeration (more than the analysis may find active: harmless). */
    final Set<Variable> activeArrays = Set.of(x, y, z, yy);
    final Set<Expr> selfTerms = Collections.newSetFromMap(new IdentityHashMap<>());

    private final Random rnd;
    private boolean kDefined;
    private boolean inInner;
    /** Whether this loop has the carried firstprivate {@code c}. */
    boolean carry;

    // concrete inputs
    long nValue;
    long cValue;
    long[] pValues;
    long[] qValues;
    double[] xValues;

    Function function;
    For loop;

    RandomLoops(Random rnd) {
        this.rnd = rnd;
    }

    static Variable scalar(String name, BaseType type) {
        return Variable.scalar(name, type, Variable.Kind.LOCAL);
    }

    static Variable array(String name, BaseType type) {
        return new Variable(name, type, List.of(new Dim(new IntLit(0), null)), Variable.Kind.PARAMETER, false,
                Layout.ROW_MAJOR, SourceRange.NONE);
    }

    void generate() {
        nValue = 2 + rnd.nextInt(9);
        carry = rnd.nextInt(4) == 0;
        cValue = rnd.nextInt(3);
        pValues = map();
        qValues = map();
        xValues = new double[SIZE];
        for (int a = 0; a < SIZE; a++) {
            xValues[a] = rnd.nextDouble();
        }
        long step = 1 + rnd.nextInt(rnd.nextInt(4) == 0 ? 3 : 1);
        Expr lower = lit(rnd.nextInt(3));
        Expr bound = rnd.nextBoolean() ? new VarRef(n) : lit(nValue + 1);
        List<Stmt> body = new ArrayList<>();
        int count = 1 + rnd.nextInt(4);
        for (int s = 0; s < count; s++) {
            body.add(statement(2));
        }
        if (carry) {
            body.add(rnd.nextInt(body.size() + 1), carryStatement());
        }
        List<AdPragma> pragmas = new ArrayList<>();
        if (rnd.nextInt(8) == 0) {
            pragmas.add(new AdPragma.Disjoint(List.of(rnd.nextBoolean() ? at(p, v(i)) : at(q, v(i))), SourceRange.NONE));
        }
        OmpParallelFor omp = OmpParallelFor.plain().withPrivates(List.of(i, j, k, m, t));
        if (carry) {
            omp = new OmpParallelFor(omp.privates(), List.of(c), omp.shared(), omp.reductions(), omp.schedule(),
                    omp.collapse(), omp.defaultSharing(), omp.range());
        }
        loop = new For(i, lower, Binary.Op.LT, bound, lit(step), new Block(body), omp, pragmas, SourceRange.NONE);
        pragmas.add(new AdPragma.Gradient(List.of("y"), List.of("x"), SourceRange.NONE));
        function = new Function("random", null, List.of(n, c, x, y, z, u, p, q, w, yy), List.of(i, j, k, m, t),
                Block.of(loop), pragmas, false, null, SourceRange.NONE);
    }

    private long[] map() {
        long[] a = new long[SIZE];
        List<Long> perm = new ArrayList<>();
        for (long v = 0; v < MAP; v++) {
            perm.add(v);
        }
        Collections.shuffle(perm, rnd);
        boolean permutation = rnd.nextInt(3) != 0;
        for (int e = 0; e < SIZE; e++) {
            a[e] = permutation ? perm.get(e % MAP) : rnd.nextInt(MAP);
        }
        return a;
    }

    // ---- statements ---------------------------------------------------------------------

    private Stmt statement(int depth) {
        int c = rnd.nextInt(depth > 0 ? 12 : 9);
        switch (c) {
            case 0, 1 -> {
                kDefined = true;
                return Assign.set(v(rnd.nextInt(4) == 0 ? m : k), index());
            }
            case 2 -> {
                return Assign.set(v(t), new Binary(Binary.Op.MUL, at(x, index()), new RealLit(2.0)));
            }
            case 3, 4, 5 -> {
                return writeY();
            }
            case 6 -> {
                Variable target = rnd.nextBoolean() ? z : y;
                return Assign.set(at(target, index()), new Binary(Binary.Op.ADD, at(x, index()), at(u, index())));
            }
            case 7 -> {
                return Assign.set(at(w, index()), index());
            }
            case 8 -> {
                Expr e = index();
                ArrayRef self = at(y, e);
                selfTerms.add(self);
                return Assign.set(at(y, e), new Binary(Binary.Op.ADD, self, v(t)));
            }
            case 9, 10 -> {
                boolean before = kDefined;
                Block then = Block.of(statement(depth - 1));
                Block otherwise = rnd.nextBoolean() ? Block.of(statement(depth - 1)) : null;
                kDefined = before;
                return new If(condition(), then, otherwise);
            }
            default -> {
                boolean before = inInner;
                inInner = true;
                Stmt s1 = statement(depth - 1);
                List<Stmt> st = new ArrayList<>(List.of(s1));
                if (rnd.nextBoolean()) {
                    st.add(writeY());
                }
                inInner = before;
                return new For(j, lit(0), Binary.Op.LT, lit(1 + rnd.nextInt(3)), lit(1), new Block(st), null, List.of(),
                        SourceRange.NONE);
            }
        }
    }

    /** {@code c = c + 1}, or the same under a branch: the value carries to the thread's next iteration. */
    private Stmt carryStatement() {
        Assign inc = Assign.set(v(c), add(v(c), lit(1 + rnd.nextInt(2))));
        return rnd.nextBoolean() ? inc : new If(condition(), Block.of(inc), null);
    }

    private Stmt writeY() {
        if (inInner && rnd.nextInt(3) == 0) {
            Expr row = index();
            ArrayRef self = at(yy, row, v(j));
            selfTerms.add(self);
            return Assign.set(at(yy, row, v(j)), new Binary(Binary.Op.ADD, self, at(x, index())));
        }
        Expr e = index();
        // Half of the reads use the written index (the pattern the analysis proves from knowledge).
        Expr r = rnd.nextBoolean() ? e : index();
        return switch (rnd.nextInt(4)) {
            case 0 -> {
                ArrayRef self = at(y, e);
                selfTerms.add(self);
                yield Assign.set(at(y, e), new Binary(Binary.Op.ADD, self, at(x, r)));
            }
            case 1 -> new Assign(at(y, e), Assign.Op.ADD, new Binary(Binary.Op.MUL, at(x, r), at(u, index())));
            case 2 -> Assign.set(at(y, e), new Binary(Binary.Op.ADD, at(x, r), at(x, index())));
            default -> Assign.set(at(y, e), new Binary(Binary.Op.SUB, at(y, index()), at(x, index())));
        };
    }

    private Expr condition() {
        return switch (rnd.nextInt(4)) {
            case 0 -> new Binary(Binary.Op.LT, index(), index());
            case 1 -> new Binary(Binary.Op.NE, at(p, v(i)), at(q, v(i)));
            case 2 -> new Binary(Binary.Op.GT, at(x, index()), new RealLit(0.5));
            default -> new Binary(Binary.Op.AND, new Binary(Binary.Op.LE, v(i), lit(rnd.nextInt(6))),
                    new Binary(Binary.Op.NE, index(), lit(3)));
        };
    }

    /** Index expressions: affine in i (and j, k), indirect through p, q and the written w. */
    private Expr index() {
        List<Expr> options = new ArrayList<>();
        options.add(v(i));
        options.add(add(v(i), lit(rnd.nextInt(4))));
        options.add(add(mul(lit(2 + rnd.nextInt(2)), v(i)), lit(rnd.nextInt(3))));
        options.add(at(p, v(i)));
        options.add(add(at(p, v(i)), lit(rnd.nextInt(3))));
        options.add(at(q, at(p, v(i))));
        options.add(at(q, v(i)));
        options.add(new Binary(Binary.Op.DIV, v(i), lit(2)));
        options.add(new Binary(Binary.Op.MOD, v(i), lit(3)));
        options.add(lit(rnd.nextInt(4)));
        options.add(at(w, v(i)));
        options.add(new Binary(Binary.Op.SUB, lit(20), v(i)));
        if (kDefined) {
            options.add(v(k));
            options.add(add(v(k), lit(rnd.nextInt(3))));
            options.add(at(p, v(k)));
            options.add(v(m));
        }
        if (carry) {
            options.add(v(c));
            options.add(add(v(i), v(c)));
            options.add(add(v(c), v(c)));
        }
        if (inInner) {
            options.add(v(j));
            options.add(add(mul(v(i), lit(4)), v(j)));
            options.add(add(at(p, v(i)), v(j)));
        }
        return options.get(rnd.nextInt(options.size()));
    }

    static VarRef v(Variable x) {
        return new VarRef(x);
    }

    static IntLit lit(long v) {
        return new IntLit(v);
    }

    static ArrayRef at(Variable a, Expr... idx) {
        return new ArrayRef(a, List.of(idx));
    }

    static Expr add(Expr a, Expr b) {
        return new Binary(Binary.Op.ADD, a, b);
    }

    static Expr mul(Expr a, Expr b) {
        return new Binary(Binary.Op.MUL, a, b);
    }
}
