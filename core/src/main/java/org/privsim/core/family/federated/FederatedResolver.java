package org.privsim.core.family.federated;

import org.privsim.core.scenario.Accountant;
import org.privsim.core.scenario.AdaptiveClip;
import org.privsim.core.scenario.Cohort;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Defaults;
import org.privsim.core.scenario.ExperimentForm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.FedAvgSettings;
import org.privsim.core.scenario.GivenFields;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Noise;
import org.privsim.core.scenario.Task;
import org.privsim.core.scenario.UpdateClipping;

/**
 * Resolves an experiment of dp-fedavg or dp-fedrep on a low-rank regression task (or a dataset's
 * low-rank shape) into its {@link FedAvgSettings}.
 *
 * <p>Guarantee: every setting given or at its {@link FedAvgSettings} default (noiseMultiplier stays
 * null when not given: it is calibrated to each ε; the accountant rdp for fixed cohorts and correlated
 * noise, countNoise q·n/20, adaptive clipping's settings null under fixed clipping, bands 1 unless
 * banded); the ridge of the personal fit is own-data's for
 * dp-fedavg (it fine-tunes in d dimensions) and {@link Defaults#RIDGE} for dp-fedrep (a k-dimensional
 * head, like priv-altmin's); the shared low-rank fields null.
 */
final class FederatedResolver {

    private FederatedResolver() {}

    /** The {@link ExperimentForm.Resolver} of dp-fedavg and dp-fedrep. */
    static ExperimentSpec resolve(ExperimentForm form, GivenFields given, Task on) {
        LowRankRegressionTask task = (LowRankRegressionTask) on;
        double q = given.or("samplingRate", Double.class, FedAvgSettings.SAMPLING_RATE);
        Cohort cohort = given.or("cohort", Cohort.class, Cohort.POISSON);
        AdaptiveClip adaptive = given.or("clipping", UpdateClipping.class, UpdateClipping.FIXED)
                != UpdateClipping.ADAPTIVE ? null : new AdaptiveClip(
                given.or("targetQuantile", Double.class, AdaptiveClip.TARGET_QUANTILE),
                given.or("countNoise", Double.class, q * task.users() / AdaptiveClip.COUNT_NOISE_DIVISOR),
                given.or("clipLearningRate", Double.class, AdaptiveClip.CLIP_LEARNING_RATE));
        Noise noise = given.or("noise", Noise.class, Noise.INDEPENDENT);
        FedAvgSettings settings = new FedAvgSettings(q,
                given.or("rounds", Integer.class, FedAvgSettings.ROUNDS), given.get("noiseMultiplier", Double.class),
                given.or("clipUpdate", Double.class, FedAvgSettings.CLIP_UPDATE),
                given.or("learningRate", Double.class, FedAvgSettings.LEARNING_RATE),
                given.or("localEpochs", Integer.class, FedAvgSettings.LOCAL_EPOCHS),
                given.or("accountant", Accountant.class,
                        cohort == Cohort.FIXED || noise != Noise.INDEPENDENT ? Accountant.RDP : Defaults.ACCOUNTANT),
                cohort, adaptive, noise, given.or("bands", Integer.class, 1));
        double ridge = form.algorithm() == Algorithm.DP_FEDAVG ? Defaults.ownDataRidge(task) : Defaults.RIDGE;
        return new ExperimentSpec(form.algorithm(), given.list("epsilon"), given.get("delta", Double.class), null,
                null, null, null, null, null, null, null, null, null, null, null, null, null,
                given.or("ridge", Double.class, ridge), null, null, null,
                given.or("repeats", Integer.class, Defaults.LOW_RANK_REPEATS), null, null, settings);
    }
}
