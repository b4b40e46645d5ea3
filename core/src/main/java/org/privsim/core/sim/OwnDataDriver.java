package org.privsim.core.sim;

import java.util.List;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;

/**
 * The own-data baseline: each user fits ridge regression in d dimensions on its own m samples and
 * shares nothing, so nothing is released and no budget is spent.
 */
public final class OwnDataDriver implements Driver {
    private final LowRankRegressionTask task;
    private final ExperimentSpec spec;
    private final RunKey key;

    /** A run of the baseline for a task, on the population {@code key.seed()}. */
    public OwnDataDriver(LowRankRegressionTask task, ExperimentSpec spec, RunKey key) {
        this.task = task;
        this.spec = spec;
        this.key = key;
    }

    @Override
    public Step start() {
        return new Step.Collect(new UserTask.Evaluate(key.seed(), UserTask.Model.OWN_RIDGE, null, 0, 0, task.samplesPerUser(),
                spec.ridge(), Double.POSITIVE_INFINITY));
    }

    @Override
    public Step onEvaluate(ErrorSum sum) {
        double excess = sum.sum() / sum.contributorCount();
        double sigmaF = task.labelNoise();
        return new Step.Finished(new RunOutcome(excess + sigmaF * sigmaF, excess, null, 0, 0, null, null, null,
                List.of(), null, sum.testError(), ReleaseLog.NONE));
    }
}
