package org.paradjoint.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.analysis.IndexRanges.EmptyLoops;
import org.paradjoint.core.analysis.IndexRanges.Interval;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.ir.Variable.Kind;

/** The one index-range analysis and its numeric and symbolic views. */
class IndexRangesTest {

    static final Variable N = Variable.scalar("n", BaseType.INT, Kind.PARAMETER);
    static final Variable M = Variable.scalar("m", BaseType.INT, Kind.PARAMETER);
    static final Variable I = Variable.scalar("i", BaseType.INT, Kind.LOCAL);
    static final Variable J = Variable.scalar("j", BaseType.INT, Kind.LOCAL);
    static final Variable K = Variable.scalar("k", BaseType.INT, Kind.LOCAL);

    static Variable array(String name, BaseType t, Expr... extents) {
        List<Dim> dims = Arrays.stream(extents).map(Dim::c).toList();
        return new Variable(name, t, dims, Kind.PARAMETER, false, Layout.ROW_MAJOR, SourceRange.NONE);
    }

    static Expr ref(Variable v, Expr... idx) {
        return idx.length == 0 ? new VarRef(v) : new ArrayRef(v, List.of(idx));
    }

    static Expr lit(long v) {
        return new IntLit(v);
    }

    static Expr add(Expr a, long k) {
        return new Binary(Binary.Op.ADD, a, lit(k));
    }

    static Expr sub(Expr a, long k) {
        return new Binary(Binary.Op.SUB, a, lit(k));
    }

    static For loop(Variable c, Expr lo, Binary.Op cmp, Expr hi, Stmt... body) {
        return new For(c, lo, cmp, hi, lit(1), Block.of(body), null, List.of(), SourceRange.NONE);
    }

    static Stmt zero(Variable a, Expr... idx) {
        return Assign.set((ArrayRef) ref(a, idx), lit(0));
    }

    static Function function(List<Variable> params, Stmt... body) {
        return new Function("f", null, params, List.of(I, J, K), Block.of(body), List.of(), false, null,
                SourceRange.NONE);
    }

    static IndexRanges at(Function f, Map<String, Long> ints) {
        return IndexRanges.at(f, ints, a -> Interval.TOP, EmptyLoops.SKIP);
    }

    @Test
    void everyDimensionOfANestGetsItsOwnInterval() {
        Variable a = array("a", BaseType.DOUBLE, null, new VarRef(M));
        Function f = function(List.of(N, M, a), loop(I, lit(1), Binary.Op.LE, ref(N),
                loop(J, lit(0), Binary.Op.LT, ref(M), zero(a, sub(ref(I), 1), ref(J)), zero(a, ref(I), ref(J)))));
        IndexRanges r = at(f, Map.of("n", 10L, "m", 4L));
        assertEquals(new Interval(0, 10), r.dimension(a, 0));
        assertEquals(new Interval(0, 3), r.dimension(a, 1));
        assertEquals(Set.of(a), r.accessed());
        assertFalse(r.passedWhole(a));
    }

    @Test
    void indexArraysYieldTheirContentsAndLocalsFollowThem() {
        Variable c = array("c", BaseType.INT, (Expr) null);
        Variable y = array("y", BaseType.DOUBLE, (Expr) null);
        Function f = function(List.of(N, c, y), loop(I, lit(0), Binary.Op.LT, ref(N),
                Assign.set(new VarRef(K), add(ref(c, ref(I)), 2)), zero(y, ref(K))));
        IndexRanges known = IndexRanges.at(f, Map.of("n", 5L),
                v -> v.equals(c) ? new Interval(0, 9) : Interval.TOP, EmptyLoops.SKIP);
        assertEquals(new Interval(0, 4), known.dimension(c, 0));
        assertEquals(new Interval(2, 11), known.dimension(y, 0));
        assertFalse(at(f, Map.of("n", 5L)).dimension(y, 0).bounded());
    }

    @Test
    void countersTakeTheirLoopsValuesOnlyInsideTheirLoop() {
        Variable x = array("x", BaseType.DOUBLE, (Expr) null);
        Variable y = array("y", BaseType.DOUBLE, (Expr) null);
        Function f = function(List.of(N, x, y),
                loop(I, lit(0), Binary.Op.LT, ref(N), zero(x, ref(I))),
                loop(I, lit(5), Binary.Op.LE, add(ref(N), 4),
                        new If(new Binary(Binary.Op.GT, ref(I), lit(6)), Block.of(zero(y, sub(ref(I), 1))), null)));
        IndexRanges r = at(f, Map.of("n", 8L));
        assertEquals(new Interval(0, 7), r.dimension(x, 0));
        assertEquals(new Interval(4, 11), r.dimension(y, 0));
        // a loop whose step does not match its comparison bounds nothing
        Function g = function(List.of(N, x), loop(I, sub(ref(N), 1), Binary.Op.GT, lit(2), zero(x, ref(I))));
        assertFalse(at(g, Map.of("n", 8L)).dimension(x, 0).bounded());
    }

