package org.privsim.core.data;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.privsim.core.scenario.LowRankRegressionTask;

/**
 * The low-rank populations of one scenario, by seed: the scenario seed's and one per repeat
 * (see {@link org.privsim.core.sim.RunKey#repeatSeed}). A {@link LowRankData} holds only U*; users'
 * data sets are generated on demand from (task, seed, id), so keeping every repeat's population
 * costs d·k doubles each.
 *
 * <p>Guarantee: {@link #get} returns a population equal to {@code new LowRankData(task, seed)},
 * computed once per seed and shared; thread-safe (users on many threads ask for it).
 */
public final class Populations {
    private final LowRankRegressionTask task;
    private final long seed;
    private final Map<Long, LowRankData> bySeed = new ConcurrentHashMap<>();

    /** The populations of {@code task} under scenario seed {@code seed}. */
    public Populations(LowRankRegressionTask task, long seed) {
        this.task = task;
        this.seed = seed;
    }

    /** The task every population follows. */
    public LowRankRegressionTask task() {
        return task;
    }

    /** The scenario seed (the population of repeat 0). */
    public long seed() {
        return seed;
    }

    /** The population generated from {@code populationSeed}. */
    public LowRankData get(long populationSeed) {
        return bySeed.computeIfAbsent(populationSeed, s -> new LowRankData(task, s));
    }
}
