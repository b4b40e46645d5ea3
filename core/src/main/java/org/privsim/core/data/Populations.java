package org.privsim.core.data;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.privsim.core.scenario.DatasetTask;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Task;

/**
 * The populations of one scenario's low-rank algorithms, by seed: the scenario seed's and one per
 * repeat (see {@link org.privsim.core.sim.RunKey#repeatSeed}). A synthetic population
 * ({@link LowRankData}) holds only U*, a real data set's ({@link DatasetPopulation}) only its
 * standardization statistics over the shared {@link DatasetTables table}; users' data sets are
 * built on demand from (task, seed, id), so keeping every repeat's population is cheap.
 *
 * <p>Guarantee: {@link #get} returns a population equal to {@code new LowRankData(task, seed)} (or
 * {@code new DatasetPopulation(task, table, seed)}), computed once per seed and shared;
 * thread-safe (users on many threads ask for it).
 */
public final class Populations {
    private final Task task;
    private final long seed;
    private final Map<Long, UserPopulation> bySeed = new ConcurrentHashMap<>();

    /**
     * The populations of {@code task} — a {@link LowRankRegressionTask} or a {@link DatasetTask} —
     * under scenario seed {@code seed}.
     */
    public Populations(Task task, long seed) {
        if (!(task instanceof LowRankRegressionTask) && !(task instanceof DatasetTask)) {
            throw new IllegalArgumentException("no low-rank population for a task of type " + task.type());
        }
        this.task = task;
        this.seed = seed;
    }

    /** n, the number of users. */
    public int users() {
        return task instanceof DatasetTask dataset ? dataset.users() : ((LowRankRegressionTask) task).users();
    }

    /** d, the feature dimension. */
    public int dimension() {
        return task instanceof DatasetTask dataset ? dataset.dimension() : ((LowRankRegressionTask) task).dimension();
    }

    /** The scenario seed (the population of repeat 0). */
    public long seed() {
        return seed;
    }

    /** The population drawn (or split) with {@code populationSeed}. */
    public UserPopulation get(long populationSeed) {
        return bySeed.computeIfAbsent(populationSeed, s -> create(task, s));
    }

    /** A new population of {@code task} for {@code populationSeed} (a data set's table from {@link DatasetTables}). */
    public static UserPopulation create(Task task, long populationSeed) {
        if (task instanceof DatasetTask dataset) {
            return new DatasetPopulation(dataset, DatasetTables.get(dataset), populationSeed);
        }
        return new LowRankData((LowRankRegressionTask) task, populationSeed);
    }
}
