package org.paradjoint.core.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.paradjoint.core.ir.Function;
import org.paradjoint.core.print.CPrinter;
import org.paradjoint.core.tests.support.TinyC;

/**
 * {@link FoldedResets} on written-out adjoint code: where the gather's unconditional part lies in
 * the reset box it sets and the reset skips it (under the gather's guard); where another
 * increment of the gather may touch that part or has fewer loops than the box, where the gather
 * reads the array, or where the part reaches beyond the box, nothing changes. Increments after
 * the gather add to what it set. The reset that ends a sequential loop's iteration folds into the
 * gather that begins the next one when nothing in between mentions the array. A reset that ends
 * each iteration of a nest whose other statements touch only that iteration's element moves out
 * of the nest and folds the same way. (The end-to-end
 * checks of folded adjoints are in the command line's FoldedResetsTest.)
 */
class FoldedResetsTest {

    private static final String RESET = """
                for (i = 1; i < n - 1; i++)
                    for (j = 1; j < n - 1; j++)
                        X[i][j] = 0.0;
            """;

    private static String fold(String gather) {
        Function f = TinyC.parseFunction("void f(int n, double X[n][n], const double Y[n][n])\n{\n    int i, j;\n"
                + RESET + gather + "}\n");
        return CPrinter.print(FoldedResets.apply(f));
    }

    private static String unchanged(String gather) {
        return CPrinter.print(TinyC.parseFunction("void f(int n, double X[n][n], const double Y[n][n])\n{\n"
                + "    int i, j;\n" + RESET + gather + "}\n"));
    }

    @Test
    void theInteriorOfTheGatherSetsAndTheResetSkipsIt() {
        String out = fold("""
                    if (n > 4) {
                        for (i = 0; i < n; i++)
                            for (j = 0; j < 2; j++)
                                X[i][j] += Y[i][j];
                        for (i = 2; i < n - 2; i++)
                            for (j = 2; j < n - 2; j++)
                                X[i][j] += 2.0 * Y[i][j];
                    } else {
                        for (i = 0; i < n; i++)
                            for (j = 0; j < n; j++)
                                X[i][j] += Y[i][j];
                    }
                """);
        assertTrue(out.contains("X[i][j] = 2.0 * Y[i][j];"), out);
        // where the gather's guard holds, the reset skips the part it sets; elsewhere it is whole
        assertTrue(out.contains("if (n > 4) {") && out.contains("if (i >= 2 && i <= n - 3) {"), out);
        assertTrue(out.contains("for (j = 1; j <= 1; j++) {") && out.contains("for (j = n - 2; j <= n - 2; j++) {"),
                out);
        assertTrue(out.contains("X[i][j] += Y[i][j];"), out);
    }

    /** Increments after the gather add to what it set: they do not matter. */
    @Test
    void incrementsAfterTheGatherDoNotMatter() {
        String out = fold("""
                    for (i = 2; i < n - 2; i++)
                        for (j = 2; j < n - 2; j++)
                            X[i][j] += 2.0 * Y[i][j];
                    for (i = 0; i < n; i++)
                        for (j = 0; j < n; j++)
                            X[i][j] += Y[i][j];
                """);
        assertTrue(out.contains("X[i][j] = 2.0 * Y[i][j];") && out.contains("X[i][j] += Y[i][j];"), out);
    }

    @Test
    void anIncrementThatMayReachTheFoldedPartKeepsTheReset() {
        String gather = """
                    if (n > 4) {
                        for (i = 0; i < n; i++)
                            for (j = 0; j < n; j++)
                                X[i][j] += Y[i][j];
                        for (i = 2; i < n - 2; i++)
                            for (j = 2; j < n - 2; j++)
                                X[i][j] += 2.0 * Y[i][j];
                    }
                """;
        assertEquals(unchanged(gather), fold(gather));
    }

    @Test
    void anIncrementWithFewerLoopsThanTheBoxKeepsTheReset() {
        String gather = """
                    if (n > 4) {
                        for (i = 2; i < n - 2; i++)
                            for (j = 2; j < n - 2; j++)
                                X[i][j] += 2.0 * Y[i][j];
                        for (i = 0; i < n; i++)
                            X[i][0] += Y[i][0];
                    }
                """;
        assertEquals(unchanged(gather), fold(gather));
    }

    @Test
    void aGatherThatReadsTheArrayKeepsTheReset() {
        String gather = """
                    for (i = 2; i < n - 2; i++)
                        for (j = 2; j < n - 2; j++)
                            X[i][j] += X[i][j - 1] * Y[i][j];
                """;
        assertEquals(unchanged(gather), fold(gather));
    }

    @Test
    void aPartReachingBeyondTheBoxKeepsTheReset() {
        String gather = """
                    for (i = 0; i < n - 2; i++)
                        for (j = 2; j < n - 2; j++)
                            X[i][j] += 2.0 * Y[i][j];
                """;
        assertEquals(unchanged(gather), fold(gather));
    }

