package org.paradjoint.coloring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Smallest-last's shrinking view of the column intersection graph: after any sequence of removals, a
 * column's neighbours are exactly its neighbours in the full graph that have not been removed.
 */
class ShrinkingIntersectionGraphTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4})
    void neighboursAreTheFullOnesNotYetRemoved(long seed) {
        SparsityPattern p = SparsityPatterns.random(120, 100, 12, seed);
        ColumnIntersectionGraph full = new ColumnIntersectionGraph(p);
        ShrinkingIntersectionGraph shrinking = full.shrinking();
        assertNotNull(shrinking, "rows of 12 are long enough to shrink");
        boolean[] removed = new boolean[p.cols()];
        int[] buf = new int[full.neighborBound()];
        for (int v : Orderings.random(p.cols(), seed)) {
            shrinking.remove(v);
            removed[v] = true;
            for (int u = 0; u < p.cols(); u++) {
                int c = full.neighbors(u, buf);
                int[] expected = Arrays.stream(buf, 0, c).filter(w -> !removed[w]).sorted().toArray();
                int d = shrinking.neighbors(u, buf);
                int[] actual = Arrays.stream(buf, 0, d).sorted().toArray();
                assertArrayEquals(expected, actual, "column " + u + " after removing " + v);
            }
        }
    }
}
