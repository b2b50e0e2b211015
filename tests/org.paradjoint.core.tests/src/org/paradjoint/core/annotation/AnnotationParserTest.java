package org.paradjoint.core.annotation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.annotation.Annotation.Disjoint;
import org.paradjoint.core.annotation.Annotation.Elemental;
import org.paradjoint.core.annotation.Annotation.Gradient;
import org.paradjoint.core.annotation.Annotation.Mapping;
import org.paradjoint.core.annotation.Annotation.Name;
import org.paradjoint.core.annotation.Annotation.Segment;
import org.paradjoint.core.annotation.Annotation.Separable;
import org.paradjoint.core.annotation.Annotation.Stencil;
import org.paradjoint.core.annotation.AnnotationDiagnostic.Problem;

/** The annotation grammar shared by the front-ends: every form, both spellings, located errors. */
class AnnotationParserTest {

    private static Annotation c(String text) {
        return AnnotationParser.parse(text, Spelling.C);
    }

    private static Annotation f(String text) {
        return AnnotationParser.parse(text, Spelling.FORTRAN);
    }

    private static AnnotationDiagnostic error(String text, Spelling spelling) {
        return assertThrows(AnnotationException.class, () -> AnnotationParser.parse(text, spelling)).diagnostic();
    }

    /** The diagnostic covers {@code length} characters from the first occurrence of {@code at} in {@code text}. */
    private static void assertAt(AnnotationDiagnostic d, String text, String at, int length) {
        assertEquals(text.indexOf(at), d.offset(), d.toString());
        assertEquals(length, d.length(), d.toString());
    }

    private static List<String> texts(List<Name> names) {
        return names.stream().map(Name::text).toList();
    }

    // ---- every form -------------------------------------------------------------------------

    @Test
    void gradientListsDependentsAndIndependentsWithOffsets() {
        String text = "ad gradient(y, z : x, w)";
        Gradient g = (Gradient) c(text);
        assertFalse(g.tangent());
        assertEquals(AnnotationKind.GRADIENT, g.kind());
        assertEquals("ad gradient", g.label());
        assertEquals(List.of("y", "z"), texts(g.dependents()));
        assertEquals(List.of("x", "w"), texts(g.independents()));
        assertEquals(text.indexOf("z"), g.dependents().get(1).offset());
        assertEquals(text.indexOf("w"), g.independents().get(1).offset());
        assertEquals(text.indexOf("w") + 1, g.independents().get(1).end());
    }

    @Test
    void tangentIsAGradientInForwardMode() {
        Gradient g = (Gradient) c("ad tangent(y:x)");
        assertTrue(g.tangent());
        assertEquals(AnnotationKind.TANGENT, g.kind());
        assertEquals("ad tangent", g.label());
        assertEquals(List.of("y"), texts(g.dependents()));
        assertEquals(List.of("x"), texts(g.independents()));
    }

    @Test
    void leadingWhiteSpaceKeepsOffsetsInTheGivenText() {
        String text = "   ad gradient( y : x )  ";
        Gradient g = (Gradient) c(text);
        assertEquals(text.indexOf('y'), g.dependents().get(0).offset());
        assertEquals(text.indexOf('x'), g.independents().get(0).offset());
    }

    @Test
    void stencilMapsArraysToAdjointNames() {
        String text = "ad stencil adjoint(u : ub, v:vb)";
        Stencil s = (Stencil) c(text);
        assertEquals(AnnotationKind.STENCIL, s.kind());
        assertEquals("ad stencil adjoint", s.label());
        assertNull(s.strategy());
        assertEquals(2, s.mappings().size());
        Mapping m = s.mappings().get(1);
        assertEquals("v", m.array().text());
        assertEquals("vb", m.adjoint().text());
        assertEquals(text.indexOf("v:"), m.array().offset());
        assertEquals(text.indexOf("vb"), m.adjoint().offset());
    }

