package org.paradjoint.pipeline.edits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.paradjoint.pipeline.Languages;
import org.paradjoint.core.ir.TranslationUnit.Language;
import org.paradjoint.core.diag.Severity;
import org.paradjoint.core.transform.RaceStrategy;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.testsupport.Repo;

/** The quick-assist, the quick-fix edits, the menu scan and the validation on Fortran sources. */
class FortranEditsTest {

    /** A three-point gather ({@code examples/fortran/gather3.f90}): its adjoint increments collide. */
    static final String GATHER3 = Repo.example("fortran/gather3.f90");

    static final String INDIRECT = """
            subroutine gather_indirect(n, y, x, c)
              implicit none
              integer, intent(in) :: n
              real(8), intent(inout) :: y(n)
              real(8), intent(in) :: x(n)
              integer, intent(in) :: c(n)
              integer :: i

              !$ad gradient(y : x)
              !$omp parallel do private(i)
              do i = 1, n
                y(i) = 2.0d0 * x(c(i))
              end do
              !$omp end parallel do
            end subroutine gather_indirect
            """;

    @Test
    void fortranFilesAreReadByTheFortranFrontEnd() {
        assertEquals(Languages.dialect(Language.FORTRAN), Languages.dialect("a.f90"));
        assertEquals(Languages.dialect(Language.FORTRAN), Languages.dialect("a.F90"));
        assertEquals(Languages.dialect(Language.C), Languages.dialect("a.c"));
        ParsedSource src = ParsedSource.parse("g.F90", GATHER3);
        assertFalse(src.result().hasErrors(), src.result().diagnostics().toString());
        assertEquals(Languages.dialect(Language.FORTRAN), src.dialect());
    }

    @Test
    void annotateALoopWithADirectiveIndentedAsTheLoop() {
        String before = GATHER3.replace("  !$ad gradient(y : x)\n", "");
        AnnotationInference.Proposal p = AnnotationInference.propose(ParsedSource.parse("g.f90", before),
                before.indexOf("y(i) =")).orElseThrow();
        assertEquals("!$ad gradient(y : x)", p.pragma());
        assertEquals(GATHER3, SourceEdit.apply(before, List.of(p.edit())));
        assertEquals(Optional.empty(), AnnotationInference.propose(ParsedSource.parse("g.f90", GATHER3),
                GATHER3.indexOf("y(i) =")), "already annotated");
    }

    @Test
    void annotateAProcedureOutsideLoops() {
        String before = """
                subroutine sq(y, x)
                  real(8), intent(out) :: y(1)
                  real(8), intent(in) :: x(1)
                  y(1) = x(1) * x(1)
                end subroutine sq
                """;
        AnnotationInference.Proposal p = AnnotationInference.propose(ParsedSource.parse("s.f90", before),
                before.indexOf("y(1) =")).orElseThrow();
        String after = SourceEdit.apply(before, List.of(p.edit()));
        assertEquals("!$ad gradient(y : x)\n" + before, after);
        assertFalse(ParsedSource.parse("s.f90", after).result().hasErrors());
    }

    @Test
    void assertDisjointIndicesInFortranSyntax() {
        DisjointAssertion.Proposal p = DisjointAssertion.propose(ParsedSource.parse("i.f90", INDIRECT),
                INDIRECT.indexOf("x(c(i))")).orElseThrow();
        assertEquals("!$ad disjoint(c(i))", p.pragma());
        assertEquals(INDIRECT.replace("  !$ad gradient", "  !$ad disjoint(c(i))\n  !$ad gradient"),
                SourceEdit.apply(INDIRECT, List.of(p.edit())));
    }

    @Test
    void gatherLoopsQualifyForAnAdjointStencil() {
        StencilAnnotation.Proposal p = StencilAnnotation.propose(ParsedSource.parse("g.f90", GATHER3),
                GATHER3.indexOf("x(i - 1)"), "b").orElseThrow();
        assertEquals("!$ad stencil adjoint(y:yb, x:xb)", p.pragma());
        String after = SourceEdit.apply(GATHER3, p.edits());
        assertEquals(GATHER3.replace("!$ad gradient(y : x)", "!$ad stencil adjoint(y:yb, x:xb)"), after);
        assertFalse(ParsedSource.parse("g.f90", after).result().hasErrors());
    }

    @Test
    void scopeIsTheProcedureAroundTheCaret() throws IOException {
        String two = GATHER3 + "\n" + INDIRECT.replace("!$ad gradient(y : x)", "!$AD tangent(y : x)")
                + "\nsubroutine plain(n)\n  integer :: n\nend\n";
        PragmaScan s = PragmaScan.of(Languages.dialect(Language.FORTRAN), two);
        assertEquals(Set.of(Annotation.GRADIENT, Annotation.TANGENT), s.all());
        assertEquals(Set.of(Annotation.GRADIENT), s.at(two.indexOf("x(i - 1)")));
        assertEquals(Set.of(Annotation.TANGENT), s.at(two.indexOf("x(c(i))")));
        assertEquals(Set.of(), s.at(two.indexOf("integer :: n\nend")));
        assertTrue(PragmaScan.mentionsAd(Languages.dialect(Language.FORTRAN), GATHER3));
        assertFalse(PragmaScan.mentionsAd(Languages.dialect(Language.FORTRAN), "! !$ad gradient(y : x)\n"));
        assertFalse(PragmaScan.mentionsAd(Languages.dialect(Language.C), GATHER3));
        String module = Repo.example("fortran/greengauss.f90");
        assertTrue(PragmaScan.of(Languages.dialect(Language.FORTRAN), module).all().contains(Annotation.GRADIENT));
    }

    @Test
    void unsafeIncrementsOfAFortranGather() {
        // the workbench's default strategy: an atomic per unproven increment, each a decision to make
        List<Problem> ps = FileValidation.validate("gather3.f90", GATHER3, GenerationSettings.defaults()
                .withRaceStrategy(RaceStrategy.ATOMIC), FileValidation.Decisions.NONE);
        assertEquals(3, ps.size(), ps.toString());
        // the command line's default writes them as a gather: information, nothing to decide
        List<Problem> gathered = FileValidation.validate("gather3.f90", GATHER3, GenerationSettings.defaults(),
                FileValidation.Decisions.NONE);
        assertEquals(3, gathered.size(), gathered.toString());
        assertTrue(gathered.stream().allMatch(p -> p.severity() == Severity.INFO && p.isUnsafeIncrement()
                && "gather".equals(p.attributes().get(Problem.DECISION))
                && p.message().startsWith("written as a gather")), gathered.toString());
        Problem first = ps.get(0);
        assertTrue(first.isUnsafeIncrement());
        assertEquals(Severity.WARNING, first.severity());
        assertEquals(GATHER3.indexOf("x(i - 1)"), first.offset());
        assertEquals("x(i - 1)".length(), first.length());
        assertEquals(GATHER3.substring(0, GATHER3.indexOf("x(i - 1)")).lines().count(), first.line(),
                "the line of x(i - 1)");
        assertEquals("gather3", first.attributes().get(Problem.FUNCTION));
        assertTrue(first.message().contains("may collide between iterations"), first.message());
    }

    @Test
    void provenFortranLoopsAreClean() throws IOException {
        assertEquals(List.of(), FileValidation.validate("indirect.f90", Repo.example("fortran/indirect.f90"),
                GenerationSettings.defaults(), FileValidation.Decisions.NONE));
    }
}
