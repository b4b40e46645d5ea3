package org.privsim.core.family.transfer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.ReleaseTranscript;
import org.privsim.core.audit.SampledGaussianWhiteBox;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.TransferRegressionTask;

/**
 * The canary game of the transfer family's private learners under the white-box threat model,
 * scored from the recorded releases: the adversary knows every other user's row, sees every noisy
 * release itself with the record the ledger charged (the σ actually added), and knows everything but
 * whether the canary is present.
 *
 * <p><b>Worlds.</b> Every user but the target holds its row of the audit population (seed of the
 * trial, as an experiment's repeat 0), seen through the run's representation. In world 1 the target
 * holds the canary row of {@link DpSgdCanaryGame} (x' = 10³·e₁, y = −10⁹); in world 0 a zero row,
 * which adds nothing to any sum — the same output distribution as the target leaving (the add/remove
 * neighbour both learners are accounted under).
 *
 * <p><b>dp-sgd.</b> The canary's gradient is clipped to C·e₁ at every step. Per step s, from the
 * step's record ({@link TransferDriver#stepRelease}: the σ actually added and q) and what the mechanism
 * side computes at the published model w_s: the pre-noise sum without the canary m⁰_s (the other
 * sampled users' clipped gradients, summed in sample order) and with it m¹_s = m⁰_s + the canary's
 * clipped gradient; the observed value is the step's noisy sum ({@link TransferDriver#released}). The
 * score is {@link SampledGaussianWhiteBox#llr} — the exact log-likelihood ratio of the whole transcript
 * (the models are computed from the realised releases, so the chain rule applies).
 *
 * <p><b>sufficient-statistics.</b> The canary's clipped row is x̄ = τ·e₁, ȳ = −ζ, so it moves A by
 * τ²·e₁e₁ᵀ and b by −τζ·e₁: each release by its whole add/remove sensitivity. The driver hands both
 * releases to a {@link ReleaseTranscript} (checked against the ledger's log); the adversary sums both
 * worlds' statistics in the curator's order (user id), target's slot included, and scores each release
 * with its exact Gaussian log-likelihood ratio at its record's σ. For the correct mechanism the score is
 * N(±μ²/2, μ²) (+ in world 1) with μ² = τ⁴/σ_A² + τ²ζ²/σ_b² = 2ρ_A + 2ρ_b = 2ρ: the composition's
 * whole √(2ρ)-GDP bound, attained.
 *
 * <p>An injected fault changes the mechanism and so its records: the adversary scores with the σ
 * actually added. Guarantee: {@link #score} is a pure function of (trial, world): trial r runs the
 * ordinary {@link TransferDriver} (its sampling, noise and ledger) with root seed
 * {@code derive(seed, "audit-dpsgd-white-box-trial", r)} (dp-sgd) or
 * {@code derive(seed, "audit-statistics-white-box-trial", r)} (sufficient-statistics). Immutable after
 * construction, so trials may run concurrently.
 */
public final class TransferWhiteBoxGame implements DistinguishingGame {
    private final TransferRunPlan cell;
    private final long seed;
    private final int target;

    /**
     * @param task   the audit's task (its first n₁ and only n₂)
     * @param spec   a resolved dp-sgd or sufficient-statistics experiment with one ε
     * @param seed   root seed of the trials
     * @param target the target user, in [0, n₂)
     * @param inject a fault injected into the mechanism
     */
    public TransferWhiteBoxGame(TransferRegressionTask task, ExperimentSpec spec, long seed, int target,
                                Injection inject) {
        if (spec.algorithm() != Algorithm.DP_SGD && spec.algorithm() != Algorithm.SUFFICIENT_STATISTICS) {
            throw new IllegalArgumentException("the game audits dp-sgd or sufficient-statistics, got "
                    + spec.algorithm().id());
        }
        this.cell = TransferRunPlan.audited(task, spec, inject);
        this.seed = seed;
        this.target = target;
    }

    @Override
    public double score(int trial, int world) {
        DistinguishingGame.checkTrial(trial, world);
        return cell.algorithm() == Algorithm.DP_SGD ? sgdScore(trial, world) : statisticsScore(trial, world);
    }

