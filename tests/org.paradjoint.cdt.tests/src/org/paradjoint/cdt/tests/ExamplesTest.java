package org.paradjoint.cdt.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.paradjoint.cdt.IrLocations;
import org.paradjoint.core.frontend.ParseResult;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Call;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.IntLit;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.ir.TranslationUnit;

/** Every shipped example maps without a diagnostic, and a few have the IR shape they must have. */
class ExamplesTest {

    static List<String> examples() {
        return Sources.EXAMPLES;
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyExampleMapsCleanly(String example) {
        ParseResult r = Sources.parseExample(example);
        assertTrue(r.diagnostics().isEmpty(), () -> example + ": " + r.diagnostics());
        assertFalse(r.hasErrors());
        assertEquals(TranslationUnit.Language.C, r.unit().language());
        assertFalse(r.unit().functions().isEmpty());
        for (Function f : r.unit().functions()) {
            assertTrue(f.range().isKnown(), f.name());
        }
    }

    @Test
    void wave3dHasVlaParametersAndAStencilPragmaOnTheParallelLoop() {
        Function f = only("stencil/wave3d.c");
        assertEquals("wave3d", f.name());
        assertNull(f.returnType());
        Variable u = f.params().get(2);
        assertEquals("u", u.name());
        assertEquals(BaseType.DOUBLE, u.type());
        assertEquals(3, u.rank());
        assertFalse(u.isConst());
        for (int k = 0; k < 3; k++) {
            assertEquals(new IntLit(0), u.dims().get(k).lower());
            assertEquals(new VarRef(f.params().get(0)), u.dims().get(k).extent());
        }
        assertTrue(f.params().get(3).isConst(), "c is const");
        assertEquals(List.of("i", "j", "k"), f.locals().stream().map(Variable::name).toList());

        For loop = (For) f.body().stmts().get(0);
        assertEquals(10, loop.range().line());
        assertEquals(5, loop.range().column());
        assertEquals(8, loop.pragmas().get(0).range().line());
        AdPragma.StencilAdjoint st = (AdPragma.StencilAdjoint) loop.pragmas().get(0);
        assertEquals(List.of(new AdPragma.StencilAdjoint.Mapping("u", "u_b"),
                new AdPragma.StencilAdjoint.Mapping("u_1", "u_1_b"), new AdPragma.StencilAdjoint.Mapping("u_2", "u_2_b")),
                st.mappings());
        assertNull(st.strategy());
        assertEquals(List.of(st), f.pragmas());
        assertSame(st, f.pragmas().get(0));
        assertEquals(List.of("i", "j", "k"), loop.omp().privates().stream().map(Variable::name).toList());

        For inner = (For) ((For) loop.body().stmts().get(0)).body().stmts().get(0);
        Assign a = (Assign) inner.body().stmts().get(0);
        ArrayRef target = (ArrayRef) a.target();
        assertEquals("u", target.var().name());
        assertEquals(3, target.indices().size());
        assertEquals(13, a.range().line());
        assertEquals(17, a.range().column());
    }

    @Test
    void gfmcHasPointerToArrayParametersAndTwoGradientLoops() {
        ParseResult r = Sources.parseExample("formad/gfmc.c");
        Function split = r.unit().function("gfmc_split").orElseThrow();
        Variable mss = split.lookup("mss").orElseThrow();
        assertEquals(BaseType.INT, mss.type());
        assertTrue(mss.isConst());
        assertEquals(2, mss.rank());
        assertFalse(mss.dims().get(0).extentKnown());
        assertEquals(new IntLit(4), mss.dims().get(1).extent());
        Variable cl = split.lookup("cl").orElseThrow();
        assertFalse(cl.isConst());
        assertEquals(new IntLit(64), cl.dims().get(1).extent());
        assertTrue(split.lookup("cr").orElseThrow().isConst());

        assertEquals(2, split.pragmas().size());
        For exchange = (For) split.body().stmts().get(0);
        For flip = (For) split.body().stmts().get(1);
        assertSame(split.pragmas().get(0), exchange.pragmas().get(0));
        assertSame(split.pragmas().get(1), flip.pragmas().get(0));
        AdPragma.Gradient g = (AdPragma.Gradient) exchange.pragmas().get(0);
        assertEquals(List.of("cl"), g.dependents());
        assertEquals(List.of("cr"), g.independents());
        assertEquals(List.of("ig", "j", "idd", "iud", "idu", "iuu"),
                exchange.omp().privates().stream().map(Variable::name).toList());
        assertEquals(List.of("ig", "j", "k"), flip.omp().privates().stream().map(Variable::name).toList());
        assertEquals(exchange, IrLocations.statementOf(split, g).orElseThrow());
        assertEquals(31, IrLocations.targetRange(split, split.pragmas().get(1)).line());

        Assign idd = (Assign) exchange.body().stmts().get(0);
        ArrayRef read = (ArrayRef) idd.value();
        assertEquals(List.of(new VarRef(split.lookup("ig").orElseThrow()), new IntLit(0)), read.indices());
        assertTrue(r.unit().function("gfmc_fused").isPresent());
    }

    @Test
    void compact3NormalisesTheStridedLoopAndKeepsTheOmpClauses() {
        Function f = only("formad/compact3.c");
        For outer = (For) f.body().stmts().get(0);
        assertEquals("offset", outer.counter().name());
        assertEquals(Binary.Op.LE, outer.cmp());
        assertEquals(1L, outer.constantStep());
        assertNull(outer.omp());
        For inner = (For) outer.body().stmts().get(1);
        assertEquals("i", inner.counter().name());
        assertEquals(new VarRef(f.lookup("from").orElseThrow()), inner.lower());
        assertEquals(Binary.Op.LE, inner.cmp());
        assertEquals(new Binary(Binary.Op.SUB, new VarRef(f.params().get(0)), new IntLit(2)), inner.bound());
        assertEquals(2L, inner.constantStep());
        OmpParallelFor omp = inner.omp();
        assertEquals(List.of("unew", "uold"), omp.shared().stream().map(Variable::name).toList());
        assertEquals(List.of("i"), omp.privates().stream().map(Variable::name).toList());
        assertEquals(11, omp.range().line());
        assertEquals(12, inner.range().line());
    }

    @Test
    void torsionHasStaticHelperAdicPragmasAndStarFAsElementZero() {
        ParseResult r = Sources.parseExample("separable/torsion.c");
        Function val = r.unit().function("val").orElseThrow();
        assertTrue(val.isStatic());
        assertEquals(BaseType.DOUBLE, val.returnType());
        assertTrue(val.body().stmts().get(0) instanceof If);
        assertTrue(val.body().stmts().get(1) instanceof Return);

        Function f = r.unit().function("torsion_f").orElseThrow();
        assertFalse(f.isStatic());
        Variable hx = f.lookup("hx").orElseThrow();
        assertEquals(Variable.Kind.LOCAL, hx.kind());
        assertFalse(hx.isConst(), "hoisted locals are not const: their initialisers are assignments");
        Assign first = (Assign) f.body().stmts().get(0);
        assertEquals(new VarRef(hx), first.target());

        List<AdPragma> pragmas = f.pragmas();
        assertEquals(3, pragmas.size());
        assertTrue(pragmas.get(0) instanceof AdPragma.Elemental);
        assertTrue(pragmas.get(1) instanceof AdPragma.Elemental);
        assertEquals(List.of("fquad", "flin"), ((AdPragma.PartiallySeparable) pragmas.get(2)).elementals());
        Assign fquad = (Assign) IrLocations.statementOf(f, pragmas.get(0)).orElseThrow();
        assertEquals("fquad", fquad.target().var().name());

        List<Stmt> body = f.body().stmts();
        Assign last = (Assign) body.get(body.size() - 1);
        assertEquals(new ArrayRef(f.lookup("f").orElseThrow(), List.of(new IntLit(0))), last.target());
        assertSame(pragmas.get(2), last.pragmas().get(0));

        For j = (For) body.get(7);
        For i = (For) j.body().stmts().get(0);
        Assign v = (Assign) i.body().stmts().get(0);
        Call call = (Call) v.value();
        assertEquals("val", call.name());
        assertEquals(new VarRef(f.lookup("x").orElseThrow()), call.args().get(0));
    }

    @Test
    void greenGaussKeepsTheBranchAndTheDataDependentLowerBound() {
        Function f = only("formad/greengauss.c");
        For colours = (For) f.body().stmts().get(0);
        For edges = (For) colours.body().stmts().get(0);
        assertEquals(new ArrayRef(f.lookup("color_ia").orElseThrow(), List.of(new VarRef(colours.counter()))),
                edges.lower());
        assertEquals(List.of("ie", "i", "j", "dvFace"), edges.omp().privates().stream().map(Variable::name).toList());
        If branch = (If) edges.body().stmts().get(2);
        assertEquals(Binary.Op.NE, ((Binary) branch.cond()).op());
        assertEquals(3, branch.then().stmts().size());
        assertNull(branch.otherwise());
    }

    @Test
    void literalsKeepTheirSpelling() {
        Function f = only("stencil/stencil1d.c");
        For loop = (For) f.body().stmts().get(0);
        Assign a = (Assign) loop.body().stmts().get(0);
        String printed = a.value().toString();
        assertTrue(printed.contains("text=2.0"), printed);
        assertTrue(printed.contains("text=3.0"), printed);
        assertNotNull(IrLocations.functionRange(Sources.parseExample("stencil/stencil1d.c").unit(), "stencil1d")
                .orElseThrow());
    }

    private static Function only(String example) {
        ParseResult r = Sources.parseExample(example);
        assertFalse(r.hasErrors(), () -> r.diagnostics().toString());
        assertEquals(1, r.unit().functions().size());
        return r.unit().functions().get(0);
    }
}
