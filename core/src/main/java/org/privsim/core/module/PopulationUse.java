package org.privsim.core.module;

/**
 * What the runs of one experiment hold of a scenario's low-rank population (the users' data sets,
 * shared by the low-rank and federated families; {@code core/data/UserStore}): whether the experiment
 * draws a population of its own per repeat or shares the one per repeat that every low-rank
 * experiment of the scenario draws, and what each of its runs in flight holds per user besides.
 *
 * <p>Guarantee: an immutable value; {@code runBytesPerUser} is counted object by object (the module
 * that returns it says what it counts) and is non-negative.
 *
 * @param ownPopulation   true when each repeat of the experiment holds a population of its own (its
 *                        cells at every ε share it), false when it shares the scenario's per repeat
 * @param runBytesPerUser bytes a run in flight holds per user of the population
 */
public record PopulationUse(boolean ownPopulation, long runBytesPerUser) {
    public PopulationUse {
        if (runBytesPerUser < 0) {
            throw new IllegalArgumentException("runBytesPerUser must be non-negative, got " + runBytesPerUser);
        }
    }
}
