package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.paradjoint.fortran.tests.Ir.add;
import static org.paradjoint.fortran.tests.Ir.bin;
import static org.paradjoint.fortran.tests.Ir.call;
import static org.paradjoint.fortran.tests.Ir.cond;
import static org.paradjoint.fortran.tests.Ir.i;
import static org.paradjoint.fortran.tests.Ir.mul;
import static org.paradjoint.fortran.tests.Ir.neg;
import static org.paradjoint.fortran.tests.Ir.not;
import static org.paradjoint.fortran.tests.Ir.r;
import static org.paradjoint.fortran.tests.Ir.sub;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.SourceRange;
import org.paradjoint.core.diag.UnsupportedException;
import org.paradjoint.core.ir.AdPragma;
import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Assign;
import org.paradjoint.core.ir.BaseType;
import org.paradjoint.core.ir.Binary;
import org.paradjoint.core.ir.Block;
import org.paradjoint.core.ir.CallStmt;
import org.paradjoint.core.ir.Decl;
import org.paradjoint.core.ir.Dim;
import org.paradjoint.core.ir.Expr;
import org.paradjoint.core.ir.For;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.ir.If;
import org.paradjoint.core.ir.Layout;
import org.paradjoint.core.ir.OmpParallelFor;
import org.paradjoint.core.ir.Return;
import org.paradjoint.core.ir.Stmt;
import org.paradjoint.core.ir.VarRef;
import org.paradjoint.core.ir.Variable;
import org.paradjoint.core.transform.Runtime;
import org.paradjoint.fortran.check.FortranDriverRunner;
import org.paradjoint.fortran.print.FortranPrinter;
import org.paradjoint.testsupport.Gfortran;
import org.paradjoint.testsupport.ScratchDir;

/** The Fortran printer: precedence, C meaning kept (conversions, logicals, intrinsics), declarations, loops, tape. */
class PrinterTest {

    private static final Variable A = Variable.scalar("a", BaseType.DOUBLE, Variable.Kind.LOCAL);
    private static final Variable B = Variable.scalar("b", BaseType.DOUBLE, Variable.Kind.LOCAL);
    private static final Variable K = Variable.scalar("k", BaseType.INT, Variable.Kind.LOCAL);
    private static final Variable F = Variable.scalar("f", BaseType.FLOAT, Variable.Kind.LOCAL);
    private static final Variable I = Variable.scalar("i", BaseType.INT, Variable.Kind.LOCAL);

    private static String p(Expr e) {
        return FortranPrinter.print(e);
    }

    private static VarRef a() {
        return new VarRef(A);
    }

    private static VarRef b() {
        return new VarRef(B);
    }

    private static VarRef k() {
        return new VarRef(K);
    }

    private static Variable array(String name, boolean isConst, Layout layout, Dim... dims) {
        return new Variable(name, BaseType.DOUBLE, List.of(dims), Variable.Kind.PARAMETER, isConst, layout,
                SourceRange.NONE);
    }

    private static Function subroutine(String name, List<Variable> params, List<Variable> locals, Stmt... body) {
        return new Function(name, null, params, locals, new Block(List.of(body)), List.of(), false, null,
                SourceRange.NONE);
    }

    @Test
    void parenthesesFollowFortranPrecedence() {
        assertEquals("-(a + b)", p(neg(add(a(), b()))));
        assertEquals("a - (-b)", p(sub(a(), neg(b()))));
        assertEquals("a * (-b)", p(mul(a(), neg(b()))));
        assertEquals("-a * b", p(neg(mul(a(), b()))));
        assertEquals("(-a) * b", p(mul(neg(a()), b())));
        assertEquals("(-a)**2", p(call("pow", neg(a()), r(2.0))));
        assertEquals("(a**b)**3", p(call("pow", call("pow", a(), b()), r(3.0))));
        assertEquals("a**b**3", p(call("pow", a(), call("pow", b(), r(3.0)))));
        assertEquals("a / (b * a)", p(bin(Binary.Op.DIV, a(), mul(b(), a()))));
        assertEquals("(-2.5d0) * a", p(mul(r(-2.5), a())));
        assertEquals("-2.5d0 + a", p(add(r(-2.5), a())));
        assertEquals("a**(-2)", p(call("pow", a(), r(-2.0))));
        assertEquals("3000000000_8 + k", p(add(i(3_000_000_000L), k())));
    }

