package org.privsim.core.family.transfer;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.TransferRegressionTask;

/**
 * The canary game of DP-SGD under the billboard threat model: every iterate w_s of the run is
 * public (the standard DP-SGD threat model — all noisy gradients are released), and the adversary
 * guesses whether the target user holds the canary row (world 1) or a row with zero gradient (world
 * 0, which changes no sum: the same output distribution as removing the user, DP-SGD's
 * add/remove neighbour).
 *
 * <p><b>Data set.</b> A worst case for the auditor's benefit, allowed because DP holds for every
 * data set: every other user holds a zero row (x = 0, y = 0), whose gradient is always 0. The
 * canary's represented features are x' = 10³·e₁ and its label y = −10⁹, so its residual
 * 10³·w₁ + 10⁹ is positive while |w₁| &lt; 10⁶ and its gradient, clipped by the ordinary
 * {@link SampleHolder}, is C·e₁ at every step: the largest change one user can make, always in the
 * same known direction.
 *
 * <p><b>Score</b>, the exact log-likelihood ratio of the pair under the claimed mechanism. From two
 * consecutive public iterates the adversary recovers the noisy sum of step s, g_s = −(w_{s+1} −
 * w_s)·q n₂/η, and its standardised first coordinate z_s = g_{s,1}/(σC), which is N(B_s/σ, 1) with
 * B_s ~ Bernoulli(q) in world 1 and B_s = 0 in world 0, independently across steps. The score is
 * Σ_s ln(1 − q + q·exp(z_s/σ − 1/(2σ²))) over the steps whose next iterate is public (all but the
 * last), with σ the claimed noise multiplier; higher ⇒ world 1. An injected fault changes the
 * mechanism, not the adversary's model of it.
 *
 * <p>Guarantee: {@link #score} is a pure function of (trial, world): trial r runs the ordinary
 * {@link TransferDriver} (its Poisson sampling, noise and {@code RdpLedger}) with root seed
 * {@code derive(seed, "audit-dpsgd-trial", r)}; public rows, when the representation is estimated,
 * come from the population of that seed and are answered by {@link PublicTask}. Immutable after
 * construction, so trials may run concurrently.
 */
public final class DpSgdCanaryGame implements DistinguishingGame {
    /** The canary's feature scale (its gradient is clipped whenever |w₁| &lt; 10⁶). */
    static final double CANARY_FEATURE = 1e3;
    /** The canary's label. */
    static final double CANARY_LABEL = -1e9;

    private final TransferRunPlan cell;
    private final long seed;
    private final int target;

    /**
     * @param task   the audit's task (its first n₁ and only n₂)
     * @param spec   a resolved dp-sgd experiment with one ε
     * @param seed   root seed of the trials
     * @param target the target user, in [0, n₂)
     * @param inject a fault injected into the mechanism
     */
    public DpSgdCanaryGame(TransferRegressionTask task, ExperimentSpec spec, long seed, int target, Injection inject) {
        this.cell = TransferRunPlan.audited(task, spec, inject);
        this.seed = seed;
        this.target = target;
    }

    @Override
    public double score(int trial, int world) {
        DistinguishingGame.checkTrial(trial, world);
        TransferDriver driver = new TransferDriver(cell, 0, RandomStreams.derive(seed, "audit-dpsgd-trial", trial));
        int p = driver.featureDimension();
        SampleHolder canary = canary(p);
        List<double[]> iterates = new ArrayList<>();
        TransferRequest request = driver.start();
        while (!(request instanceof TransferRequest.Done)) {
            if (request instanceof TransferRequest.Moments m) {
                request = driver.onMoments(publicMoments(driver, m, cell.task().publicTasks()));
                continue;
            }
            TransferRequest.Gradients g = (TransferRequest.Gradients) request;
            iterates.add(g.model());
            double[][] answers = new double[g.users().length][];
            for (int a = 0; a < answers.length; a++) {
                answers[a] = world == 1 && g.users()[a] == target ? canary.gradient(g.model(), g.clip())
                        : new double[p];
            }
            request = driver.onAnswers(answers);
        }
        double q = cell.settings().samplingRate();
        double sigma = cell.noiseMultiplier();
        double scale = q * cell.privateSamples() / (cell.settings().learningRate() * sigma * cell.settings().clipGradient());
        double logQ = Math.log(q);
        double score = 0;
        for (int s = 0; s + 1 < iterates.size(); s++) {
            double z = -(iterates.get(s + 1)[0] - iterates.get(s)[0]) * scale;
            double a = z / sigma - 1 / (2 * sigma * sigma);
            // ln(1 − q + q e^a), stable for large |a|.
            score += a > 0 ? a + logQ + Math.log1p((1 - q) * Math.exp(-a) / q) : Math.log1p(q * Math.expm1(a));
        }
        return score;
    }

    /** The public tasks' moments a {@code Moments} request of {@code driver} asks for, task by task. */
    static double[][] publicMoments(TransferDriver driver, TransferRequest.Moments m, int publicTasks) {
        double[][] partials = new double[publicTasks][];
        for (int j = 0; j < publicTasks; j++) {
            partials[j] = PublicTask.moments(driver.population(), j, m.publicSamples(), m.estimator());
        }
        return partials;
    }

    /** The canary sample in feature dimension {@code p}: feature 0 at {@link #CANARY_FEATURE}, label {@link #CANARY_LABEL}. */
    static SampleHolder canary(int p) {
        double[] features = new double[p];
        features[0] = CANARY_FEATURE;
        return new SampleHolder(features, CANARY_LABEL);
    }
}