    @Test
    void stencilStrategyIsSplitOrGuarded() {
        assertEquals("split", ((Stencil) c("ad stencil adjoint(u:ub) strategy(split)")).strategy());
        assertEquals("guarded", ((Stencil) c("ad stencil adjoint(u:ub) strategy( guarded )")).strategy());
    }

    @Test
    void partiallySeparableListsElementals() {
        String text = "ad partially_separable(fquad, flin)";
        Separable s = (Separable) c(text);
        assertFalse(s.adic());
        assertEquals(AnnotationKind.PARTIALLY_SEPARABLE, s.kind());
        assertEquals(List.of("fquad", "flin"), texts(s.elementals()));
        assertEquals(text.indexOf("flin"), s.elementals().get(1).offset());
    }

    @Test
    void elementalHasNoArguments() {
        Elemental e = (Elemental) c("ad elemental");
        assertFalse(e.adic());
        assertEquals(AnnotationKind.ELEMENTAL, e.kind());
        assertEquals("ad elemental", e.label());
    }

    @Test
    void disjointKeepsExpressionsAsTrimmedTextWithOffsets() {
        String text = "ad disjoint( c[i] , c[f(i, 2)] + 7,idx(i,j))";
        Disjoint d = (Disjoint) c(text);
        assertEquals(AnnotationKind.DISJOINT, d.kind());
        List<Segment> es = d.expressions();
        assertEquals(List.of("c[i]", "c[f(i, 2)] + 7", "idx(i,j)"), es.stream().map(Segment::text).toList());
        assertEquals(text.indexOf("c[i]"), es.get(0).offset());
        assertEquals(text.indexOf("c[f"), es.get(1).offset());
        assertEquals(text.indexOf("idx"), es.get(2).offset());
    }

    @Test
    void adicPartiallySeparableAndPartialElemental() {
        String text = "$adic_partiallyseparable, fquad, flin";
        Separable s = (Separable) c(text);
        assertTrue(s.adic());
        assertEquals(List.of("fquad", "flin"), texts(s.elementals()));
        assertEquals(text.indexOf("flin"), s.elementals().get(1).offset());
        Elemental e = (Elemental) c(" $adic_partialelemental ");
        assertTrue(e.adic());
        assertEquals(AnnotationKind.ELEMENTAL, e.kind());
    }

    @Test
    void cLineContinuationsAreWhiteSpace() {
        Gradient g = (Gradient) c("ad gradient(y : \\\n x)");
        assertEquals(List.of("x"), texts(g.independents()));
    }

    // ---- Fortran spelling -------------------------------------------------------------------

    @Test
    void fortranKeywordsIgnoreCaseAndNamesStayAsWritten() {
        Gradient g = (Gradient) f("AD Gradient(Y : X)");
        assertFalse(g.tangent());
        assertEquals(List.of("Y"), texts(g.dependents()));
        assertEquals(List.of("X"), texts(g.independents()));
        Stencil s = (Stencil) f("ad STENCIL Adjoint(u : ub) Strategy(GUARDED)");
        assertEquals("guarded", s.strategy());
        assertTrue(f("ad ELEMENTAL") instanceof Elemental);
        assertTrue(((Gradient) f("ad TANGENT(y:x)")).tangent());
    }

    @Test
    void cKeywordsAreCaseSensitive() {
        AnnotationDiagnostic d = error("ad Gradient(y : x)", Spelling.C);
        assertEquals(Problem.UNKNOWN, d.problem());
    }

    @Test
    void fortranAmpersandContinuesTheAnnotation() {
        Separable s = (Separable) f("ad partially_separable(f1, &\n   f2)");
        assertEquals(List.of("f1", "f2"), texts(s.elementals()));
    }

    @Test
    void fortranDisjointExpressionsKeepFortranText() {
        String text = "ad disjoint(c(i), c(i) + 7)";
        Disjoint d = (Disjoint) f(text);
        assertEquals(List.of("c(i)", "c(i) + 7"), d.expressions().stream().map(Segment::text).toList());
        assertEquals(text.indexOf("c(i) +"), d.expressions().get(1).offset());
    }

