package org.privsim.core.family.federated;

import org.privsim.core.scenario.Accountant;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Defaults;
import org.privsim.core.scenario.ExperimentForm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.FedAvgSettings;
import org.privsim.core.scenario.GivenFields;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Noise;
import org.privsim.core.scenario.Task;

/**
 * Resolves an experiment of dp-fedavg or dp-fedrep on a low-rank regression task (or a dataset's
 * low-rank shape) into its {@link FedAvgSettings}.
 *
 * <p>Guarantee: every setting given or at its {@link FedAvgSettings} default (the accountant rdp
 * with correlated noise) (noiseMultiplier stays
 * null when not given: it is calibrated to each ε); the ridge of the personal fit is own-data's for
 * dp-fedavg (it fine-tunes in d dimensions) and {@link Defaults#RIDGE} for dp-fedrep (a k-dimensional
 * head, like priv-altmin's); the shared low-rank fields null.
 */
final class FederatedResolver {

    private FederatedResolver() {}

    /** The {@link ExperimentForm.Resolver} of dp-fedavg and dp-fedrep. */
    static ExperimentSpec resolve(ExperimentForm form, GivenFields given, Task on) {
        LowRankRegressionTask task = (LowRankRegressionTask) on;
        Noise noise = given.or("noise", Noise.class, Noise.INDEPENDENT);
        FedAvgSettings settings = new FedAvgSettings(
                given.or("samplingRate", Double.class, FedAvgSettings.SAMPLING_RATE),
                given.or("rounds", Integer.class, FedAvgSettings.ROUNDS), given.get("noiseMultiplier", Double.class),
                given.or("clipUpdate", Double.class, FedAvgSettings.CLIP_UPDATE),
                given.or("learningRate", Double.class, FedAvgSettings.LEARNING_RATE),
                given.or("localEpochs", Integer.class, FedAvgSettings.LOCAL_EPOCHS),
                given.or("accountant", Accountant.class, noise == Noise.INDEPENDENT ? Defaults.ACCOUNTANT : Accountant.RDP),
                noise, given.or("bands", Integer.class, 1));
        double ridge = form.algorithm() == Algorithm.DP_FEDAVG ? Defaults.ownDataRidge(task) : Defaults.RIDGE;
        return new ExperimentSpec(form.algorithm(), given.list("epsilon"), given.get("delta", Double.class), null,
                null, null, null, null, null, null, null, null, null, null, null, null, null,
                given.or("ridge", Double.class, ridge), null, null, null,
                given.or("repeats", Integer.class, Defaults.LOW_RANK_REPEATS), null, null, null, null, settings);
    }
}