    private double sgdScore(int trial, int world) {
        TransferDriver driver = new TransferDriver(cell, 0,
                RandomStreams.derive(seed, "audit-dpsgd-white-box-trial", trial));
        int p = driver.featureDimension();
        SampleHolder canary = DpSgdCanaryGame.canary(p);
        SampleHolder[] users = null;
        List<SampledGaussianWhiteBox.View> views = new ArrayList<>();
        List<double[]> observed = new ArrayList<>();
        TransferRequest request = publicRepresentation(driver, driver.start());
        while (!(request instanceof TransferRequest.Done)) {
            TransferRequest.Gradients g = (TransferRequest.Gradients) request;
            if (users == null) {
                users = others(driver);
            }
            double[] contribution = canary.gradient(g.model(), g.clip());
            double[] without = new double[p];
            double[][] answers = new double[g.users().length][];
            for (int a = 0; a < answers.length; a++) {
                int user = g.users()[a];
                if (user == target) {
                    answers[a] = world == 1 ? contribution : new double[p];
                    continue;
                }
                answers[a] = users[user].gradient(g.model(), g.clip());
                for (int c = 0; c < p; c++) {
                    without[c] += answers[a][c];
                }
            }
            double[] with = without.clone();
            for (int c = 0; c < p; c++) {
                with[c] += contribution[c];
            }
            request = driver.onAnswers(answers);
            views.add(SampledGaussianWhiteBox.View.of(driver.stepRelease(), without, with));
            observed.add(driver.released());
        }
        return SampledGaussianWhiteBox.llr(views, observed);
    }

    private double statisticsScore(int trial, int world) {
        ReleaseTranscript transcript = new ReleaseTranscript();
        TransferDriver driver = new TransferDriver(cell, 0,
                RandomStreams.derive(seed, "audit-statistics-white-box-trial", trial), transcript);
        int p = driver.featureDimension();
        TransferRequest.Statistics request = (TransferRequest.Statistics) publicRepresentation(driver, driver.start());
        SampleHolder[] users = others(driver);
        double[] canary = DpSgdCanaryGame.canary(p).statistics(request.clipFeature(), request.clipLabel());
        double[][][] worlds = new double[2][users.length][];
        for (int i = 0; i < users.length; i++) {
            double[] own = i == target ? null : users[i].statistics(request.clipFeature(), request.clipLabel());
            worlds[0][i] = own != null ? own : new double[canary.length];
            worlds[1][i] = own != null ? own : canary;
        }
        TransferRequest.Done done = (TransferRequest.Done) driver.onAnswers(worlds[world]);
        transcript.checkAgainst(done.outcome().releaseLog());
        int packed = PackedSymmetric.length(p);
        double[][] sums = {sum(worlds[0]), sum(worlds[1])};
        return transcript.llr(0, Arrays.copyOf(sums[0], packed), Arrays.copyOf(sums[1], packed))
                + transcript.llr(1, Arrays.copyOfRange(sums[0], packed, packed + p),
                        Arrays.copyOfRange(sums[1], packed, packed + p));
    }

    /** Answers a public representation's moments request, if the run starts with one; the next request. */
    private TransferRequest publicRepresentation(TransferDriver driver, TransferRequest request) {
        return request instanceof TransferRequest.Moments m
                ? driver.onMoments(DpSgdCanaryGame.publicMoments(driver, m, cell.task().publicTasks()))
                : request;
    }

    /** Every user's row through the run's representation, but the target's (null). */
    private SampleHolder[] others(TransferDriver driver) {
        SampleHolder[] users = new SampleHolder[driver.privateSamples()];
        double[] basis = driver.basis();
        for (int i = 0; i < users.length; i++) {
            users[i] = i == target ? null : new SampleHolder(driver.population(), i, basis, driver.featureDimension());
        }
        return users;
    }

    /** Σ_i answers[i], in user order — the curator's order of summation. */
    private static double[] sum(double[][] answers) {
        double[] sum = new double[answers[0].length];
        for (double[] a : answers) {
            for (int k = 0; k < sum.length; k++) {
                sum[k] += a[k];
            }
        }
        return sum;
    }
}