    @Test
    void messagesQuoteCodeInTheLanguagesSpelling() {
        AnnotationDiagnostic inC = error("ad gradient y : x)", Spelling.C);
        assertEquals("malformed `ad gradient`: expected `(` after `ad gradient`, as in `#pragma ad gradient(y : x)`"
                + " (found `y`)", inC.message());
        AnnotationDiagnostic inFortran = error("ad gradient y : x)", Spelling.FORTRAN);
        assertEquals("malformed 'ad gradient': expected '(' after 'ad gradient', as in '!$ad gradient(y : x)'"
                + " (found 'y')", inFortran.message());
        assertEquals(inC.offset(), inFortran.offset());
    }

    // ---- errors with positions --------------------------------------------------------------

    @Test
    void unknownAnnotationPointsAtTheWord() {
        String text = "ad gradiant(y : x)";
        AnnotationDiagnostic d = error(text, Spelling.C);
        assertEquals(Problem.UNKNOWN, d.problem());
        assertEquals("unknown annotation `ad gradiant`; expected one of gradient, tangent, stencil adjoint,"
                + " partially_separable, elemental, disjoint, checkpoint", d.message());
        assertAt(d, text, "gradiant", 8);
    }

    @Test
    void emptyAnnotationPointsAtTheSentinel() {
        AnnotationDiagnostic d = error("  ad  ", Spelling.C);
        assertEquals(Problem.UNKNOWN, d.problem());
        assertEquals("unknown annotation `ad`; expected one of gradient, tangent, stencil adjoint,"
                + " partially_separable, elemental, disjoint, checkpoint", d.message());
        assertEquals(2, d.offset());
        assertEquals(2, d.length());
    }

    @Test
    void missingIndependentsPointAtTheParenthesis() {
        String text = "ad gradient(y : )";
        AnnotationDiagnostic d = error(text, Spelling.C);
        assertEquals(Problem.MALFORMED, d.problem());
        assertEquals("malformed `ad gradient`: expected an independent variable before `)`", d.message());
        assertAt(d, text, ")", 1);
    }

    @Test
    void missingColonAndUnclosedList() {
        String text = "ad tangent(y x)";
        AnnotationDiagnostic d = error(text, Spelling.C);
        assertEquals("malformed `ad tangent`: expected `:` between the dependents and the independents, as in"
                + " `#pragma ad tangent(y : x)` (found `x`)", d.message());
        assertAt(d, text, "x", 1);
        String open = "ad gradient(y : x  ";
        AnnotationDiagnostic end = error(open, Spelling.C);
        assertEquals("malformed `ad gradient`: expected `)` after the independents, as in"
                + " `#pragma ad gradient(y : x)`", end.message());
        assertEquals(open.stripTrailing().length(), end.offset());
        assertEquals(0, end.length());
    }

    @Test
    void trailingTextIsAnError() {
        String text = "ad gradient(y : x) extra";
        AnnotationDiagnostic d = error(text, Spelling.C);
        assertEquals("malformed `ad gradient`: unexpected `extra` after `ad gradient(...)`", d.message());
        assertAt(d, text, "extra", 5);
        AnnotationDiagnostic e = error("ad elemental(x)", Spelling.C);
        assertEquals("malformed `ad elemental`: unexpected `(` after `ad elemental(...)`", e.message());
        assertEquals(12, e.offset());
    }

    @Test
    void nameExpectedReportsWhatWasFound() {
        String text = "ad partially_separable(f1, 3)";
        AnnotationDiagnostic d = error(text, Spelling.C);
        assertEquals("malformed `ad partially_separable`: expected an elemental variable, found `3`", d.message());
        assertAt(d, text, "3", 1);
        AnnotationDiagnostic atEnd = error("ad partially_separable(f1,", Spelling.C);
        assertEquals("malformed `ad partially_separable`: expected an elemental variable at the end",
                atEnd.message());
        AnnotationDiagnostic noParen = error("ad partially_separable f1", Spelling.C);
        assertEquals("malformed `ad partially_separable`: `ad partially_separable(e1, e2, ...)` lists the"
                + " elemental variables in parentheses (found `f1`)", noParen.message());
    }