    @Test
    void loopsThatNeverRunAreSkippedOrCountedAtTheirFirstValue() {
        Variable x = array("x", BaseType.DOUBLE, (Expr) null);
        Function f = function(List.of(N, x), loop(I, lit(1), Binary.Op.LT, sub(ref(N), 1), zero(x, add(ref(I), 1))));
        assertNull(at(f, Map.of("n", 2L)).dimension(x, 0));
        IndexRanges first = IndexRanges.at(f, Map.of("n", 2L), a -> Interval.TOP, EmptyLoops.FIRST_VALUE);
        assertEquals(new Interval(2, 2), first.dimension(x, 0));
        assertEquals(new Interval(2, 9), at(f, Map.of("n", 10L)).dimension(x, 0));
    }

    @Test
    void wholeArraysPassedToCallsAndParametersWithoutValuesAreUnbounded() {
        Variable x = array("x", BaseType.DOUBLE, (Expr) null);
        Variable y = array("y", BaseType.DOUBLE, (Expr) null);
        Function f = function(List.of(N, x, y), new CallStmt(new Call("helper", List.of(new VarRef(x)))),
                loop(I, lit(0), Binary.Op.LT, ref(N), zero(y, ref(I))));
        IndexRanges r = at(f, Map.of());
        assertTrue(r.passedWhole(x));
        assertNull(r.dimension(x, 0));
        assertEquals(List.of(y, x), List.copyOf(r.accessed()));
        assertFalse(r.dimension(y, 0).bounded());
    }

    @Test
    void declaredBoundsEvaluateOverTheParameters() {
        Function f = function(List.of(N, M));
        assertEquals(16L, IndexRanges.constant(new Binary(Binary.Op.MUL, ref(N), add(ref(M), 1)), f,
                Map.of("n", 2L, "m", 7L)));
        assertNull(IndexRanges.constant(ref(N), f, Map.of()));
        assertNull(IndexRanges.constant(ref(I), f, Map.of("n", 1L)));
    }

    @Test
    void symbolicLengthIsOneMoreThanTheLargestAffineIndex() {
        Variable x = array("x", BaseType.DOUBLE, (Expr) null);
        Variable y = array("y", BaseType.DOUBLE, (Expr) null);
        Function f = function(List.of(N, x, y), loop(I, lit(1), Binary.Op.LT, sub(ref(N), 1),
                Assign.set((ArrayRef) ref(y, ref(I)), new Binary(Binary.Op.ADD, ref(x, sub(ref(I), 1)),
                        ref(x, add(ref(I), 1))))));
        assertEquals(Optional.of("n"), IndexRanges.symbolicLength(f, x));
        assertEquals(Optional.of("n - 1"), IndexRanges.symbolicLength(f, y));
        // the numeric view agrees at a value
        assertEquals(new Interval(0, 9), at(f, Map.of("n", 10L)).dimension(x, 0));
        assertEquals(new Interval(1, 8), at(f, Map.of("n", 10L)).dimension(y, 0));
    }

    @Test
    void symbolicLengthIsUnknownWithoutOneParameterPart() {
        Variable x = array("x", BaseType.DOUBLE, (Expr) null);
        Variable d = array("d", BaseType.DOUBLE, new Binary(Binary.Op.MUL, lit(2), ref(N)));
        Variable a = array("a", BaseType.DOUBLE, null, lit(3));
        Function mixed = function(List.of(N, M, x, d, a), loop(I, lit(0), Binary.Op.LT, ref(N), zero(x, ref(I))),
                loop(J, lit(0), Binary.Op.LT, ref(M), zero(x, ref(J))));
        assertEquals(Optional.empty(), IndexRanges.symbolicLength(mixed, x));
        assertEquals(Optional.of("2 * n"), IndexRanges.symbolicLength(mixed, d));
        assertEquals(Optional.empty(), IndexRanges.symbolicLength(mixed, a));
        Function local = function(List.of(N, x), Assign.set(new VarRef(K), ref(N)), zero(x, ref(K)));
        assertEquals(Optional.empty(), IndexRanges.symbolicLength(local, x));
    }

    /** {@code p = i + 1; x[p]}: the parameter's entry value says nothing of the index (it was sized {@code p + 1}). */
    @Test
    void symbolicLengthIsUnknownOverAParameterTheFunctionAssigns() {
        Variable x = array("x", BaseType.DOUBLE, (Expr) null);
        Function f = function(List.of(N, M, x), loop(I, lit(0), Binary.Op.LT, ref(N),
                new Block(List.of(Assign.set(new VarRef(M), add(ref(I), 1)), zero(x, ref(M))))));
        assertEquals(Optional.empty(), IndexRanges.symbolicLength(f, x));
    }
}
