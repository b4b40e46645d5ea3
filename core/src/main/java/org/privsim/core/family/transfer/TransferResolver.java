package org.privsim.core.family.transfer;

import org.privsim.core.privacy.Calibration;
import org.privsim.core.scenario.Accountant;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Defaults;
import org.privsim.core.scenario.ExperimentForm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.GivenFields;
import org.privsim.core.scenario.Representation;
import org.privsim.core.scenario.SubspaceEstimator;
import org.privsim.core.scenario.Task;
import org.privsim.core.scenario.TransferRegressionTask;
import org.privsim.core.scenario.TransferSettings;

/**
 * Resolves an experiment of a transfer algorithm on a transfer regression task into its
 * {@link TransferSettings}.
 *
 * <p>Guarantee: the representation where read (default public), its estimator only with public, the
 * private-altmin run's ε, δ and epochs only with private-altmin; dp-sgd's sampling, steps, σ (null
 * when not given: calibrated to each ε), clip, learning rate, averaging and accountant only for
 * dp-sgd; sufficient-statistics' clips, budget split and calibration only for it.
 */
final class TransferResolver {

    private TransferResolver() {}

    /** The {@link ExperimentForm.Resolver} of the module's algorithms. */
    static ExperimentSpec resolve(ExperimentForm form, GivenFields given, Task on) {
        TransferRegressionTask task = (TransferRegressionTask) on;
        Representation r = form.reads("representation")
                ? given.or("representation", Representation.class, Defaults.REPRESENTATION) : null;
        boolean sgd = form.algorithm() == Algorithm.DP_SGD;
        boolean statistics = form.algorithm() == Algorithm.SUFFICIENT_STATISTICS;
        boolean altMin = r == Representation.PRIVATE_ALTMIN;
        double q = given.or("samplingRate", Double.class, Defaults.SAMPLING_RATE);
        TransferSettings settings = new TransferSettings(r,
                r == Representation.PUBLIC
                        ? given.or("subspaceEstimator", SubspaceEstimator.class, Defaults.SUBSPACE_ESTIMATOR) : null,
                sgd ? q : null, sgd ? given.or("steps", Integer.class, Defaults.steps(q)) : null,
                sgd ? given.get("noiseMultiplier", Double.class) : null,
                sgd ? given.or("clipGradient", Double.class, Defaults.CLIP_GRADIENT) : null,
                sgd ? given.or("learningRate", Double.class, Defaults.LEARNING_RATE) : null,
                sgd ? given.or("averageIterates", Boolean.class, false) : null,
                statistics ? given.or("clipFeature", Double.class, Defaults.transferClipFeature(task, r)) : null,
                statistics ? given.or("clipLabel", Double.class, Defaults.transferClipLabel(task)) : null,
                statistics ? given.or("statisticsBudgetSplit", Double.class, Defaults.STATISTICS_BUDGET_SPLIT) : null,
                altMin ? given.get("representationEpsilon", Double.class) : null,
                altMin ? given.or("representationDelta", Double.class, Defaults.REPRESENTATION_DELTA) : null,
                altMin ? given.or("representationEpochs", Integer.class, Defaults.REPRESENTATION_EPOCHS) : null,
                sgd ? given.or("accountant", Accountant.class, Defaults.ACCOUNTANT) : null);
        return new ExperimentSpec(form.algorithm(), given.list("epsilon"), given.get("delta", Double.class),
                statistics ? given.or("calibration", Calibration.class, Defaults.TRANSFER_CALIBRATION) : null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                given.or("repeats", Integer.class, Defaults.TRANSFER_REPEATS), null, null, settings);
    }
}