    @Test
    void stencilErrors() {
        String noAdjoint = "ad stencil (u:ub)";
        AnnotationDiagnostic d = error(noAdjoint, Spelling.C);
        assertEquals("malformed `ad stencil`: expected `adjoint` after `ad stencil`, as in"
                + " `#pragma ad stencil adjoint(u:ub, v:vb) strategy(split)`", d.message());
        assertAt(d, noAdjoint, "(", 1);
        String badStrategy = "ad stencil adjoint(u:ub) strategy(fast)";
        AnnotationDiagnostic s = error(badStrategy, Spelling.C);
        assertEquals("malformed `ad stencil`: strategy must be `split` or `guarded`", s.message());
        assertAt(s, badStrategy, "fast", 4);
        String noAdjointName = "ad stencil adjoint(u: )";
        AnnotationDiagnostic n = error(noAdjointName, Spelling.C);
        assertEquals("malformed `ad stencil`: expected the adjoint name of `u`, found `)`", n.message());
        AnnotationDiagnostic f = error("ad stencil adjoint(u:ub) strategy(fast)", Spelling.FORTRAN);
        assertEquals("malformed 'ad stencil': strategy must be 'split' or 'guarded'", f.message());
    }

    @Test
    void checkpointTakesTheSchemeAndAnOptionalNumberOfSnapshots() {
        assertEquals(new Annotation.Checkpoint(null), c("ad checkpoint(binomial)"));
        Annotation.Checkpoint four = (Annotation.Checkpoint) c("ad checkpoint(binomial, 4)");
        assertEquals("4", four.snapshots().text());
        assertEquals("ad checkpoint(binomial, 4)".indexOf('4'), four.snapshots().offset());
        assertEquals("snaps", ((Annotation.Checkpoint) f("ad checkpoint(binomial, snaps)")).snapshots().text());
        assertEquals(AnnotationKind.CHECKPOINT, AnnotationParser.kindOf("ad checkpoint(bin"));
    }

    @Test
    void checkpointErrors() {
        for (String bad : List.of("0", "-1", "2.5", "")) {
            String text = "ad checkpoint(binomial, " + bad + ")";
            AnnotationDiagnostic d = error(text, Spelling.C);
            assertTrue(d.message().startsWith("malformed `ad checkpoint`: the number of snapshots must be a positive"
                    + " integer constant or the name of an integer parameter, as in"
                    + " `#pragma ad checkpoint(binomial, 8)` (found "), d.message());
        }
        assertEquals("malformed `ad checkpoint`: expected the scheme `binomial`, as in"
                + " `#pragma ad checkpoint(binomial, 8)` (found `revolve`)",
                error("ad checkpoint(revolve)", Spelling.C).message());
        assertEquals("malformed 'ad checkpoint': expected ')' after the number of snapshots, as in"
                + " '!$ad checkpoint(binomial, 8)' (found ',')",
                error("ad checkpoint(binomial, 4, 5)", Spelling.FORTRAN).message());
    }

    @Test
    void disjointErrors() {
        String empty = "ad disjoint(c[i], )";
        AnnotationDiagnostic d = error(empty, Spelling.C);
        assertEquals("malformed `ad disjoint`: empty expression; list index expressions, as in"
                + " `#pragma ad disjoint(c[i])`", d.message());
        assertEquals(empty.indexOf(",") + 1, d.offset());
        assertEquals(1, d.length());
        String unclosed = "ad disjoint(c[i]";
        AnnotationDiagnostic u = error(unclosed, Spelling.C);
        assertEquals("malformed `ad disjoint`: expected `)` to close `ad disjoint(`", u.message());
        assertEquals(unclosed.length(), u.offset());
        AnnotationDiagnostic trailing = error("ad disjoint(c[i]) x", Spelling.C);
        assertEquals("malformed `ad disjoint`: unexpected `x` after `ad disjoint(...)`", trailing.message());
        AnnotationDiagnostic noParen = error("ad disjoint c", Spelling.FORTRAN);
        assertEquals("malformed 'ad disjoint': expected '(' after 'ad disjoint', as in"
                + " '!$ad disjoint(c(i), c(i) + 7)' (found 'c')", noParen.message());
    }

