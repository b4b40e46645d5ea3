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
 * @param candidate    the candidate's index in a private selection (its streams are its own), or −1 for a
 *                     run that is not a selection's candidate (whose streams are those of the four fields)
 */
public record RunKey(long seed, int experiment, int epsilonIndex, int epochs, int candidate) {

    /** A run that is not a private selection's candidate. */
    public RunKey(long seed, int experiment, int epsilonIndex, int epochs) {
        this(seed, experiment, epsilonIndex, epochs, -1);
    }

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
        return candidate < 0 ? RandomStreams.stream(seed, "release-noise", experiment, epsilonIndex, epochs, release)
                : RandomStreams.stream(seed, "candidate-release-noise", experiment, epsilonIndex, candidate, release);
    }

    /** The noise stream of the Kronecker U-step's private feature second moment S. */
    public SplittableRandom featureNoise() {
        return candidate < 0 ? RandomStreams.stream(seed, "feature-noise", experiment, epsilonIndex, epochs)
                : RandomStreams.stream(seed, "candidate-feature-noise", experiment, epsilonIndex, candidate);
    }

    /** The stream of the run's user permutation. */
    public SplittableRandom permutation() {
        return candidate < 0 ? RandomStreams.stream(seed, "user-permutation", experiment, epsilonIndex, epochs)
                : RandomStreams.stream(seed, "candidate-user-permutation", experiment, epsilonIndex, candidate);
    }

    /** The noise stream of a private selection candidate's score (its users' summed validation losses). */
    public SplittableRandom scoreNoise() {
        return RandomStreams.stream(seed, "candidate-score-noise", experiment, epsilonIndex, candidate);
    }
}
