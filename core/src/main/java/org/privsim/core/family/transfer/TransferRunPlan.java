package org.privsim.core.family.transfer;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.mechanism.SgdCalibration;
import org.privsim.core.privacy.Accountants;
import org.privsim.core.privacy.PldAccountant;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.Defaults;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Representation;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.TransferRegressionTask;
import org.privsim.core.scenario.TransferSettings;
import org.privsim.core.sim.AltMinDriver;
import org.privsim.core.sim.AltMinSettings;
import org.privsim.core.sim.RunKey;

/**
 * One cell of a transfer experiment: an algorithm with one representation (and, for the public
 * one, one n₁), at one ε (null when non-private) and one n₂, run {@code repeats} times.
 *
 * <p>Guarantees: repeat r uses the population (seed, r) — the same B, tasks and rows for every cell
 * of the scenario (common random numbers: the curves of Thaker et al. Fig. 3 differ by the method,
 * not by the draw). The DP-SGD Poisson sample of step s comes from (seed, "dp-sgd-sample", cell
 * coordinates, r, s) and its noise from (seed, "dp-sgd-noise", …, r, s); sufficient-statistics'
 * noise from (seed, "statistics-noise", …, r). Every runner sums answers in the order the request
 * lists them, so a cell's row is bit-identical wherever it runs.
 *
 * @param experiment      index of the experiment in the scenario
 * @param spec            the experiment
 * @param publicSamples   n₁ of the public estimate, or null when the representation is not public
 * @param publicIndex     index of n₁ in the task's list (0 otherwise)
 * @param epsilon         target ε, or null when non-private
 * @param epsilonIndex    index of ε in the experiment's list (0 when non-private)
 * @param privateSamples  n₂
 * @param privateIndex    index of n₂ in the task's list
 * @param task            the scenario's task
 * @param sgd             dp-sgd's σ — the experiment's, or the smallest whose ε over all steps at δ is at
 *                        most ε under the experiment's accountant (RDP: the sampled-Gaussian RDP curve's
 *                        tight conversion, to adjacent doubles; PLD: {@link PldAccountant#sigmaFor}, to
 *                        relative 1e-6) — and its per-step costs; null for other algorithms
 * @param inject          a fault injected into the mechanism (audits), or {@link Injection#NONE}
 */