    @Test
    void truthValuesAndNumbersConvertAsInC() {
        assertEquals("merge(1, 0, a < b)", p(add(bin(Binary.Op.LT, a(), b()), i(0))).replace(" + 0", ""));
        assertEquals("a < b .eqv. b > a", p(bin(Binary.Op.EQ, bin(Binary.Op.LT, a(), b()), bin(Binary.Op.GT, b(),
                a()))));
        assertEquals(".not. k /= 0", p(not(k())));
        assertEquals("k /= 0 .and. a > b", p(bin(Binary.Op.AND, k(), bin(Binary.Op.GT, a(), b()))));
        assertEquals("merge(a, 1.0d0, k > 2)", p(cond(bin(Binary.Op.GT, k(), i(2)), a(), i(1))));
        assertEquals("mod(k, 3)", p(bin(Binary.Op.MOD, k(), i(3))));
        String s = FortranPrinter.print(new If(k(), Block.of(Assign.set(new VarRef(K), bin(Binary.Op.LT, a(), b()))),
                null));
        assertEquals("if (k /= 0) then\n  k = merge(1, 0, a < b)\nend if\n", s);
    }

    @Test
    void implicitConversionsOfCAreWrittenOut() {
        assertEquals("f = real(a, 4)\n", FortranPrinter.print(Assign.set(new VarRef(F), a())));
        assertEquals("k = int(a * b)\n", FortranPrinter.print(Assign.set(new VarRef(K), mul(a(), b()))));
        assertEquals("a = real(k, 8)\n", FortranPrinter.print(Assign.set(new VarRef(A), k())));
        assertEquals("max(real(f, 8), a)", p(call("fmax", new VarRef(F), a())));
        assertEquals("real(f, 8)**2", p(call("pow", new VarRef(F), r(2.0))));
        assertEquals("sin(real(k, 8))", p(call("sin", k())));
        assertEquals("sin(f)", p(call("sinf", new VarRef(F))));
    }

    @Test
    void cIntrinsicsUnderTheirFortranNames() {
        assertEquals("abs(a)", p(call("fabs", a())));
        assertEquals("abs(k)", p(call("abs", k())));
        assertEquals("min(a, b)", p(call("fmin", a(), b())));
        assertEquals("mod(a, b)", p(call("fmod", a(), b())));
        assertEquals("aint(a)", p(call("trunc", a())));
        assertEquals("anint(a)", p(call("round", a())));
        assertEquals("real(floor(a, 8), 8)", p(call("floor", a())));
        assertEquals("atan2(a, b) + hypot(a, b) + erf(a)",
                p(add(add(call("atan2", a(), b()), call("hypot", a(), b())), call("erf", a()))));
        assertEquals("a**b", p(call("pow", a(), b())));
        assertEquals("a**2.5d0", p(call("pow", a(), r(2.5))));
        assertThrows(UnsupportedException.class, () -> p(call("rint", a())));
    }

    @Test
    void literalsReadBackExactly() {
        assertEquals("0.1d0", p(r(0.1)));
        assertEquals("1.0d-300", p(r(1e-300)));
        assertEquals("1.2345678901234567d20", p(r(1.2345678901234567e20)));
        assertThrows(IllegalArgumentException.class, () -> p(r(Double.NaN)));
    }

    @Test
    void loopsTakeTheirFortranForm() {
        Variable n = Variable.scalar("n", BaseType.INT, Variable.Kind.PARAMETER);
        Stmt up = new For(I, i(0), Binary.Op.LT, new VarRef(n), i(1), Block.of(), null, List.of(), SourceRange.NONE);
        assertEquals("do i = 0, n - 1\nend do\n", FortranPrinter.print(up));
        Stmt down = new For(I, new VarRef(n), Binary.Op.GT, i(0), i(-2), Block.of(), null, List.of(),
                SourceRange.NONE);
        assertEquals("do i = n, 1, -2\nend do\n", FortranPrinter.print(down));
        Stmt bad = new For(I, i(0), Binary.Op.GT, new VarRef(n), i(1), Block.of(), null, List.of(), SourceRange.NONE);
        assertThrows(UnsupportedException.class, () -> FortranPrinter.print(bad));
    }

