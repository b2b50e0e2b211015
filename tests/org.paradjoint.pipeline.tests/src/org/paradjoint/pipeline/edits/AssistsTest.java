package org.paradjoint.pipeline.edits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.paradjoint.testsupport.Repo;

/** The quick-assist and the quick-fix edits, computed headless and compared as text. */
class AssistsTest {

    @Test
    void annotateALoopWithTheArraysItWritesAndReads() {
        String before = """
                void scale(int n, double *y, const double *x, const int *c, double a)
                {
                    int i;
                #pragma omp parallel for
                    for (i = 0; i < n; i++)
                        y[i] = a * x[c[i]] * x[i];
                }
                """;
        AnnotationInference.Proposal p = AnnotationInference.propose(ParsedSource.parse("s.c", before),
                before.indexOf("y[i] =")).orElseThrow();
        assertEquals("#pragma ad gradient(y : x)", p.pragma());
        assertEquals(before.replace("#pragma omp", "#pragma ad gradient(y : x)\n#pragma omp"),
                SourceEdit.apply(before, List.of(p.edit())));
        assertTrue(FileValidation.validate("s.c", SourceEdit.apply(before, List.of(p.edit())),
                org.paradjoint.pipeline.GenerationSettings.defaults(), FileValidation.Decisions.NONE)
                .stream().noneMatch(x -> x.severity() == org.paradjoint.core.diag.Severity.ERROR));
    }

    @Test
    void annotateAFunctionOutsideLoops() {
        String before = "void sq(double *y, const double *x)\n{\n    y[0] = x[0] * x[0];\n}\n";
        AnnotationInference.Proposal p = AnnotationInference.propose(ParsedSource.parse("s.c", before),
                before.indexOf("y[0]")).orElseThrow();
        assertEquals("#pragma ad gradient(y : x)\n" + before, SourceEdit.apply(before, List.of(p.edit())));
    }

    @Test
    void annotationsAreIndentedAsTheLineTheyPrecede() {
        String before = "void sq(int n, double *y, const double *x)\n{\n    for (int i = 0; i < n; i++)\n"
                + "        y[i] = x[i] * x[i];\n}\n";
        AnnotationInference.Proposal p = AnnotationInference.propose(ParsedSource.parse("s.c", before),
                before.indexOf("y[i]")).orElseThrow();
        assertEquals(before.replace("    for", "    #pragma ad gradient(y : x)\n    for"),
                SourceEdit.apply(before, List.of(p.edit())));
    }

    @Test
    void annotatedFunctionsAreNotOffered() throws IOException {
        String g = Repo.example("formad/gather3.c");
        assertEquals(Optional.empty(), AnnotationInference.propose(ParsedSource.parse("g.c", g), g.indexOf("y[i] =")));
    }

    @Test
    void assertDisjointIndicesBeforeTheLoop() {
        String src = Sources.INDIRECT_GATHER;
        DisjointAssertion.Proposal p = DisjointAssertion.propose(ParsedSource.parse("i.c", src),
                src.indexOf("x[c[i]]")).orElseThrow();
        assertEquals("#pragma ad disjoint(c[i])", p.pragma());
        String after = SourceEdit.apply(src, List.of(p.edit()));
        assertEquals(src.replace("#pragma ad gradient", "#pragma ad disjoint(c[i])\n#pragma ad gradient"), after);
        // asserted once: not offered again
        assertEquals(Optional.empty(), DisjointAssertion.propose(ParsedSource.parse("i.c", after),
                after.indexOf("x[c[i]]")));
    }

    @Test
    void counterIndicesGiveNoDisjointAssertion() throws IOException {
        String g = Repo.example("formad/gather3.c");
        assertEquals(Optional.empty(), DisjointAssertion.propose(ParsedSource.parse("g.c", g),
                g.indexOf("x[i - 1]")));
    }

    @Test
    void reductionNeedsAKnownLength() throws IOException {
        String g = Repo.example("formad/gather3.c");
        assertEquals(Optional.of("n"), ReductionOption.length(ParsedSource.parse("g.c", g), g.indexOf("x[i - 1]")));
        String i = Sources.INDIRECT_GATHER;
        assertEquals(Optional.empty(), ReductionOption.length(ParsedSource.parse("i.c", i), i.indexOf("x[c[i]]")));
    }

    @Test
    void gatherLoopsQualifyForAnAdjointStencil() throws IOException {
        String g = Repo.example("formad/gather3.c");
        StencilAnnotation.Proposal p = StencilAnnotation.propose(ParsedSource.parse("g.c", g), g.indexOf("x[i - 1]"),
                "b").orElseThrow();
        assertEquals("#pragma ad stencil adjoint(y:yb, x:xb)", p.pragma());
        // the stencil transformation differentiates a function of its own: the gradient pragma goes
        assertEquals(g.replace("#pragma ad gradient(y : x)", "#pragma ad stencil adjoint(y:yb, x:xb)"),
                SourceEdit.apply(g, p.edits()));
        String indirect = Repo.example("formad/indirect.c");
        assertEquals(Optional.empty(), StencilAnnotation.propose(ParsedSource.parse("i.c", indirect),
                indirect.indexOf("x[c[i] + 7]"), "b"));
    }
}
