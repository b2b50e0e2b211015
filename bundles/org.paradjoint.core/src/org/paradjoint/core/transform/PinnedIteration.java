package org.paradjoint.core.transform;

import java.util.List;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.Expr;

/**
 * What the race analysis knows of a parallel loop whose primal is not proven race-free only
 * because of one iteration: every pair of references that may touch one element in two
 * iterations is a write of the iteration the collision pins to {@code iteration} (an expression
 * of the counters around the loop and of values the loop does not write) and a read of another
 * iteration. Floyd-Warshall, parallel over {@code i} in the loop over {@code k}: iteration
 * {@code i = k} writes {@code path[k][j]}, which the others read.
 * <p>
 * When that iteration wrote back, at run time, the value each of those writes found there (a
 * recorded {@code x = c ? x : e} that kept {@code x}), the primal step was race-free, and the
 * loop's other iterations have the adjoint that {@code excluding} classifies: the analysis of the
 * loop without the pinned iteration, in which those writes race with nothing ({@link PinnedSteps}).
 *
 * @param iteration the pinned value of the loop's counter
 * @param dimension the index of {@code writes} that holds the counter (and of {@code reads} that
 *                  holds the pinned value)
 * @param writes    the written references of the pinned iteration that other iterations read
 * @param reads     those reads
 * @param excluding the classification of the loop's increments when the pinned iteration is left out
 */
public record PinnedIteration(Expr iteration, int dimension, List<ArrayRef> writes, List<ArrayRef> reads,
        IncrementPolicy excluding) {

    public PinnedIteration {
        writes = List.copyOf(writes);
        reads = List.copyOf(reads);
    }
}
