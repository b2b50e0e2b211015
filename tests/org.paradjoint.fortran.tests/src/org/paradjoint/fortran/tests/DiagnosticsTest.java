package org.paradjoint.fortran.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.paradjoint.fortran.tests.Fortran.error;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.diag.Diagnostic;

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
        error(src, "unsupported-goto", 8, 23, "goto", "if/else");
        error(src, "unsupported-label", 11, 1, "label");
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
                """, "unsupported-common", 4, 3, "common", "arguments");
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
                """, "unsupported-equivalence", 4, 3, "equivalence", "aliasing");
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
        Diagnostic d = error(src, "unsupported-do-while", 8, 1, "do while", "counted do loop");
        assertEquals(1, Fortran.parse(src).diagnostics().stream().filter(Diagnostic::isError).count(), d::toString);
    }

    @Test
    void labelledDo() {
        error(sub("""
                  do 20 i = 1, n
                    y(i) = x(i)
                20 continue"""), "unsupported-do", 7, 6, "labelled do", "end do");
    }

    @Test
    void undeclaredVariable() {
        error(sub("  y(1) = x(1) + zeta"), "undeclared-variable", 7, 17, "'zeta'", "implicit");
    }

    @Test
    void undeclaredDummy() {
        error("""
                subroutine s(n, x)
                  integer, intent(in) :: n
                end subroutine
                """, "undeclared-variable", 1, 17, "'x'", "no type");
    }

    @Test
    void wholeArrayAssignment() {
        error(sub("  y = 0.0d0"), "unsupported-array-assignment", 7, 3, "whole-array", "do loop");
    }

    @Test
    void arraySection() {
        error(sub("  y(1) = x(2:3)"), "unsupported-array-section", 7, 10, "section", "'x'");
    }

    @Test
    void initialisedLocalImpliesSave() {
        error(sub("").replace("integer :: i, j", "integer :: i, j\n  real(8) :: acc = 0.0d0"),
                "unsupported-save", 7, 14, "save", "'acc'");
    }

    @Test
    void characterAndDerivedTypes() {
        error("""
                subroutine s(name)
                  character(len=8) :: name
                end subroutine
                """, "unsupported-type", 2, 3, "character");
        error("""
                subroutine s(p)
                  type(point) :: p
                end subroutine
                """, "unsupported-type", 2, 3, "derived types");
    }

    @Test
    void unknownFunctionAndUnsupportedIntrinsic() {
        error(sub("  y(1) = foo(x(1))"), "unknown-function", 7, 10, "'foo'", "inlined");
        error(sub("  y(1) = sum(x)"), "unsupported-intrinsic", 7, 10, "'sum'");
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
        error(src, "unsupported-exit", 8, 21, "exit");
        error(src, "unsupported-cycle", 9, 21, "cycle");
        error(src, "unsupported-io", 12, 1, "print");
        error(src, "unsupported-stop", 13, 1, "stop");
    }

    @Test
    void selectCaseIsReportedOnceAndSkipped() {
        String src = sub("""
                  select case (n)
                  case (1)
                    y(1) = x(1)
                  end select
                  y(2) = x(2)""");
        error(src, "unsupported-select", 7, 1, "select case", "if/else if");
        assertEquals(1, Fortran.parse(src).diagnostics().size());
    }

    @Test
    void openMpRegionsAndClauses() {
        error(sub("""
                  !$omp parallel
                  !$omp task
                  y(1) = x(1)
                  !$omp end parallel"""), "unsupported-omp", 8, 1, "task", "parallel regions");
        error(sub("""
                  !$omp parallel
                  !$omp sections
                  y(1) = x(1)
                  !$omp end parallel"""), "missing-end", 8, 1, "sections");
        error(sub("""
                  !$omp parallel do
                  do i = 1, n
                    !$omp atomic capture
                    y(i) = x(i)
                  end do"""), "unsupported-omp", 9, 3, "atomic capture", "order in which the threads run");
        error(sub("""
                  !$omp parallel do lastprivate(i)
                  do i = 1, n
                    y(i) = x(i)
                  end do"""), "unsupported-omp-clause", 7, 19, "lastprivate");
    }

    /** A subroutine with a lock {@code l}, {@code body} from line 9. */
    private static String withLock(String body) {
        return """
                subroutine s(n, x, y)
                  use omp_lib
                  implicit none
                  integer, intent(in) :: n
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: y(n)
                  integer(omp_lock_kind) :: l
                  integer :: i
                """ + body + "\nend subroutine s\n";
    }

    @Test
    void lockRoutinesProtectOnlyIncrementsInParallelLoops() {
        error(withLock("""
                  !$omp parallel do
                  do i = 1, n
                    call omp_set_lock(l)
                    y(1) = x(i)
                    call omp_unset_lock(l)
                  end do"""), "unsupported-omp", 12, 3, "omp_set_lock(l)", "increments", "y(1) = x(i)");
        error(withLock("""
                  !$omp parallel do
                  do i = 1, n
                    call omp_set_lock(l)
                    y(1) = y(1) + x(i)
                  end do"""), "unsupported-omp", 11, 3, "without 'call omp_unset_lock(l)'");
        error(withLock("""
                  call omp_set_lock(l)
                  y(1) = y(1) + x(1)
                  call omp_unset_lock(l)"""), "unsupported-omp", 9, 1, "outside a parallel loop");
        error(withLock("""
                  !$omp parallel
                  call omp_set_lock(l)
                  y(1) = y(1) + x(1)
                  call omp_unset_lock(l)
                  !$omp end parallel"""), "unsupported-omp", 10, 1, "outside a parallel loop");
        error(withLock("""
                  !$omp parallel do
                  do i = 1, n
                    y(i) = x(i)
                    call omp_unset_lock(l)
                  end do"""), "unsupported-omp", 12, 3, "without 'call omp_set_lock(l)' before it");
        Fortran.ok(withLock("""
                  call omp_init_lock(l)
                  !$omp parallel do
                  do i = 1, n
                    call omp_set_lock(l)
                    y(1) = y(1) + x(i)
                    call omp_unset_lock(l)
                  end do
                  call omp_destroy_lock(l)"""));
    }

    @Test
    void orderedBlocksHoldIncrementsInsideOrderedLoops() {
        // a general block inside another construct of the body: the loop cannot be split around it
        error(sub("""
                  !$omp parallel do ordered
                  do i = 2, n
                    if (x(i) > 0.0d0) then
                      !$omp ordered
                      y(i) = y(i - 1) + x(i)
                      !$omp end ordered
                    end if
                  end do"""), "unsupported-omp", 10, 5, "increments", "reverse iteration order", "y(i) = y(i - 1) + x(i)");
        // a private value the part before the block leaves to it, computed from what the loop writes
        error(sub("""
                  real(8) :: e
                  !$omp parallel do ordered private(e)
                  do i = 2, n
                    e = y(i) * x(i)
                    !$omp ordered
                    y(i) = y(i - 1) + e
                    !$omp end ordered
                  end do"""), "unsupported-omp", 11, 3, "'e'", "recomputed");
        error(sub("""
                  !$omp parallel do
                  do i = 1, n
                    !$omp ordered
                    y(1) = y(1) + x(i)
                    !$omp end ordered
                  end do"""), "unsupported-omp", 9, 3, "`ordered` clause");
        error(sub("""
                  !$omp parallel do ordered(1)
                  do i = 2, n
                    y(1) = y(1) + x(i)
                  end do"""), "unsupported-omp", 7, 19, "ordered(n)");
        error(sub("""
                  !$omp parallel do ordered
                  do i = 2, n
                    !$omp ordered depend(sink: i - 1)
                    y(1) = y(1) + x(i)
                  end do"""), "unsupported-omp", 9, 17, "`depend`");
        Fortran.ok(sub("""
                  !$omp parallel do ordered
                  do i = 1, n
                    !$omp ordered
                    y(1) = y(1) + x(i)
                    !$omp end ordered
                  end do
                  !$omp end parallel do"""));
    }

    @Test
    void worksharingLoopOutsideARegion() {
        error(sub("""
                  !$omp do
                  do i = 1, n
                    y(i) = x(i)
                  end do
                  !$omp end do"""), "unsupported-omp", 7, 1, "'!$omp do' outside a parallel region",
                "'!$omp parallel'");
        error(sub("""
                  !$omp barrier
                  y(1) = x(1)"""), "unsupported-omp", 7, 1, "'!$omp barrier' outside a parallel region");
    }

    @Test
    void nestedParallelism() {
        String src = sub("""
                  !$omp parallel
                  !$omp parallel do
                  do i = 1, n
                    y(i) = x(i)
                  end do
                  !$omp end parallel""");
        error(src, "unsupported-omp-region", 8, 1, "'!$omp parallel do'", "nested", "'!$omp do'");
        assertEquals(1, Fortran.parse(src).diagnostics().size(), () -> Fortran.parse(src).diagnostics().toString());
        error(sub("""
                  !$omp parallel do
                  do i = 1, n
                    !$omp single
                    y(i) = x(i)
                    !$omp end single
                  end do"""), "unsupported-omp", 9, 3, "`omp single` inside a parallel loop");
    }

    @Test
    void threadNumbersWhereTheyCannotBeGiven() {
        // inside a worksharing loop the thread number depends on the schedule
        error(sub("""
                  !$omp parallel
                  !$omp do
                  do i = 1, n
                    y(i) = x(i) * dble(omp_get_thread_num())
                  end do
                  !$omp end do
                  !$omp end parallel"""), "unsupported-omp-region", 10, 22, "`omp_get_thread_num()`",
                "thread number");
        // a private value of each thread's carried across a barrier
        error(sub("""
                  integer :: t
                  real(8) :: mine
                  !$omp parallel private(t, mine)
                  t = omp_get_thread_num()
                  mine = 0.0d0
                  do i = t + 1, t + 1
                    mine = x(i)
                  end do
                  !$omp barrier
                  y(t + 1) = mine
                  !$omp end parallel"""), "unsupported-omp-region", 16, 1, "'mine'",
                "carrying a thread's own value");
        // outside a parallel region there is no thread number to give
        error(sub("  y(1) = dble(omp_get_num_threads())"), "unsupported-intrinsic", 7, 15,
                "'omp_get_num_threads'");
    }

    @Test
    void regionsThatWouldChangeWhenLowered() {
        // every thread would write the shared y(1)
        error(sub("""
                  !$omp parallel
                  y(1) = x(1)
                  !$omp end parallel"""), "unsupported-omp-region", 8, 1, "every thread", "'y'",
                "'!$omp single'");
        // every thread would add x(1): not a per-thread partial sum
        error(sub("""
                  !$omp parallel
                  !$omp critical
                  y(1) = y(1) + x(1)
                  !$omp end critical
                  !$omp end parallel"""), "unsupported-omp-region", 9, 1, "'!$omp critical'",
                "'local = local + ...'");
        // directives inside an if construct of the region
        error(sub("""
                  !$omp parallel
                  if (n > 2) then
                    !$omp single
                    y(1) = x(1)
                    !$omp end single
                  end if
                  !$omp end parallel"""), "unsupported-omp-region", 9, 3, "'!$omp single' inside an if construct");
    }

    @Test
    void aTimeLoopInARegionMayNotChangeItsBound() {
        error("""
                subroutine s(n, m, x, y)
                  implicit none
                  integer, intent(in) :: n
                  integer :: m
                  real(8), intent(in) :: x(n)
                  real(8), intent(inout) :: y(n)
                  integer :: i, t
                  !$omp parallel
                  do t = 1, m
                    !$omp do
                    do i = 1, n
                      y(i) = y(i) + x(i)
                    end do
                    !$omp single
                    m = m - 1
                    !$omp end single
                  end do
                  !$omp end parallel
                end subroutine s
                """, "do-bound-modified", 9, 3, "'m'");
    }

    @Test
    void unclosedOpenMpBlocks() {
        error(sub("""
                  !$omp parallel
                  !$omp single
                  y(1) = x(1)
                  !$omp end parallel"""), "missing-end", 8, 1, "'!$omp single'", "'!$omp end single'");
        error(sub("""
                  y(1) = x(1)
                  !$omp end single"""), "misplaced-pragma", 8, 1, "'!$omp end single'");
        error(sub("""
                  !$omp parallel
                  !$omp do nowait
                  do i = 1, n
                    y(i) = x(i)
                  end do
                  !$omp end parallel"""), "unsupported-omp-clause", 8, 10, "'nowait'", "'!$omp do'");
    }

    @Test
    void unknownAndMisplacedAnnotations() {
        error(sub("""
                  !$ad gradiant(y : x)
                  y(1) = x(1)"""), "unknown-pragma", 7, 6, "gradiant", "gradient");
        error(sub("""
                  !$ad stencil adjoint(y:yb, x:xb)
                  y(1) = x(1)"""), "misplaced-pragma", 7, 1, "stencil", "loop");
        error(sub("""
                  !$ad disjoint(i)
                  do i = 1, n
                    y(i) = x(i)
                  end do"""), "misplaced-pragma", 7, 1, "parallel");
        error(sub("""
                  !$ad gradient(y : w)
                  y(1) = x(1)"""), "unknown-variable", 7, 19, "'w'", "'ad gradient'");
    }

    @Test
    void annotationErrorsOnAContinuationLinePointAtTheirText() {
        error(sub("""
                  !$ad gradient(y : &
                  !$ad & w)
                  y(1) = x(1)"""), "unknown-variable", 8, 8, "'w'", "'ad gradient'");
        error(sub("""
                  !$ad stencil adjoint(y = &
                  !$ad & yb)
                  y(1) = x(1)"""), "malformed-pragma", 7, 24, "expected ':' between an array",
                "'!$ad stencil adjoint(u:ub, v:vb) strategy(split)'", "(found '=')");
        error(sub("""
                  !$ad disjoint(c(i), )
                  y(1) = x(1)"""), "malformed-pragma", 7, 20, "empty expression",
                "'!$ad disjoint(c(i))'");
    }

    @Test
    void danglingDirective() {
        error(sub("""
                  do i = 1, n
                    y(i) = x(i)
                    !$omp parallel do
                  end do"""), "dangling-pragma", 9, 3, "no statement after it");
    }

    @Test
    void mismatchedAndMissingEnds() {
        error(sub("""
                  do i = 1, n
                    y(i) = x(i)
                  end if"""), "mismatched-end", 9, 1, "end if", "do loop");
        error("""
                subroutine s(y)
                  real(8), intent(inout) :: y
                  y = 1.0d0
                """, "missing-end", 1, 1, "end subroutine");
        // a module procedure cut off by the module's end: its last statement is no end line
        error("""
                module m
                contains
                subroutine s(y)
                  real(8), intent(inout) :: y
                  y = 1.0d0
                end module m
                """, "missing-end", 3, 1, "end subroutine");
        error("""
                subroutine s(y)
                  real(8), intent(inout) :: y
                  y = 1.0d0
                end subroutine t
                """, "mismatched-end", 4, 16, "'t'", "'s'");
    }

    @Test
    void intentInIsReadOnly() {
        error(sub("  x(1) = 0.0d0"), "intent-in-assigned", 7, 3, "'x'", "intent(in)");
    }

    @Test
    void doStepMustBeAConstant() {
        error(sub("""
                  do i = 1, n, j
                    y(i) = x(i)
                  end do"""), "unsupported-do-step", 7, 14, "non-zero integer constant");
    }

    @Test
    void doBoundModifiedInTheBody() {
        error(sub("""
                  j = n
                  do i = 1, j
                    j = j - 1
                  end do""").replace("real(8), intent(inout) :: y(n)", "real(8), intent(inout) :: y(n)"),
                "do-bound-modified", 8, 1, "'j'", "trip count");
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
                """, "unsupported-call", 11, 3, "by reference");
        error("""
                subroutine zero(a)
                  real(8), intent(inout) :: a(0:9)
                  a(0) = 0.0d0
                end subroutine
                subroutine s(b)
                  real(8), intent(inout) :: b(10)
                  call zero(b)
                end subroutine
                """, "unsupported-call", 7, 3, "lower bound");
    }

    @Test
    void malformedContinuations() {
        error(sub("  y(1) = x(1) & + x(2)"), "malformed-continuation", 7, 15, "end of a line");
        error(sub("""
                  !$omp parallel do &
                  private(i)
                  do i = 1, n
                    y(i) = x(i)
                  end do"""), "malformed-continuation", 8, 1, "!$omp");
    }

    @Test
    void syntaxErrors() {
        error(sub("  y(1) = (x(1) + x(2)"), "syntax-error", 7, 21, "')'");
        error(sub("  y(1) = x(1) < x(2) < x(3)"), "syntax-error", 7, 22, "chained");
        error(sub("  y(1) = x(1) * -x(2)"), "syntax-error", 7, 17, "parenthesise");
    }

    @Test
    void preprocessorLines() {
        error("#define N 10\n" + sub("  y(1) = x(1)"), "syntax-error", 1, 1, "preprocessor",
                "gfortran -E");
    }

    @Test
    void allocatablesPointersAndModuleVariables() {
        error(sub("").replace("integer :: i, j", "real(8), allocatable :: w(:)"), "unsupported-allocate", 6,
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
                """, "unsupported-module-variable", 7, 7, "'counter'", "argument");
    }

    @Test
    void subscriptsAndPowers() {
        error(sub("  y(1) = x(1, 2)"), "unsupported-subscript", 7, 10, "rank 1", "2 subscripts");
        error(sub("  i = j ** n"), "unsupported-integer-power", 7, 7, "literal exponent");
        error(sub("  y(1) = x(1) .myop. x(2)"), "unsupported-operator", 7, 15, ".myop.");
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
