package org.privsim.core.scenario;

/**
 * The data-generating task of a scenario (or of one audit): what every user holds.
 *
 * <p>Guarantee: a task is an immutable, validated description; the data itself is a pure function
 * of (task, seed), so any runner on any node regenerates the same data from it.
 */
public sealed interface Task permits LowRankRegressionTask, IndexedMeanTask, MultitaskRegressionTask,
        TransferRegressionTask, DatasetTask, RatingsTask {

    /** The scenario name of this task's type, e.g. {@code low-rank-regression}. */
    String type();
}