    private static final String STEP_GATHER = """
                    for (i = 1; i < n - 1; i++)
                        for (j = 1; j < n - 1; j++)
                            X[i][j] += 2.0 * Y[i][j];
            """;

    private static String acrossSteps(String before, String after) {
        Function f = TinyC.parseFunction("void f(int n, int m, double X[n][n], double Y[n][n], double s[1])\n{\n"
                + "    int i, j, t;\n    for (t = m; t >= 1; t--) {\n" + before + STEP_GATHER
                + "        for (i = 1; i < n - 1; i++)\n            for (j = 1; j < n - 1; j++)\n"
                + "                Y[i][j] += X[i][j];\n" + RESET.indent(4) + after + "    }\n}\n");
        return CPrinter.print(FoldedResets.apply(f));
    }

    /** The reset at the end of a time step moves into the next step's gather; the first step increments. */
    @Test
    void theResetEndingAnIterationFoldsIntoTheNextIterationsGather() {
        String out = acrossSteps("", "");
        assertTrue(out.contains("X[i][j] = (t != m ? 0.0 : X[i][j]) + 2.0 * Y[i][j];"), out);
        // the last iteration still leaves the array reset
        int last = out.indexOf("if (t == 1) {");
        assertTrue(last > out.indexOf("Y[i][j] += X[i][j];") && out.indexOf("X[i][j] = 0.0;", last) > last, out);
        // the box equals the gather's: nothing is left to reset before it
        assertEquals(1, out.split("X\\[i\\]\\[j\\] = 0.0;", -1).length - 1, out);
    }

    /** A statement after the reset or before the gather that mentions the array keeps the reset in place. */
    @Test
    void aMentionBetweenTheResetAndTheNextGatherKeepsTheReset() {
        for (String[] around : new String[][] {{"", "        s[0] += X[1][1];\n"}, {"        s[0] += X[1][1];\n", ""}}) {
            String out = acrossSteps(around[0], around[1]);
            assertTrue(out.contains("X[i][j] += 2.0 * Y[i][j];") && !out.contains("t != m"), out);
        }
    }

    /** A reset whose box depends on what the loop writes is not moved. */
    @Test
    void aResetWhoseBoxTheLoopChangesStays() {
        Function f = TinyC.parseFunction("""
                void f(int n, int m, double X[n][n], const double Y[n][n])
                {
                    int i, j, t, k;
                    k = n;
                    for (t = m; t >= 1; t--) {
                        for (i = 1; i < n - 1; i++)
                            for (j = 1; j < n - 1; j++)
                                X[i][j] += 2.0 * Y[i][j];
                        for (i = 1; i < k - 1; i++)
                            for (j = 1; j < n - 1; j++)
                                X[i][j] = 0.0;
                        k = k - 1;
                    }
                }
                """);
        String out = CPrinter.print(FoldedResets.apply(f));
        assertTrue(out.contains("X[i][j] += 2.0 * Y[i][j];") && !out.contains("t != m"), out);
    }

    private static String trailing(String reads) {
        Function f = TinyC.parseFunction("void f(int n, double X[n][n], double Y[n][n], double Z[n][n])\n{\n"
                + "    int i, j;\n    for (i = 1; i < n - 1; i++)\n        for (j = 1; j < n - 1; j++) {\n"
                + "            Z[i][j] += " + reads + ";\n            X[i][j] = 0.0;\n        }\n"
                + "    for (i = 2; i < n - 2; i++)\n        for (j = 2; j < n - 2; j++)\n"
                + "            X[i][j] += 2.0 * Y[i][j];\n}\n");
        return CPrinter.print(FoldedResets.apply(f));
    }

    /**
     * A nest whose iterations end by resetting their own element (the adjoint of a pointwise
     * step) gives its reset to the gather: the nest keeps the rest, the gather's part sets.
     */
    @Test
    void aResetEndingEachIterationOfANestFoldsIntoTheGather() {
        String out = trailing("X[i][j] * Y[i][j]");
        assertTrue(out.contains("Z[i][j] += X[i][j] * Y[i][j];") && out.contains("X[i][j] = 2.0 * Y[i][j];"), out);
        // read before the (moved) reset, then only the ring outside the gather's part is reset
        assertTrue(out.indexOf("Z[i][j] +=") < out.indexOf("X[i][j] = 0.0;"), out);
        assertTrue(out.contains("for (j = 1; j <= 1; j++) {") && out.contains("for (j = n - 2; j <= n - 2; j++) {"),
                out);
    }

    /** The nest reading another iteration's element would see it reset or not: the reset stays. */
    @Test
    void aNestReadingAnotherElementKeepsItsReset() {
        String out = trailing("X[i - 1][j]");
        assertTrue(out.contains("X[i][j] += 2.0 * Y[i][j];") && out.contains("X[i][j] = 0.0;"), out);
        assertTrue(out.indexOf("X[i][j] = 0.0;") < out.indexOf("X[i][j] += 2.0"), out);
    }
}
