package org.paradjoint.coloring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The partial distance-2 pass keeps the colours of every row as a bit mask and scans neighbourhoods only
 * past colour 63; it must give exactly the first fit of the plain definition, below and above 64 colours.
 */
class GreedyColoringTest {

    @ParameterizedTest
    @ValueSource(ints = {2, 10, 40, 90, 150})
    void rowMasksGiveThePlainFirstFit(int perRow) {
        for (long seed = 0; seed < 5; seed++) {
            SparsityPattern p = SparsityPatterns.random(300, 200, perRow, seed);
            int[] order = Orderings.random(p.cols(), seed);
            int[] colors = GreedyColoring.partialDistance2(p, order);
            assertArrayEquals(plainFirstFit(p, order), colors, "perRow " + perRow + " seed " + seed);
            if (perRow >= 90) {
                assertTrue(GreedyColoring.colorCount(colors) > 64, "the colours past 63 are exercised");
            }
        }
    }

    /** Every column, in order, takes the smallest colour of no coloured column sharing a row with it. */
    private static int[] plainFirstFit(SparsityPattern p, int[] order) {
        int[] color = new int[p.cols()];
        Arrays.fill(color, -1);
        for (int v : order) {
            boolean[] taken = new boolean[p.cols() + 1];
            for (int k = p.colPtr[v]; k < p.colPtr[v + 1]; k++) {
                int i = p.rowIdx[k];
                for (int t = p.rowPtr[i]; t < p.rowPtr[i + 1]; t++) {
                    int c = color[p.colIdx[t]];
                    if (c >= 0) {
                        taken[c] = true;
                    }
                }
            }
            int c = 0;
            while (taken[c]) {
                c++;
            }
            color[v] = c;
        }
        return color;
    }
}
