package org.paradjoint.pipeline.edits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.paradjoint.cdt.CFrontEnd;
import org.paradjoint.core.diag.Problems;
import org.paradjoint.core.diag.Severity;
import org.paradjoint.core.transform.Mode;
import org.paradjoint.core.transform.RaceStrategy;
import org.paradjoint.pipeline.DerivativeFiles;
import org.paradjoint.pipeline.GenerationSettings;
import org.paradjoint.pipeline.ReductionLengths;
import org.paradjoint.testsupport.Gcc;
import org.paradjoint.testsupport.Repo;

class FileValidationTest {

    /** With the workbench's default race strategy (omp atomic), which its decisions and quick fixes are about. */
    private static List<Problem> validate(String text, FileValidation.Decisions d) {
        return FileValidation.validate("k.c", text, GenerationSettings.defaults().withRaceStrategy(RaceStrategy.ATOMIC),
                d);
    }

    /** A copy loop with a gradient pragma naming {@code independent}, the loop stepping by {@code step}. */
    private static String kernel(String independent, String step) {
        return "void f(int n, double *y, const double *x)\n{\n    int i;\n#pragma ad gradient(y : " + independent
                + ")\n    for (i = 0; i < n; " + step + ")\n        y[i] = x[i];\n}\n";
    }

    @Test
    void unsafeIncrementsOfGather3() throws IOException {
        String g = Repo.example("formad/gather3.c");
        List<Problem> ps = validate(g, FileValidation.Decisions.NONE);
        assertEquals(3, ps.size(), ps.toString());
        Problem first = ps.get(0);
        assertEquals(Severity.WARNING, first.severity());
        assertTrue(first.isUnsafeIncrement());
        assertEquals(g.indexOf("x[i - 1]"), first.offset());
        assertEquals("x[i - 1]".length(), first.length());
        assertEquals(12, first.line());
        assertEquals("xb[i - 1]", first.attributes().get(Problem.ADJOINT));
        assertEquals("adjoint increment xb[i - 1] may collide between iterations with xb[i]",
                first.attributes().get(Problem.REASON));
        assertTrue(first.message().startsWith(first.attributes().get(Problem.REASON) + " (counterexample: "),
                first.message());
        assertTrue(!first.attributes().get(Problem.COUNTEREXAMPLE).isEmpty());
    }

    @Test
    void decisionsTurnWarningsIntoInformation() throws IOException {
        String g = Repo.example("formad/gather3.c");
        List<Problem> kept = validate(g, new FileValidation.Decisions(Set.of("gather3:xb[i]"), false));
        assertEquals(List.of(Severity.WARNING, Severity.INFO, Severity.WARNING),
                kept.stream().map(Problem::severity).toList());
        assertTrue(kept.get(1).message().startsWith("kept omp atomic: "));
        List<Problem> reduced = validate(g, new FileValidation.Decisions(Set.of(), true));
        assertTrue(reduced.stream().allMatch(p -> p.severity() == Severity.INFO
                && "reduction".equals(p.attributes().get(Problem.DECISION))));
    }

    @Test
    void provenLoopsAreClean() throws IOException {
        assertEquals(List.of(), validate(Repo.example("formad/indirect.c"), FileValidation.Decisions.NONE));
    }

    @Test
    void partiallySeparableFunctionsGetThatTransformationsDiagnostics() throws IOException {
        String torsion = Repo.example("separable/torsion.c");
        // one information: the directions added straight into the gradient and the colours the generator fixed
        List<Problem> info = validate(torsion, FileValidation.Decisions.NONE);
        assertEquals(1, info.size(), info.toString());
        assertEquals(Severity.INFO, info.get(0).severity());
        assertTrue(info.get(0).message().contains("with 3 directions") && info.get(0).message().contains(
                "would take 4 colours"), info.toString());
        assertTrue(info.get(0).message().contains("colours per elemental: fquad 4, flin 4"), info.toString());
        String unknown = torsion.replace("partiallyseparable, fquad, flin", "partiallyseparable, fquad, fcub");
        List<Problem> ps = validate(unknown, FileValidation.Decisions.NONE);
        assertTrue(ps.stream().anyMatch(p -> p.severity() == Severity.ERROR && p.message().contains("fcub")),
                ps.toString());
    }

