package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.paradjoint.fortran.tests.Fortran.error;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.Diagnostic;
import org.paradjoint.fortran.FortranDiagnosticCodes;

/**
 * Unsupported or wrong input: each snippet yields an error with a stable code at the line and
 * column of the construct, with a message that names it and says what would be supported.
 */
class DiagnosticsTest {

    /** A subroutine around {@code body} (its first statement is on line 7). */
    private static String sub(String body) {
        return """
                subroutine s(n, x, y)
                  implicit none
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: y(n)
                  integer :: i, j
                """ + body + "\nend subroutine s\n";
    }

    @Test
    void gotoAndLabels() {
        String src = sub("""
                  do i = 1, n
                    if (x(i) < 0.0d0) goto 10
                    y(i) = x(i)
                  end do
                10 continue""");
        error(src, FortranDiagnosticCodes.GOTO, 8, 23, "goto", "if/else");
        error(src, FortranDiagnosticCodes.LABEL, 11, 1, "label");
    }

    @Test
    void commonBlocks() {
        error("""
                subroutine s(y)
                  real(8), intent(inout) :: y
                  real(8) :: g
                  common /state/ g
                  y = g
                end subroutine
                """, FortranDiagnosticCodes.COMMON, 4, 3, "common", "arguments");
    }

    @Test
    void equivalence() {
        error("""
                subroutine s(y)
                  real(8), intent(inout) :: y
                  real(8) :: a, b
                  equivalence (a, b)
                  y = a
                end subroutine
                """, FortranDiagnosticCodes.EQUIVALENCE, 4, 3, "equivalence", "aliasing");
    }

    @Test
    void doWhileAndItsBodyIsSkipped() {
        String src = sub("""
                  i = 1
                  do while (i < n)
                    y(i) = x(i)
                    i = i + 1
                  end do
                  y(1) = x(1)""");
        Diagnostic d = error(src, FortranDiagnosticCodes.DO_WHILE, 8, 1, "do while", "counted do loop");
        assertEquals(1, Fortran.parse(src).diagnostics().stream().filter(Diagnostic::isError).count(), d::toString);
    }

    @Test
    void labelledDo() {
        error(sub("""
                  do 20 i = 1, n
                    y(i) = x(i)
                20 continue"""), FortranDiagnosticCodes.DO, 7, 6, "labelled do", "end do");
    }

    @Test
    void undeclaredVariable() {
        error(sub("  y(1) = x(1) + zeta"), FortranDiagnosticCodes.UNDECLARED, 7, 17, "'zeta'", "implicit");
    }

    @Test
    void undeclaredDummy() {
        error("""
                subroutine s(n, x)
                  integer, intent(in) :: n
                end subroutine
                """, FortranDiagnosticCodes.UNDECLARED, 1, 17, "'x'", "no type");
    }

    @Test
    void wholeArrayAssignment() {
        error(sub("  y = 0.0d0"), FortranDiagnosticCodes.ARRAY_ASSIGNMENT, 7, 3, "whole-array", "do loop");
    }

    @Test
    void arraySection() {
        error(sub("  y(1) = x(2:3)"), FortranDiagnosticCodes.ARRAY_SECTION, 7, 10, "section", "'x'");
    }

    @Test
    void initialisedLocalImpliesSave() {
        error(sub("").replace("integer :: i, j", "integer :: i, j\n  real(8) :: acc = 0.0d0"),
                FortranDiagnosticCodes.SAVE, 7, 14, "save", "'acc'");
    }

    @Test
    void characterAndDerivedTypes() {
        error("""
                subroutine s(name)
                  character(len=8) :: name
                end subroutine
                """, FortranDiagnosticCodes.TYPE, 2, 3, "character");
        error("""
                subroutine s(p)
                  type(point) :: p
                end subroutine
                """, FortranDiagnosticCodes.TYPE, 2, 3, "derived types");
    }

    @Test
    void unknownFunctionAndUnsupportedIntrinsic() {
        error(sub("  y(1) = foo(x(1))"), FortranDiagnosticCodes.UNKNOWN_FUNCTION, 7, 10, "'foo'", "inlined");
        error(sub("  y(1) = sum(x)"), FortranDiagnosticCodes.INTRINSIC, 7, 10, "'sum'");
    }

