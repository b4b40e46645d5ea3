package org.privsim.core.sim;

import java.util.SplittableRandom;
import org.privsim.core.random.RandomStreams;

/**
 * Identifies one algorithm run inside a scenario, and derives its random streams from
 * (seed, purpose, experiment, ε index, epochs, release): every run gets its own noise and
 * permutation, independent of the order runs execute in. The seed is also the seed of the
 * population the run's users come from: the scenario seed for repeat 0, an independent seed for
 * every later repeat ({@link #repeatSeed}).
 *
 * @param seed         the repeat's seed (the scenario seed for repeat 0)
 * @param experiment   index of the experiment in the scenario
 * @param epsilonIndex index of ε in the experiment's list (0 when non-private)
 * @param epochs       epoch count of this run
 */
public record RunKey(long seed, int experiment, int epsilonIndex, int epochs) {

    /**
     * The seed of repeat {@code repeat} of a scenario with root seed {@code scenarioSeed}: the root
     * seed itself for repeat 0 (so a single repeat is exactly the run without repeats), else the
     * derived stream seed (scenarioSeed, "repeat", repeat) — independent data and noise.
     */
    public static long repeatSeed(long scenarioSeed, int repeat) {
        return repeat == 0 ? scenarioSeed : RandomStreams.derive(scenarioSeed, "repeat", repeat);
    }

    /** The noise stream of release number {@code release} (0 = init, 2t−1 = A_t, 2t = b_t; the private S of the
     * Kronecker U-step uses the dedicated stream {@link #featureNoise}). */
    public SplittableRandom noise(int release) {
        return RandomStreams.stream(seed, "release-noise", experiment, epsilonIndex, epochs, release);
    }

    /** The noise stream of the Kronecker U-step's private feature second moment S. */
    public SplittableRandom featureNoise() {
        return RandomStreams.stream(seed, "feature-noise", experiment, epsilonIndex, epochs);
    }

    /** The stream of the run's user permutation. */
    public SplittableRandom permutation() {
        return RandomStreams.stream(seed, "user-permutation", experiment, epsilonIndex, epochs);
    }
}