    @Test
    void errorsHaveTheCommandLineText() {
        String bad = kernel("q", "i++");
        List<Problem> ps = validate(bad, FileValidation.Decisions.NONE);
        assertEquals(1, ps.size(), ps.toString());
        // what `paradjoint differentiate k.c` prints: the front-end's errors, else the transformation's
        var parsed = new CFrontEnd().parse("k.c", bad);
        var expected = parsed.hasErrors() ? parsed.diagnostics().get(0)
                : DerivativeFiles.generate(parsed.unit(), "k.c", Mode.REVERSE, null, GenerationSettings.defaults(),
                        ReductionLengths.symbolic()).diagnostics().get(0);
        assertEquals(Severity.ERROR, ps.get(0).severity());
        assertEquals(expected.message(), ps.get(0).message());
        assertTrue(ps.get(0).message().contains("q"), ps.get(0).message());
        assertEquals(expected.range().line(), ps.get(0).line());
        String syntax = "void f(int n, double *y)\n{\n    goto end;\nend:\n    y[0] = 1.0;\n}\n#pragma ad gradient(y : y)\n";
        List<Problem> fe = validate(syntax, FileValidation.Decisions.NONE);
        assertTrue(fe.stream().anyMatch(p -> p.severity() == Severity.ERROR), fe.toString());
        // as differentiate reads a file: the annotated functions and what they call
        assertEquals(new CFrontEnd().parseFor("k.c", syntax, Set.of()).diagnostics().get(0).message(),
                fe.get(0).message());
    }

    @Test
    void findingsCarryTheProblemAndItsNamedArguments() {
        List<Problem> ps = validate(kernel("x", "i += n"), FileValidation.Decisions.NONE);
        assertEquals(1, ps.size(), ps.toString());
        Problem p = ps.get(0);
        assertEquals("loop-step-not-constant", p.attributes().get(Problem.PROBLEM));
        assertEquals("loop-step-not-constant", p.attributes().get(Problem.CODE));
        assertEquals("i", p.attributes().get(Problem.argument("counter")));
        // the severity and the text come from the catalogue, formatted with the same arguments
        assertEquals(Problems.get("loop-step-not-constant").severity(), p.severity());
        assertEquals(Problems.get("loop-step-not-constant").format(Map.of("counter", "i")), p.message());
    }

    @Test
    void decisionsKeepTheArgumentsQuickFixesRead() throws IOException {
        String g = Repo.example("formad/gather3.c");
        Problem open = validate(g, FileValidation.Decisions.NONE).get(1);
        Problem kept = validate(g, new FileValidation.Decisions(Set.of("gather3:xb[i]"), false)).get(1);
        assertEquals("race-unsafe-increment", kept.code());
        assertTrue(kept.attributes().get(Problem.PROBLEM).startsWith("race-unsafe-increment.kept-atomic"),
                kept.attributes().toString());
        for (String key : List.of(Problem.ADJOINT, Problem.REASON, Problem.COUNTEREXAMPLE, Problem.FUNCTION)) {
            assertEquals(open.attributes().get(key), kept.attributes().get(key), key);
        }
        assertEquals("kept omp atomic: " + open.message(), kept.message());
    }

    @Test
    void functionsNoAnnotationReachesAreNotChecked() {
        Gcc.require(); // the example includes <stdio.h>, whose search path and macros come from gcc
        // report() uses g->name, a char array, which differentiated code could not: no marker, as
        // `paradjoint differentiate` says nothing of it either
        String relax = Repo.example("realc/structs/relax.c");
        List<Problem> ps = FileValidation.validate(Repo.examples().resolve("realc/structs/relax.c").toString(), relax,
                GenerationSettings.defaults(), FileValidation.Decisions.NONE);
        assertTrue(ps.stream().noneMatch(p -> p.severity() == Severity.ERROR), ps.toString());
        assertTrue(ps.stream().anyMatch(p -> p.message().contains("gb->v")), ps.toString());
    }
}