    @Test
    void blockDeclarationsAreHoistedAndPrivateInParallelLoops() {
        Variable n = Variable.scalar("n", BaseType.INT, Variable.Kind.PARAMETER).withConst(true);
        Variable x = array("x", false, Layout.COLUMN_MAJOR, new Dim(i(1), new VarRef(n)));
        Variable t = Variable.scalar("t", BaseType.DOUBLE, Variable.Kind.LOCAL);
        For loop = new For(I, i(1), Binary.Op.LE, new VarRef(n), i(1), Block.of(new Decl(t, new ArrayRef(x,
                List.of(new VarRef(I)))), Assign.set(new ArrayRef(x, List.of(new VarRef(I))), mul(new VarRef(t),
                        new VarRef(t)))), OmpParallelFor.plain(), List.of(), SourceRange.NONE);
        String s = FortranPrinter.print(subroutine("sq", List.of(n, x), List.of(I), loop));
        assertTrue(s.contains("  real(8) :: t\n"), s);
        assertTrue(s.contains("!$omp parallel do private(t)\n"), s);
        assertTrue(s.contains("    t = x(i)\n"), s);
        assertTrue(s.contains("!$omp end parallel do\n"), s);
    }

    @Test
    void anUnusedDummyIsReadInDeadCode() {
        Variable x = array("x", true, Layout.COLUMN_MAJOR, new Dim(i(0), null));
        String s = FortranPrinter.print(subroutine("u", List.of(x), List.of()).withUnusedParams(List.of("x")));
        assertTrue(s.contains("real(8), intent(in) :: x(0:*)"), s);
        assertTrue(s.contains("if (.false.) print *, x(0)"), s);
    }

    @Test
    void tapeCallsUseTheRuntimeModule() {
        Variable tape = Runtime.tapeVariable("pa_t");
        Variable y = array("y", false, Layout.COLUMN_MAJOR, new Dim(i(1), i(4)));
        Function f = subroutine("taped", List.of(y), List.of(F, tape), Runtime.init(tape),
                Runtime.push(tape, new VarRef(F), true), Runtime.push(tape, i(1), false),
                new If(Runtime.popInt(tape), Block.of(Runtime.pop(tape, new VarRef(F), true)), null),
                new CallStmt(Runtime.popInt(tape)), Runtime.free(tape),
                Assign.set(new ArrayRef(y, List.of(i(1))), new VarRef(F)));
        String s = FortranPrinter.print(f);
        assertTrue(s.contains("  use paradjoint_tape\n  implicit none\n"), s);
        assertTrue(s.contains("type(pa_tape) :: pa_t\n"), s);
        assertTrue(s.contains("call pa_push_d(pa_t, real(f, 8))"), s);
        assertTrue(s.contains("if (pa_pop_i(pa_t) /= 0) then"), s);
        assertTrue(s.contains("f = real(pa_pop_d(pa_t), 4)"), s);
        assertTrue(s.contains("call pa_drop_i(pa_t)"), s);
        assertTrue(FortranPrinter.printFile(List.of(f), "test").contains("module paradjoint_tape"));
    }

    @Test
    void rowMajorArraysAreReversedToKeepTheirMemoryOrder() {
        Variable n = Variable.scalar("n", BaseType.INT, Variable.Kind.PARAMETER).withConst(true);
        Variable c = array("cl", false, Layout.ROW_MAJOR, Dim.c(null), Dim.c(i(64)));
        Variable j = Variable.scalar("j", BaseType.INT, Variable.Kind.LOCAL);
        String s = FortranPrinter.print(subroutine("g", List.of(n, c), List.of(I, j),
                Assign.set(new ArrayRef(c, List.of(new VarRef(I), new VarRef(j))), r(1.0))));
        assertTrue(s.contains("real(8), intent(inout) :: cl(0:63, 0:*)"), s);
        assertTrue(s.contains("cl(j, i) = 1.0d0"), s);
    }

    @Test
    void longLinesAreContinued() {
        Expr sum = a();
        for (int k = 0; k < 30; k++) {
            sum = add(sum, mul(r(k + 0.5), b()));
        }
        String s = FortranPrinter.print(Assign.set(new VarRef(A), sum));
        for (String line : s.split("\n")) {
            assertTrue(line.length() <= 100, line);
        }
        assertTrue(s.contains(" &\n"), s);
        var omp = new OmpParallelFor(List.of(I, A, B, K, F, I.withName("averyveryverylongprivatename"),
                A.withName("anotherveryverylongprivatename"), B.withName("yetanotherveryverylongname")), List.of(),
                List.of(), List.of(), "static, 16", 0, null, SourceRange.NONE);
        String d = FortranPrinter.ompDirective(omp);
        assertTrue(d.length() > 100);
        String printed = FortranPrinter.print(new For(I, i(1), Binary.Op.LE, i(9), i(1), Block.of(), omp, List.of(),
                SourceRange.NONE));
        assertTrue(printed.contains(" &\n!$omp& "), printed);
    }