    @Test
    void adicErrors() {
        String unknown = "$adic_fullyseparable, a";
        AnnotationDiagnostic d = error(unknown, Spelling.C);
        assertEquals(Problem.UNKNOWN, d.problem());
        assertEquals("unknown ADIC annotation `$adic_fullyseparable`; only `$adic_partiallyseparable, ...` and"
                + " `$adic_partialelemental` are supported", d.message());
        assertAt(d, unknown, "$adic", "$adic_fullyseparable".length());
        AnnotationDiagnostic none = error("$adic_partiallyseparable", Spelling.C);
        assertEquals("malformed `$adic_partiallyseparable`: `$adic_partiallyseparable` must list the elementals,"
                + " as in `#pragma $adic_partiallyseparable, fquad, flin`", none.message());
        assertEquals(0, none.offset());
        String missingComma = "$adic_partiallyseparable, a b";
        AnnotationDiagnostic m = error(missingComma, Spelling.C);
        assertEquals("malformed `$adic_partiallyseparable`: expected `, name` in `$adic_partiallyseparable, a, b`",
                m.message());
        assertEquals(missingComma.length() - 1, m.offset());
        assertEquals(1, m.length());
        AnnotationDiagnostic extra = error("$adic_partialelemental x", Spelling.C);
        assertEquals("malformed `$adic_partialelemental`: unexpected text after `$adic_partialelemental`",
                extra.message());
    }

    @Test
    void textThatIsNoAnnotationIsRejected() {
        assertFalse(AnnotationParser.isAnnotation("omp parallel for", Spelling.C));
        assertFalse(AnnotationParser.isAnnotation("adjoint(x)", Spelling.C));
        assertFalse(AnnotationParser.isAnnotation("", Spelling.C));
        assertTrue(AnnotationParser.isAnnotation(" ad", Spelling.C));
        assertTrue(AnnotationParser.isAnnotation("$adic_whatever", Spelling.C));
        assertTrue(AnnotationParser.isAnnotation("AD gradient(y:x)", Spelling.FORTRAN));
        assertFalse(AnnotationParser.isAnnotation("AD gradient(y:x)", Spelling.C));
        assertEquals(Problem.UNKNOWN, error("omp parallel for", Spelling.C).problem());
    }

    // ---- the scanner's look at the kind -----------------------------------------------------

    @Test
    void kindOfLooksOnlyAtTheFirstWords() {
        assertEquals(AnnotationKind.GRADIENT, AnnotationParser.kindOf("ad gradient(y : x)"));
        assertEquals(AnnotationKind.GRADIENT, AnnotationParser.kindOf("ad gradient(y :"));
        assertEquals(AnnotationKind.TANGENT, AnnotationParser.kindOf("ad tangent"));
        assertEquals(AnnotationKind.STENCIL, AnnotationParser.kindOf("ad stencil adjoint(u:ub)"));
        assertEquals(AnnotationKind.PARTIALLY_SEPARABLE, AnnotationParser.kindOf("ad partially_separable(a)"));
        assertEquals(AnnotationKind.PARTIALLY_SEPARABLE, AnnotationParser.kindOf("$adic_partiallyseparable, a"));
        assertEquals(AnnotationKind.ELEMENTAL, AnnotationParser.kindOf("ad elemental"));
        assertEquals(AnnotationKind.ELEMENTAL, AnnotationParser.kindOf("$adic_partialelemental"));
        assertEquals(AnnotationKind.DISJOINT, AnnotationParser.kindOf("ad  disjoint(c[i])"));
        assertNull(AnnotationParser.kindOf("ad gradiant(y : x)"));
        assertNull(AnnotationParser.kindOf("ad"));
        assertNull(AnnotationParser.kindOf("omp parallel for"));
        assertNull(AnnotationParser.kindOf("$adic_other"));
    }
}
