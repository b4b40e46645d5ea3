package org.privsim.core.sim;

import java.util.SplittableRandom;
import org.privsim.core.random.RandomStreams;

/**
 * Identifies one algorithm run inside a scenario, and derives its random streams from
 * (seed, purpose, experiment, ε index, epochs, release): every run gets its own noise and
 * permutation, independent of the order runs execute in.
 *
 * @param seed         scenario seed
 * @param experiment   index of the experiment in the scenario
 * @param epsilonIndex index of ε in the experiment's list (0 when non-private)
 * @param epochs       epoch count of this run
 */
public record RunKey(long seed, int experiment, int epsilonIndex, int epochs) {

    /** The noise stream of release number {@code release} (0 = init, 2t−1 = A_t, 2t = b_t). */
    public SplittableRandom noise(int release) {
        return RandomStreams.stream(seed, "release-noise", experiment, epsilonIndex, epochs, release);
    }

    /** The stream of the run's user permutation. */
    public SplittableRandom permutation() {
        return RandomStreams.stream(seed, "user-permutation", experiment, epsilonIndex, epochs);
    }
}
