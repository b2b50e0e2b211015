package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.expr.Exprs;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Cond;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;

/**
 * {@link PinnedReads}: which elements a loop may read from a local (those every write of their
 * array can reach in one iteration only, the same for all) and the loop split at that iteration.
 */
class PinnedReadsTest {

    private static final Variable I = Variable.scalar("i", BaseType.INT, Variable.Kind.LOCAL);
    private static final Variable J = Variable.scalar("j", BaseType.INT, Variable.Kind.LOCAL);
    private static final Variable K = Variable.scalar("k", BaseType.INT, Variable.Kind.LOCAL);
    private static final Variable T = Variable.scalar("t", BaseType.INT, Variable.Kind.LOCAL);
    private static final Variable N = Variable.scalar("n", BaseType.INT, Variable.Kind.PARAMETER);
    private static final Variable P = new Variable("path", BaseType.DOUBLE, List.of(Dim.c(Exprs.ref(N)),
            Dim.c(Exprs.ref(N))), Variable.Kind.PARAMETER, false, Layout.ROW_MAJOR, SourceRange.NONE);

    private static ArrayRef p(Expr row, Expr column) {
        return Exprs.ref(P, row, column);
    }

    private static Expr ref(Variable v) {
        return Exprs.ref(v);
    }

    /** {@code path[i][k] + path[k][j]}. */
    private static Expr sum() {
        return Exprs.add(p(ref(I), ref(K)), p(ref(K), ref(J)));
    }

    /** Floyd-Warshall's update of {@code target}: {@code target = path[i][j] <= sum ? path[i][j] : sum}. */
    private static Stmt relax(ArrayRef target) {
        return Assign.set(target, new Cond(Exprs.le(p(ref(I), ref(J)), sum()), p(ref(I), ref(J)), sum()));
    }

    private static For loop(long step, Stmt... body) {
        return new For(J, new IntLit(0), Binary.Op.LT, ref(N), new IntLit(step), new Block(List.of(body)), null,
                List.of(), SourceRange.NONE);
    }

    private static PinnedReads of(For loop) {
        return PinnedReads.of(loop, (name, type) -> Variable.scalar(name, type, Variable.Kind.LOCAL));
    }

    @Test
    void floydsRowElementIsReadFromALocalOutsideIterationK() {
        PinnedReads pins = of(loop(1, relax(p(ref(I), ref(J)))));
        assertNotNull(pins);
        Variable local = pins.locals().get(0);
        assertEquals(List.of(local), pins.locals());
        assertEquals("pa_path_el", local.name());
        assertEquals(List.of(Assign.set(new VarRef(local), p(ref(I), ref(K)))), pins.load());

        List<Stmt> split = pins.split();
        assertEquals(3, split.size());
        For before = (For) split.get(0);
        assertEquals(Exprs.cond(Exprs.lt(ref(K), ref(N)), ref(K), ref(N)), before.bound());
        // outside iteration k, the element is the local (path[k][j] still varies with j: it stays)
        String body = before.body().toString();
        assertTrue(body.contains("pa_path_el") && !body.contains(p(ref(I), ref(K)).toString()), body);
        // iteration k as written, then the local read again
        If at = (If) split.get(1);
        assertEquals(Assign.set(new VarRef(J), ref(K)), at.then().stmts().get(0));
        assertEquals(relax(p(ref(I), ref(J))), at.then().stmts().get(1));
        assertEquals(Assign.set(new VarRef(local), p(ref(I), ref(K))), at.then().stmts().get(2));
        For after = (For) split.get(2);
        Expr next = Exprs.add(ref(K), new IntLit(1));
        assertEquals(Exprs.cond(Exprs.gt(next, new IntLit(0)), next, new IntLit(0)), after.lower());
        assertEquals(before.body(), after.body());
    }

    @Test
    void aWriteAtAFixedIndexCanBeTheElementInEveryIteration() {
        assertNull(of(loop(1, relax(p(ref(I), ref(J))), Assign.set(p(ref(I), new IntLit(0)), p(ref(I), ref(K))))));
    }

    @Test
    void aWriteWhoseIndexRunsDownPinsNothing() {
        assertNull(of(loop(1, relax(p(ref(I), Exprs.sub(Exprs.sub(ref(N), new IntLit(1)), ref(J)))))));
    }

    @Test
    void writesPinningDifferentIterationsKeepTheLoads() {
        // path[i][j] is path[i][k] when j = k, path[i][j + 1] when j = k - 1
        assertNull(of(loop(1, relax(p(ref(I), ref(J))), relax(p(ref(I), Exprs.add(ref(J), new IntLit(1)))))));
    }

    @Test
    void anElementWhoseIndexTheLoopAssignsIsNotKept() {
        Stmt setT = Assign.set(new VarRef(T), ref(J));
        Stmt use = Assign.set(p(ref(I), ref(J)), Exprs.add(p(ref(I), ref(J)), p(ref(I), ref(T))));
        assertNull(of(loop(1, setT, use)));
    }

    @Test
    void onlyUnitStepsWithoutUserCalls() {
        assertNull(of(loop(2, relax(p(ref(I), ref(J))))));
        Stmt call = new CallStmt(new Call("update", List.of(ref(I))));
        assertNull(of(loop(1, relax(p(ref(I), ref(J))), call)));
    }
}
