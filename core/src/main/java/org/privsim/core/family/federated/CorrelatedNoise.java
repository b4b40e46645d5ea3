package org.privsim.core.family.federated;

import org.privsim.core.audit.SampledGaussianAuc;
import org.privsim.core.mechanism.BandedRun;
import org.privsim.core.mechanism.FixedCohort;
import org.privsim.core.mechanism.RoundMechanism;
import org.privsim.core.mechanism.SampledGaussianRun;
import org.privsim.core.mechanism.SgdCalibration;
import org.privsim.core.mechanism.TreeAggregationRun;
import org.privsim.core.privacy.Accountants;
import org.privsim.core.privacy.PrivacyAccountant;
import org.privsim.core.privacy.TreeAggregationRdp;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.Cohort;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.FedAvgSettings;

/**
 * The noise of the federated rounds, as a setting of dp-fedavg and dp-fedrep ({@code noise}): how a
 * cell's σ is calibrated and which {@link RoundMechanism} runs its rounds.
 * <ul>
 *   <li>{@code independent}: the Poisson-subsampled Gaussian ({@link SampledGaussianRun}), T steps at
 *       rate q under the experiment's accountant — or, with {@code cohort: fixed}, the Gaussian sampled
 *       without replacement ({@link FixedCohort}), T steps by RDP.
 *   <li>{@code tree}: DP-FTRL ({@link TreeAggregationRun}) with s = ⌈1/q⌉ rounds per epoch (a cohort of
 *       about q·n), T/s epochs of {@code SingleEpochTreeAggregationDpEvent(σ, s)}; the partition of epoch e
 *       from stream ("&lt;stream&gt;-partition", experiment, ε index, e), node r's noise from
 *       ("&lt;stream&gt;-tree-noise", experiment, ε index, e·2³² + r).
 *   <li>{@code banded}: b bands ({@link BandedRun}), the Poisson-sampled Gaussian at rate q·b composed
 *       ⌈T/b⌉ times; sampling and noise streams dp-fedavg's, so b = 1 is dp-fedavg under rdp bit for bit.
 * </ul>
 * Correlated noise is accounted by RDP (the default; pld is refused when the scenario is read).
 *
 * <p>Guarantee: a pure function of the cell and the repeat seed, so every runner draws the same
 * partitions, samples and noise.
 */
final class CorrelatedNoise {

    private CorrelatedNoise() {}

    /** s, the rounds of a tree epoch: ⌈1/q⌉. */
    static int roundsPerEpoch(double samplingRate) {
        return (int) Math.ceil(1 / samplingRate);
    }

    /**
     * The rounds' calibration at ε by the experiment's noise (see the class comment); with independent
     * noise and fixed cohorts, of round(q·n) of the {@code users} without replacement, by RDP.
     */
    static SgdCalibration calibration(ExperimentSpec spec, int users, double epsilon) {
        FedAvgSettings s = spec.settings(FedAvgSettings.class);
        PrivacyAccountant accountant = Accountants.named(s.accountant().id());
        return switch (s.noise()) {
            case INDEPENDENT -> s.cohort() == Cohort.FIXED
                    ? SgdCalibration.calibrate(FixedCohort.of(users, s.samplingRate()), s.rounds(), spec.delta(),
                            epsilon, s.noiseMultiplier())
                    : SgdCalibration.calibrate(s.samplingRate(), s.rounds(), spec.delta(), epsilon,
                            s.noiseMultiplier(), accountant);
            case TREE -> SgdCalibration.tree(roundsPerEpoch(s.samplingRate()), s.rounds(), spec.delta(), epsilon,
                    s.noiseMultiplier(), accountant);
            case BANDED -> SgdCalibration.calibrate(s.samplingRate() * s.bands(),
                    (s.rounds() + s.bands() - 1) / s.bands(), spec.delta(), epsilon, s.noiseMultiplier(), accountant);
        };
    }

    /**
     * The Poisson-subsampled Gaussian composition that dominates the rounds' transcript, read by
     * {@code sampled-gaussian-auc} audits: T steps at q; a tree's Gaussian nodes on one user's leaves, T/s
     * epochs of ⌈log₂(s + 1)⌉ at q = 1 (σ per node); the banded run's reduction, ⌈T/b⌉ steps at q·b.
     */
    static SampledGaussianAuc composition(FedAvgSettings s) {
        return switch (s.noise()) {
            case INDEPENDENT -> new SampledGaussianAuc(s.samplingRate(), s.rounds());
            case TREE -> {
                int perEpoch = roundsPerEpoch(s.samplingRate());
                yield new SampledGaussianAuc(1, s.rounds() / perEpoch * TreeAggregationRdp.depth(perEpoch));
            }
            case BANDED -> new SampledGaussianAuc(s.samplingRate() * s.bands(), (s.rounds() + s.bands() - 1) / s.bands());
        };
    }

    /** The mechanism of one run of {@code cell} on the repeat's seed, its noise × {@code injected}. */
    static RoundMechanism mechanism(FederatedFamily.Cell cell, double injected, long repeatSeed, String stream) {
        FedAvgSettings s = cell.settings();
        int users = cell.shape().users();
        int experiment = cell.experiment();
        int index = cell.epsilonIndex();
        String name = "clipped update sum";
        return switch (s.noise()) {
            case INDEPENDENT -> new SampledGaussianRun(cell.calibration(), name, s.clipUpdate(), injected, users,
                    cell.epsilon(), t -> RandomStreams.stream(repeatSeed, stream + "-sample", experiment, index, t),
                    t -> RandomStreams.stream(repeatSeed, stream + "-noise", experiment, index, t));
            case TREE -> new TreeAggregationRun(cell.calibration(), name, s.clipUpdate(), injected, users,
                    cell.epsilon(), e -> RandomStreams.stream(repeatSeed, stream + "-partition", experiment, index, e),
                    key -> RandomStreams.stream(repeatSeed, stream + "-tree-noise", experiment, index, key));
            case BANDED -> new BandedRun(cell.calibration(), name, s.clipUpdate(), injected, users, s.samplingRate(),
                    s.bands(), cell.epsilon(),
                    t -> RandomStreams.stream(repeatSeed, stream + "-sample", experiment, index, t),
                    t -> RandomStreams.stream(repeatSeed, stream + "-noise", experiment, index, t));
        };
    }
}
