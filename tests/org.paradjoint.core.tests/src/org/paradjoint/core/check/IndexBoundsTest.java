package org.paradjoint.core.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.paradjoint.core.check.HandWrittenKernels.array;
import static org.paradjoint.core.check.HandWrittenKernels.ref;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.analysis.IndexRanges.Interval;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.ir.Variable.Kind;

/** The interval analysis that sizes open arrays, on the shapes of the examples. */
class IndexBoundsTest {

    static final Variable NCOLORS = Variable.scalar("ncolors", BaseType.INT, Kind.PARAMETER);
    static final Variable IA = array("color_ia", BaseType.INT, true, (Expr) null);
    static final Variable E2N = array("edge2nodes", BaseType.INT, true, null, new IntLit(2));
    static final Variable DV = array("dv", BaseType.DOUBLE, true, (Expr) null);
    static final Variable IC = Variable.scalar("ic", BaseType.INT, Kind.LOCAL);
    static final Variable IE = Variable.scalar("ie", BaseType.INT, Kind.LOCAL);
    static final Variable I = Variable.scalar("i", BaseType.INT, Kind.LOCAL);

    static For loop(Variable c, Expr lo, Binary.Op cmp, Expr hi, long step, Stmt... body) {
        return new For(c, lo, cmp, hi, new IntLit(step), Block.of(body), null, List.of(), SourceRange.NONE);
    }

    static Expr add(Expr a, Expr b) {
        return new Binary(Binary.Op.ADD, a, b);
    }

    private static Function function(Stmt... body) {
        return new Function("f", null, List.of(NCOLORS, IA, E2N, DV), List.of(IC, IE, I), Block.of(body), List.of(),
                false, null, SourceRange.NONE);
    }

    /** green_gauss: edges of colour ic run from color_ia[ic] to color_ia[ic+1]; nodes come from edge2nodes. */
    @Test
    void dataDependentBoundsAndIndices() {
        Function f = function(loop(IC, new IntLit(0), Binary.Op.LT, ref(NCOLORS), 1,
                loop(IE, ref(IA, ref(IC)), Binary.Op.LT, ref(IA, add(ref(IC), new IntLit(1))), 1,
                        Assign.set(new VarRef(I), ref(E2N, ref(IE), new IntLit(0))),
                        Assign.set((ArrayRef) ref(DV, ref(I)), new IntLit(0)))));
        Map<Variable, Interval> r = IndexBounds.leadingIndices(f, Map.of("ncolors", 3L),
                Map.of("color_ia", new Interval(0, 12), "edge2nodes", new Interval(0, 23)));
        assertEquals(new Interval(0, 3), r.get(IA));
        assertEquals(new Interval(0, 11), r.get(E2N));
        assertEquals(new Interval(0, 23), r.get(DV));
    }

    /** compact3: from = 2 + offset, i from `from` to n - 2 step 2, reads i - 1. */
    @Test
    void localsAssignedFromCountersAndDownwardLoops() {
        Variable n = Variable.scalar("n", BaseType.INT, Kind.PARAMETER);
        Variable from = Variable.scalar("from", BaseType.INT, Kind.LOCAL);
        Variable off = Variable.scalar("offset", BaseType.INT, Kind.LOCAL);
        Variable u = array("u", BaseType.DOUBLE, false, (Expr) null);
        Variable v = array("v", BaseType.DOUBLE, false, (Expr) null);
        Function f = new Function("g", null, List.of(n, u, v), List.of(from, off, I), Block.of(
                loop(off, new IntLit(0), Binary.Op.LE, new IntLit(1), 1,
                        Assign.set(new VarRef(from), add(new IntLit(2), ref(off))),
                        loop(I, ref(from), Binary.Op.LE, new Binary(Binary.Op.SUB, ref(n), new IntLit(2)), 2,
                                Assign.set((ArrayRef) ref(u, new Binary(Binary.Op.SUB, ref(I), new IntLit(1))),
                                        new IntLit(0)))),
                loop(I, new Binary(Binary.Op.SUB, ref(n), new IntLit(1)), Binary.Op.GE, new IntLit(0), -1,
                        Assign.set((ArrayRef) ref(v, new Binary(Binary.Op.MUL, new IntLit(2), ref(I))), new IntLit(0)))),
                List.of(), false, null, SourceRange.NONE);
        Map<Variable, Interval> r = IndexBounds.leadingIndices(f, Map.of("n", 40L), Map.of());
        assertEquals(new Interval(1, 37), r.get(u));
        assertEquals(new Interval(0, 78), r.get(v));
    }

    @Test
    void selfFeedingLocalsAndWholeArraysInCallsAreUnbounded() {
        Variable k = Variable.scalar("k", BaseType.INT, Kind.LOCAL);
        Function f = new Function("h", null, List.of(NCOLORS, DV), List.of(k, I), Block.of(
                Assign.set(new VarRef(k), new IntLit(0)),
                loop(I, new IntLit(0), Binary.Op.LT, ref(NCOLORS), 1,
                        Assign.set(new VarRef(k), add(ref(k), new IntLit(1))),
                        Assign.set((ArrayRef) ref(DV, ref(k)), new IntLit(0)))),
                List.of(), false, null, SourceRange.NONE);
        assertFalse(IndexBounds.leadingIndices(f, Map.of("ncolors", 3L), Map.of()).get(DV).bounded());

        Function g = new Function("h", null, List.of(NCOLORS, DV), List.of(), Block.of(
                new CallStmt(new Call("helper", List.of(new VarRef(DV))))), List.of(), false, null, SourceRange.NONE);
        assertFalse(IndexBounds.leadingIndices(g, Map.of("ncolors", 3L), Map.of()).get(DV).bounded());
    }
}