    @Test
    void functionsReturnThroughTheirResultVariable() {
        Variable x = Variable.scalar("x", BaseType.DOUBLE, Variable.Kind.PARAMETER).withConst(true);
        Function f = new Function("half", BaseType.DOUBLE, List.of(x), List.of(), Block.of(new If(
                bin(Binary.Op.GT, new VarRef(x), r(0.0)), Block.of(new Return(mul(r(0.5), new VarRef(x)),
                        SourceRange.NONE)), null), new Return(r(0.0), SourceRange.NONE)), List.of(), false, null,
                SourceRange.NONE);
        String s = FortranPrinter.print(f);
        assertTrue(s.startsWith("function half(x) result(half_result)\n"), s);
        assertTrue(s.contains("real(8) :: half_result"), s);
        assertTrue(s.contains("half_result = 0.5d0 * x\n    return"), s);
        assertTrue(s.endsWith("end function half\n"), s);
    }

    @Test
    void namesFortranCannotSpellAreErrors() {
        Variable bad = Variable.scalar("_tmp", BaseType.DOUBLE, Variable.Kind.LOCAL);
        assertThrows(UnsupportedException.class, () -> FortranPrinter.print(subroutine("s", List.of(), List.of(bad))));
        Variable x = Variable.scalar("X", BaseType.DOUBLE, Variable.Kind.LOCAL);
        Variable y = Variable.scalar("x", BaseType.DOUBLE, Variable.Kind.LOCAL);
        assertThrows(UnsupportedException.class, () -> FortranPrinter.print(subroutine("s", List.of(), List.of(x, y))));
    }

    /** A primal with a unit annotation and a loop annotation. */
    private static final String ANNOTATED = """
            !$ad gradient(y : x)
            subroutine s(n, x, y)
              integer, intent(in) :: n
              real(8), intent(in) :: x(n)
              real(8), intent(inout) :: y(n)
              integer :: i
              !$ad disjoint(i + 1)
              !$omp parallel do private(i)
              do i = 1, n
                y(i) = x(i)
              end do
            end subroutine
            """;

    @Test
    void annotationsArePrintedWhereTheyApply() {
        Function f = Fortran.fn(ANNOTATED);
        String s = FortranPrinter.printAnnotated(f);
        assertTrue(s.startsWith("!$ad gradient(y : x)\nsubroutine s(n, x, y)\n"), s);
        assertTrue(s.contains("  !$ad disjoint(i + 1)\n  !$omp parallel do private(i)\n"), s);
        assertEquals(2, f.pragmas().size());
        assertTrue(f.pragmas().get(0) instanceof AdPragma.Gradient);
    }

    /** As the C printer leaves out {@code #pragma ad}: only a primal printed back as source carries them. */
    @Test
    void annotationsAreLeftOutUnlessAsked() {
        Function f = Fortran.fn(ANNOTATED);
        for (String s : List.of(FortranPrinter.print(f), FortranPrinter.printFile(List.of(f), "h"),
                FortranPrinter.print(f.body().stmts().get(0)))) {
            assertFalse(s.contains("!$ad"), s);
            assertTrue(s.contains("!$omp parallel do private(i)"), s);
        }
    }

    @Test
    void interfaceBlocksDeclareAssumedShapeWhereAsked() {
        Variable x = array("x", true, Layout.COLUMN_MAJOR, new Dim(i(1), null));
        Function f = subroutine("s", List.of(x), List.of());
        assertTrue(FortranPrinter.interfaceBlock(f, Set.of("x")).contains("real(8), intent(in) :: x(:)"));
        assertTrue(FortranPrinter.interfaceBlock(f).contains("real(8), intent(in) :: x(*)"));
        assertTrue(FortranPrinter.needsExplicitInterface(f, Set.of("x")));
    }

