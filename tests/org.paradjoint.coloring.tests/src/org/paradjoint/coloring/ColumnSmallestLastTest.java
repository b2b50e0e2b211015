package org.paradjoint.coloring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The smallest-last walk laid out for short rows gives exactly the order of the generic walk on the column
 * intersection graph: the same moves and the same tie-breaking, so the same colourings (the colour-count
 * fixtures depend on that order, down to the ties).
 */
class ColumnSmallestLastTest {

    static Stream<SparsityPattern> patterns() {
        Stream<SparsityPattern> fixed = Stream.of(SparsityPatterns.laplacian2d(300), SparsityPatterns.laplacian3d(40),
                SparsityPatterns.laplacian2d(7), SparsityPatterns.laplacian3d(12), SparsityPatterns.banded(1000, 2, 3),
                SparsityPatterns.random(2000, 1500, 3, 5), SparsityPatterns.random(1500, 2000, 2, 6),
                SparsityPatterns.random(0, 5, 0, 1), SparsityPatterns.arrowhead(50));
        Stream<SparsityPattern> generated = LongStream.range(0, 80).mapToObj(s -> TestMatrices.general(s).pattern());
        return Stream.concat(fixed, generated);
    }

    @ParameterizedTest
    @MethodSource("patterns")
    void sameOrderAsTheGenericWalk(SparsityPattern p) {
        assertArrayEquals(Orderings.smallestLast(generic(new ColumnIntersectionGraph(p))), ColumnSmallestLast.order(p),
                p.toString());
    }

    /** The column intersection graph behind an interface only, so that the generic walk is taken. */
    private static OrderingGraph generic(ColumnIntersectionGraph g) {
        return new OrderingGraph() {
            @Override
            public int vertexCount() {
                return g.vertexCount();
            }

            @Override
            public int neighbors(int v, int[] buffer) {
                return g.neighbors(v, buffer);
            }

            @Override
            public int neighborBound() {
                return g.neighborBound();
            }

            @Override
            public int[] degrees() {
                return g.degrees();
            }
        };
    }
}