    @Test
    void exitCycleStopAndIo() {
        String src = sub("""
                  do i = 1, n
                    if (x(i) < 0.0d0) exit
                    if (x(i) > 9.0d0) cycle
                    y(i) = x(i)
                  end do
                  print *, y(1)
                  stop""");
        error(src, FortranDiagnosticCodes.EXIT, 8, 21, "exit");
        error(src, FortranDiagnosticCodes.CYCLE, 9, 21, "cycle");
        error(src, FortranDiagnosticCodes.IO, 12, 1, "print");
        error(src, FortranDiagnosticCodes.STOP, 13, 1, "stop");
    }

    @Test
    void selectCaseIsReportedOnceAndSkipped() {
        String src = sub("""
                  select case (n)
                  case (1)
                    y(1) = x(1)
                  end select
                  y(2) = x(2)""");
        error(src, FortranDiagnosticCodes.SELECT, 7, 1, "select case", "if/else if");
        assertEquals(1, Fortran.parse(src).diagnostics().size());
    }

    @Test
    void openMpRegionsAndClauses() {
        error(sub("""
                  !$omp parallel
                  y(1) = x(1)
                  !$omp end parallel"""), FortranDiagnosticCodes.OMP, 7, 1, "parallel regions", "parallel do");
        error(sub("""
                  !$omp parallel do lastprivate(i)
                  do i = 1, n
                    y(i) = x(i)
                  end do"""), FortranDiagnosticCodes.OMP_CLAUSE, 7, 19, "lastprivate");
    }

    @Test
    void unknownAndMisplacedAnnotations() {
        error(sub("""
                  !$ad gradiant(y : x)
                  y(1) = x(1)"""), FortranDiagnosticCodes.UNKNOWN_PRAGMA, 7, 6, "gradiant", "gradient");
        error(sub("""
                  !$ad stencil adjoint(y:yb, x:xb)
                  y(1) = x(1)"""), FortranDiagnosticCodes.MISPLACED_PRAGMA, 7, 1, "stencil", "loop");
        error(sub("""
                  !$ad disjoint(i)
                  do i = 1, n
                    y(i) = x(i)
                  end do"""), FortranDiagnosticCodes.MISPLACED_PRAGMA, 7, 1, "parallel");
        error(sub("""
                  !$ad gradient(y : w)
                  y(1) = x(1)"""), FortranDiagnosticCodes.UNKNOWN_VARIABLE, 7, 19, "'w'", "'ad gradient'");
    }

    @Test
    void annotationErrorsOnAContinuationLinePointAtTheirText() {
        error(sub("""
                  !$ad gradient(y : &
                  !$ad & w)
                  y(1) = x(1)"""), FortranDiagnosticCodes.UNKNOWN_VARIABLE, 8, 8, "'w'", "'ad gradient'");
        error(sub("""
                  !$ad stencil adjoint(y = &
                  !$ad & yb)
                  y(1) = x(1)"""), FortranDiagnosticCodes.MALFORMED_PRAGMA, 7, 24, "expected ':' between an array",
                "'!$ad stencil adjoint(u:ub, v:vb) strategy(split)'", "(found '=')");
        error(sub("""
                  !$ad disjoint(c(i), )
                  y(1) = x(1)"""), FortranDiagnosticCodes.MALFORMED_PRAGMA, 7, 20, "empty expression",
                "'!$ad disjoint(c(i))'");
    }

    @Test
    void danglingDirective() {
        error(sub("""
                  do i = 1, n
                    y(i) = x(i)
                    !$omp parallel do
                  end do"""), FortranDiagnosticCodes.DANGLING_PRAGMA, 9, 3, "no statement after it");
    }

    @Test
    void mismatchedAndMissingEnds() {
        error(sub("""
                  do i = 1, n
                    y(i) = x(i)
                  end if"""), FortranDiagnosticCodes.END_MISMATCH, 9, 1, "end if", "do loop");
        error("""
                subroutine s(y)
                  real(8), intent(inout) :: y
                  y = 1.0d0
                """, FortranDiagnosticCodes.MISSING_END, 1, 1, "end subroutine");
        // a module procedure cut off by the module's end: its last statement is no end line
        error("""
                module m
                contains
                subroutine s(y)
                  real(8), intent(inout) :: y
                  y = 1.0d0
                end module m
                """, FortranDiagnosticCodes.MISSING_END, 3, 1, "end subroutine");
        error("""
                subroutine s(y)
                  real(8), intent(inout) :: y
                  y = 1.0d0
                end subroutine t
                """, FortranDiagnosticCodes.END_MISMATCH, 4, 16, "'t'", "'s'");
    }