public record TransferRunPlan(int experiment, ExperimentSpec spec, Integer publicSamples, int publicIndex,
        Double epsilon, int epsilonIndex, int privateSamples, int privateIndex, TransferRegressionTask task,
        SgdCalibration sgd, Injection inject) {

    /** Every cell of the scenario's transfer experiments: experiments in order, then n₁, then ε, then n₂. */
    public static List<TransferRunPlan> cells(Scenario scenario) {
        List<TransferRunPlan> cells = new ArrayList<>();
        if (!(scenario.task() instanceof TransferRegressionTask task)) {
            return cells;
        }
        for (int e = 0; e < scenario.experiments().size(); e++) {
            ExperimentSpec spec = scenario.experiments().get(e);
            if (!spec.algorithm().isTransfer()) {
                continue;
            }
            List<Integer> n1 = spec.settings(TransferSettings.class).representation() != null
                    && spec.settings(TransferSettings.class).representation().fromPublicRows()
                    ? task.publicSamples() : Collections.singletonList(null);
            List<Double> eps = spec.epsilons() == null ? Collections.singletonList(null) : spec.epsilons();
            SgdCalibration[] sigmas = eps.stream().map(epsilon -> calibration(spec, epsilon))
                    .toArray(SgdCalibration[]::new);
            for (int a = 0; a < n1.size(); a++) {
                for (int i = 0; i < eps.size(); i++) {
                    SgdCalibration sigma = sigmas[i];
                    for (int b = 0; b < task.privateSamples().size(); b++) {
                        cells.add(new TransferRunPlan(e, spec, n1.get(a), a, eps.get(i), i,
                                task.privateSamples().get(b), b, task, sigma, Injection.NONE));
                    }
                }
            }
        }
        return cells;
    }

    /**
     * The single cell an audit runs: the experiment at its one ε, on the task's first n₁ (when the
     * representation is public) and its only n₂, with {@code inject}; σ calibrated as for experiments.
     */
    public static TransferRunPlan audited(TransferRegressionTask task, ExperimentSpec spec, Injection inject) {
        Double epsilon = spec.epsilons().get(0);
        boolean estimated = spec.settings(TransferSettings.class).representation() != null
                && spec.settings(TransferSettings.class).representation().fromPublicRows();
        return new TransferRunPlan(0, spec, estimated ? task.publicSamples().get(0) : null, 0, epsilon, 0,
                task.privateSamples().get(0), 0, task, calibration(spec, epsilon), inject);
    }

    /** The algorithm. */
    public Algorithm algorithm() {
        return spec.algorithm();
    }

    /** The settings. */
    public TransferSettings settings() {
        return spec.settings(TransferSettings.class);
    }

    /** The representation (null for zero-shot). */
    public Representation representation() {
        return spec.settings(TransferSettings.class).representation();
    }

    /** p, the dimension the private task learns in: k with a representation, d without. */
    public int featureDimension() {
        return representation() == null || representation() == Representation.NONE ? task.dimension() : task.rank();
    }

    /** δ (null when non-private). */
    public Double delta() {
        return spec.delta();
    }

    /** The DP-SGD calibration of {@code spec} at target ε (see {@link #sgd()}); null for other algorithms. */
    private static SgdCalibration calibration(ExperimentSpec spec, Double epsilon) {
        if (spec.algorithm() != Algorithm.DP_SGD) {
            return null;
        }
        TransferSettings s = spec.settings(TransferSettings.class);
        return SgdCalibration.calibrate(s.samplingRate(), s.steps(), spec.delta(), epsilon, s.noiseMultiplier(),
                Accountants.named(s.accountant().id()));
    }

    /** σ of dp-sgd, or null for other algorithms. */
    public Double noiseMultiplier() {
        return sgd == null ? null : sgd.noiseMultiplier();
    }

    /**
     * ε of this cell's DP-SGD run at δ by its accountant: the PLD ε under pld, the tight RDP
     * conversion under rdp (null for other algorithms).
     */
    public Double accountedEpsilon() {
        if (sgd == null) {
            return null;
        }
        return sgd.accountedEpsilon();
    }

    /** The sampled-Gaussian RDP account of this cell's DP-SGD run at the default orders (null for other algorithms). */
    public SampledGaussianRdp.Epsilon account() {
        return sgd == null ? null : sgd.rdpAccount();
    }

    /** Total zCDP ρ of sufficient-statistics (null for other algorithms). */
    public Double statisticsRho() {
        return algorithm() == Algorithm.SUFFICIENT_STATISTICS ? spec.calibration().totalRho(epsilon, delta()) : null;
    }

    /** The population of repeat {@code repeat}. */
    public TransferPopulation population(long seed, int repeat) {
        return new TransferPopulation(task, seed, repeat);
    }

    /** The Poisson-sample stream of DP-SGD step {@code step} of repeat {@code repeat}. */
    public SplittableRandom sample(long seed, int repeat, int step) {
        return RandomStreams.stream(seed, "dp-sgd-sample", experiment, publicIndex, epsilonIndex, privateIndex,
                repeat, step);
    }

    /** The noise stream of DP-SGD step {@code step} of repeat {@code repeat}. */
    public SplittableRandom sgdNoise(long seed, int repeat, int step) {
        return RandomStreams.stream(seed, "dp-sgd-noise", experiment, publicIndex, epsilonIndex, privateIndex,
                repeat, step);
    }

    /** The noise stream of sufficient-statistics' release in repeat {@code repeat}. */
    public SplittableRandom statisticsNoise(long seed, int repeat) {
        return RandomStreams.stream(seed, "statistics-noise", experiment, publicIndex, epsilonIndex, privateIndex,
                repeat);
    }

    /**
     * The public tasks as Priv-AltMin users (representation private-altmin): t users holding n₁/t
     * rows each in d dimensions, rank k, the task's label noise.
     */
    public LowRankRegressionTask representationUsers() {
        return new LowRankRegressionTask(task.publicTasks(), publicSamples / task.publicTasks(), task.dimension(),
                task.rank(), task.labelNoise());
    }

    /**
     * The curator of the private-altmin representation of repeat {@code repeat}: Priv-AltMin with
     * {@link Defaults#representationAltMin} settings at (representationEpsilon, representationDelta),
     * its noise from streams of (seed, "transfer-representation", repeat) and the cell's experiment
     * and n₁ — shared by the cell's ε and n₂ values, as B̂ is.
     */
    public AltMinDriver representationDriver(TransferPopulation population, long seed, int repeat) {
        TransferSettings s = settings();
        LowRankRegressionTask users = representationUsers();
        ExperimentSpec altMin = Defaults.representationAltMin(users, s.representationEpsilon(),
                s.representationDelta(), s.representationEpochs());
        RunKey key = new RunKey(RandomStreams.derive(seed, "transfer-representation", repeat), experiment,
                publicIndex, s.representationEpochs());
        AltMinSettings run = AltMinSettings.privateRun(users, altMin, s.representationEpsilon(),
                s.representationEpochs(), key);
        return new AltMinDriver(users, run, key, population.publicBasis());
    }

    /**
     * The factor on dp-sgd's noise that the injected fault applies: {@code inject.noiseMultiplier},
     * times σ₁/σ under {@code ignoreComposition}, where σ₁ is the noise multiplier one
     * Poisson-subsampled Gaussian step at rate q would need to spend the whole (ε, δ) alone (the
     * experiment's accountant, one step) — every step is calibrated to the whole budget, while the
     * ledger keeps charging the S steps at the σ the accounting assumes. 1 without a fault.
     */
    public double injectedNoise() {
        if (!inject.ignoreComposition() || sgd == null) {
            return inject.noiseMultiplier();
        }
        return inject.noiseMultiplier() * sgd.alone(epsilon).noiseMultiplier() / sgd.noiseMultiplier();
    }

    /** The same cell with a fault injected (audits). */
    public TransferRunPlan withInjection(Injection fault) {
        return new TransferRunPlan(experiment, spec, publicSamples, publicIndex, epsilon, epsilonIndex,
                privateSamples, privateIndex, task, sgd, fault);
    }

    /** A short label for progress output, e.g. {@code dp-sgd public n₁=500 ε=1.1 n₂=1000}. */
    public String label() {
        StringBuilder sb = new StringBuilder(algorithm().id());
        if (representation() != null) {
            sb.append(' ').append(representation().id());
        }
        if (publicSamples != null) {
            sb.append(" n₁=").append(publicSamples);
        }
        if (epsilon != null) {
            sb.append(" ε=").append(epsilon);
        }
        return sb.append(" n₂=").append(privateSamples).toString();
    }
}
