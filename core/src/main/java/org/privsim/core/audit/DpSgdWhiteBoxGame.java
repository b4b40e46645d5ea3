package org.privsim.core.audit;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.TransferRegressionTask;
import org.privsim.core.transfer.SampleHolder;
import org.privsim.core.transfer.TransferDriver;
import org.privsim.core.transfer.TransferRequest;
import org.privsim.core.transfer.TransferRunPlan;

/**
 * The canary game of DP-SGD under the white-box threat model, scored from the recorded releases:
 * the adversary knows every other user's row and sees each step's noisy gradient sum itself, and
 * knows everything but whether the canary is present.
 *
 * <p><b>Worlds.</b> Every user but the target holds its row of the audit population (seed of the
 * trial, as an experiment's repeat 0), seen through the run's representation. In world 1 the target
 * holds the canary row of {@link DpSgdCanaryGame} (x' = 10³·e₁, y = −10⁹: a gradient clipped to C·e₁
 * at every step); in world 0 a zero row, whose gradient is 0 — the same output distribution as the
 * target leaving (DP-SGD's add/remove neighbour).
 *
 * <p><b>Score.</b> Per step s, from the step's record ({@link TransferDriver#stepRelease}: the σ
 * actually added and q) and what the mechanism side computes at the published model w_s: the
 * pre-noise sum without the canary m⁰_s (the other sampled users' clipped gradients, summed in sample
 * order) and with it m¹_s = m⁰_s + the canary's clipped gradient; the observed value is the step's
 * noisy sum ({@link TransferDriver#released}). The score is {@link SampledGaussianWhiteBox#llr} — the
 * exact log-likelihood ratio of the whole transcript (the models are computed from the realised
 * releases, so the chain rule applies). An injected fault changes the mechanism and so its record:
 * the adversary scores with the σ actually added.
 *
 * <p>Guarantee: {@link #score} is a pure function of (trial, world): trial r runs the ordinary
 * {@link TransferDriver} (its Poisson sampling, noise and ledger) with root seed
 * {@code derive(seed, "audit-dpsgd-white-box-trial", r)}. Immutable after construction, so trials may
 * run concurrently.
 */
public final class DpSgdWhiteBoxGame implements DistinguishingGame {
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
    public DpSgdWhiteBoxGame(TransferRegressionTask task, ExperimentSpec spec, long seed, int target,
                             Injection inject) {
        this.cell = TransferRunPlan.audited(task, spec, inject);
        this.seed = seed;
        this.target = target;
    }

    @Override
    public double score(int trial, int world) {
        DistinguishingGame.checkTrial(trial, world);
        TransferDriver driver = new TransferDriver(cell, 0,
                RandomStreams.derive(seed, "audit-dpsgd-white-box-trial", trial));
        int p = driver.featureDimension();
        SampleHolder canary = DpSgdCanaryGame.canary(p);
        SampleHolder[] users = null;
        List<SampledGaussianWhiteBox.View> views = new ArrayList<>();
        List<double[]> observed = new ArrayList<>();
        TransferRequest request = driver.start();
        while (!(request instanceof TransferRequest.Done)) {
            if (request instanceof TransferRequest.Moments m) {
                request = driver.onMoments(DpSgdCanaryGame.publicMoments(driver, m, cell.task().publicTasks()));
                continue;
            }
            TransferRequest.Gradients g = (TransferRequest.Gradients) request;
            if (users == null) {
                users = new SampleHolder[driver.privateSamples()];
                double[] basis = driver.basis();
                for (int i = 0; i < users.length; i++) {
                    users[i] = i == target ? null : new SampleHolder(driver.population(), i, basis, p);
                }
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
}
