package org.privsim.protocol;

import org.privsim.core.scenario.LowRankRegressionTask;

/**
 * What a node needs to rebuild any user's data set of a low-rank population on its own: the task
 * and the scenario seed (a user's data is a pure function of (task, seed, user id)).
 *
 * @param task the population's task
 * @param seed the scenario seed
 */
public record PopulationSpec(LowRankRegressionTask task, long seed) implements CborSerializable {}