    /** {@code y(i) = (i < n ? x(i+1) : 0) + (i > 1 && x(i-1) > 0 ? 1 : 0)}, parallel over i in 1..n. */
    private static Function lazyGather() {
        Variable n = Variable.scalar("n", BaseType.INT, Variable.Kind.PARAMETER).withConst(true);
        Variable x = array("x", true, Layout.COLUMN_MAJOR, new Dim(i(1), new VarRef(n)));
        Variable y = array("y", false, Layout.COLUMN_MAJOR, new Dim(i(1), new VarRef(n)));
        VarRef iv = new VarRef(I);
        Expr next = cond(bin(Binary.Op.LT, iv, new VarRef(n)), new ArrayRef(x, List.of(add(iv, i(1)))), r(0.0));
        Expr prevPositive = bin(Binary.Op.AND, bin(Binary.Op.GT, iv, i(1)),
                bin(Binary.Op.GT, new ArrayRef(x, List.of(sub(iv, i(1)))), r(0.0)));
        For loop = new For(I, i(1), Binary.Op.LE, new VarRef(n), i(1), Block.of(Assign.set(new ArrayRef(y,
                List.of(iv)), add(next, cond(prevPositive, r(1.0), r(0.0))))), OmpParallelFor.plain(), List.of(),
                SourceRange.NONE);
        return subroutine("lazy_gather", List.of(n, x, y), List.of(I), loop);
    }

    @Test
    void operandsCMayNotEvaluateStayUnevaluated() {
        String s = FortranPrinter.print(lazyGather());
        assertTrue(s.contains("!$omp parallel do private(pa_c0, pa_c1)"), s);
        assertTrue(s.contains("if (i < n) then\n      pa_c0 = x(i + 1)\n    else\n      pa_c0 = 0.0d0\n    end if"), s);
        assertTrue(s.contains("pa_c1 = merge(1, 0, i > 1)\n    if (pa_c1 /= 0) then\n      pa_c1 = merge(1, 0, "
                + "x(i - 1) > 0.0d0)\n    end if"), s);
        assertTrue(s.contains("y(i) = pa_c0 + merge(1.0d0, 0.0d0, pa_c1 /= 0)"), s);
        assertEquals("merge(a, 0.0d0, k > 2)", p(cond(bin(Binary.Op.GT, k(), i(2)), a(), r(0.0))),
                "operands without risk stay a merge");
    }

    @Test
    void lazyOperandsRunWithinBounds() throws IOException {
        Gfortran.require();
        var runner = new FortranDriverRunner();
        Path dir = ScratchDir.create("paradjoint-lazy");
        try {
            Files.writeString(dir.resolve("lazy.f90"), FortranPrinter.printFile(List.of(lazyGather()), null)
                    + """

                    program main
                      implicit none
                      integer, parameter :: n = 5
                      real(8) :: x(n), y(n)
                      integer :: k
                      do k = 1, n
                        x(k) = real(k - 3, 8)
                      end do
                      call lazy_gather(n, x, y)
                      print '(5f6.1)', y
                    end program main
                    """);
            var compiled = runner.compile(dir.resolve("lazy.f90"), dir.resolve("lazy"), "-fcheck=bounds");
            assertTrue(compiled.ok(), compiled.text());
            var run = runner.run(dir.resolve("lazy"), 2);
            assertEquals(0, run.exitCode(), run.text());
            assertEquals("  -1.0   0.0   1.0   2.0   1.0", run.stdout().stripTrailing());
        } finally {
            ScratchDir.delete(dir);
        }
    }

    @Test
    void printedRuntimeAndProceduresCompile() throws IOException {
        Gfortran.require();
        var runner = new FortranDriverRunner();
        Path dir = ScratchDir.create("paradjoint-printer");
        try {
            Variable tape = Runtime.tapeVariable("pa_t");
            Variable y = array("y", false, Layout.COLUMN_MAJOR, new Dim(i(0), i(4)));
            Function f = subroutine("taped", List.of(y), List.of(F, tape), Assign.set(new VarRef(F), r(1.5)),
                    Runtime.init(tape), Runtime.push(tape, new VarRef(F), true), Runtime.pop(tape, new VarRef(F), true),
                    Runtime.free(tape),
                    Assign.set(new ArrayRef(y, List.of(i(1))), new VarRef(F)));
            Path file = dir.resolve("taped.f90");
            Files.writeString(file, FortranPrinter.printFile(List.of(f), "printer test"));
            var out = runner.compileOnly(file);
            assertTrue(out.ok(), out.text() + "\n" + Files.readString(file));
        } finally {
            ScratchDir.delete(dir);
        }
    }
}
