package org.privsim.protocol;

import org.privsim.core.scenario.DatasetTask;
import org.privsim.core.scenario.LowRankRegressionTask;

/**
 * What a node needs to rebuild any user's data set of a low-rank population on its own: the task
 * and the scenario seed (a user's data is a pure function of (task, seed, user id)); for a real data
 * set also the data set's task, whose file every node reads itself and checks against its SHA-256.
 *
 * @param task    the population's (low-rank) task, or a data set's shape
 * @param dataset the data set, or null for synthetic data
 * @param seed    the scenario seed
 */
public record PopulationSpec(LowRankRegressionTask task, DatasetTask dataset, long seed) implements CborSerializable {

    /** A synthetic population's spec. */
    public PopulationSpec(LowRankRegressionTask task, long seed) {
        this(task, null, seed);
    }
}