    @Test
    void intentInIsReadOnly() {
        error(sub("  x(1) = 0.0d0"), FortranDiagnosticCodes.INTENT_IN_ASSIGNED, 7, 3, "'x'", "intent(in)");
    }

    @Test
    void doStepMustBeAConstant() {
        error(sub("""
                  do i = 1, n, j
                    y(i) = x(i)
                  end do"""), FortranDiagnosticCodes.DO_STEP, 7, 14, "non-zero integer constant");
    }

    @Test
    void doBoundModifiedInTheBody() {
        error(sub("""
                  j = n
                  do i = 1, j
                    j = j - 1
                  end do""").replace("real(8), intent(inout) :: y(n)", "real(8), intent(inout) :: y(n)"),
                FortranDiagnosticCodes.DO_BOUND_MODIFIED, 8, 1, "'j'", "trip count");
    }

    @Test
    void callsTheInlinerCannotMapFaithfully() {
        error("""
                subroutine inc(k, a)
                  integer, intent(inout) :: k
                  real(8), intent(inout) :: a(0:9)
                  k = k + 1
                  a(0) = 1.0d0
                end subroutine
                subroutine s(b)
                  real(8), intent(inout) :: b(10)
                  integer :: m
                  m = 0
                  call inc(m, b)
                end subroutine
                """, FortranDiagnosticCodes.CALL, 11, 3, "by reference");
        error("""
                subroutine zero(a)
                  real(8), intent(inout) :: a(0:9)
                  a(0) = 0.0d0
                end subroutine
                subroutine s(b)
                  real(8), intent(inout) :: b(10)
                  call zero(b)
                end subroutine
                """, FortranDiagnosticCodes.CALL, 7, 3, "lower bound");
    }

    @Test
    void malformedContinuations() {
        error(sub("  y(1) = x(1) & + x(2)"), FortranDiagnosticCodes.CONTINUATION, 7, 15, "end of a line");
        error(sub("""
                  !$omp parallel do &
                  private(i)
                  do i = 1, n
                    y(i) = x(i)
                  end do"""), FortranDiagnosticCodes.CONTINUATION, 8, 1, "!$omp");
    }

    @Test
    void syntaxErrors() {
        error(sub("  y(1) = (x(1) + x(2)"), FortranDiagnosticCodes.SYNTAX_ERROR, 7, 21, "')'");
        error(sub("  y(1) = x(1) < x(2) < x(3)"), FortranDiagnosticCodes.SYNTAX_ERROR, 7, 22, "chained");
        error(sub("  y(1) = x(1) * -x(2)"), FortranDiagnosticCodes.SYNTAX_ERROR, 7, 17, "parenthesise");
    }

    @Test
    void preprocessorLines() {
        error("#define N 10\n" + sub("  y(1) = x(1)"), FortranDiagnosticCodes.SYNTAX_ERROR, 1, 1, "preprocessor",
                "gfortran -E");
    }

    @Test
    void allocatablesPointersAndModuleVariables() {
        error(sub("").replace("integer :: i, j", "real(8), allocatable :: w(:)"), FortranDiagnosticCodes.ALLOCATE, 6,
                12, "allocatable");
        error("""
                module m
                  real(8) :: counter
                end module m
                subroutine s(y)
                  use m
                  real(8), intent(inout) :: y
                  y = counter
                end subroutine
                """, FortranDiagnosticCodes.MODULE_VARIABLE, 7, 7, "'counter'", "argument");
    }

    @Test
    void subscriptsAndPowers() {
        error(sub("  y(1) = x(1, 2)"), FortranDiagnosticCodes.SUBSCRIPT, 7, 10, "rank 1", "2 subscripts");
        error(sub("  i = j ** n"), FortranDiagnosticCodes.INTEGER_POWER, 7, 7, "literal exponent");
        error(sub("  y(1) = x(1) .myop. x(2)"), FortranDiagnosticCodes.OPERATOR, 7, 15, ".myop.");
    }

    @Test
    void functionsOnlyMapWithoutErrors() {
        var r = Fortran.parse(sub("  y(1) = x(1)\n  goto 5") + """
                subroutine ok(y)
                  real(8), intent(inout) :: y
                  y = 2.0d0
                end subroutine
                """);
        assertTrue(r.hasErrors());
        assertEquals(1, r.unit().functions().size(), "the faulty procedure is left out");
        assertEquals("ok", r.unit().functions().get(0).name());
        assertFalse(r.diagnostics().stream().anyMatch(d -> !d.range().isKnown()), "every diagnostic is located");
    }
}
