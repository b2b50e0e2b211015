package org.paradjoint.core.transform;

import org.paradjoint.core.ir.ArrayRef;
import org.paradjoint.core.ir.For;

/**
 * Decides, for each increment of a shared adjoint array inside the adjoint of an OpenMP parallel
 * loop, whether it is race-free. Reverse mode asks it with the nodes of the function it
 * differentiates (the front-end's IR after inlining and normalisation), the function an
 * {@link IncrementAnalysis} was given, so a policy finds its loops by identity.
 * SAFE increments are emitted as plain {@code +=}; UNSAFE ones follow the {@link RaceStrategy}.
 * Anything a policy does not know must be UNSAFE. Increments of shared scalars are always UNSAFE.
 * <p>
 * The race analysis (bundle {@code org.paradjoint.race}) provides one; without a policy
 * ({@code null} in {@link DiffOptions}) every increment is UNSAFE, the atomic baseline.
 */
@FunctionalInterface
public interface IncrementPolicy {

    /** The classification of one adjoint increment. */
    enum Safety {
        /** Proven race-free: a plain {@code +=}. */
        SAFE,
        /** Not proven: an atomic update or a reduction. */
        UNSAFE
    }

    /**
     * Every increment UNSAFE, and every overwrite of a shared adjoint protected unless each
     * iteration reads that array only at elements it writes itself ({@link OwnElements}, seen
     * without a prover): the conservative baseline, which assumes nothing about the primal loop,
     * not even that it is race-free (a formally racy primal such as Floyd-Warshall's, parallel over
     * rows, gets a correct adjoint).
     */
    IncrementPolicy ALL_UNSAFE = new IncrementPolicy() {

        @Override
        public Safety classify(For loop, ArrayRef primal) {
            return Safety.UNSAFE;
        }

        @Override
        public boolean plainOverwrite(For loop, ArrayRef write) {
            return OwnElements.readOnlyWhereWritten(loop, write.var());
        }
    };

    /**
     * @param loop   the primal parallel loop (the outermost loop of a collapsed nest)
     * @param primal the primal reference read inside {@code loop} whose adjoint is incremented
     */
    Safety classify(For loop, ArrayRef primal);

    /**
     * Whether the adjoint of {@code write}, an element of a shared array written inside the
     * parallel {@code loop}, may be read and reset by its adjoint iteration without protection.
     * That is so when the primal loop does not race on the array (the premise of the method, so
     * the default); a policy that could not establish it answers false, and the generator reads
     * the adjoint with {@code omp atomic read} and subtracts what it read atomically, so that no
     * increment of another iteration is lost.
     *
     * @param loop  the primal parallel loop
     * @param write the written primal reference
     */
    default boolean plainOverwrite(For loop, ArrayRef write) {
        return true;
    }

    /**
     * The iteration of the parallel {@code loop} that alone keeps it from being proven race-free,
     * with the classification of the loop without it, or null (the default: none known).
     */
    default PinnedIteration pinned(For loop) {
        return null;
    }
}
