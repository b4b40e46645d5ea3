package org.privsim.core.family.transfer;

import org.privsim.core.audit.OneRunGame;
import org.privsim.core.audit.SampledGaussianWhiteBox;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.privacy.Release;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.TransferRegressionTask;

/**
 * The one-run audit of DP-SGD (add/remove one private sample) under the white-box threat model: one run
 * of the ordinary {@link TransferDriver} (Poisson sampling, clipping, noise, ledger) on the task's n₂
 * private samples, of which samples 0 … m−1 are the canaries.
 *
 * <p><b>Canaries.</b> Canary c, when included ({@link OneRunGame#included}), holds the row x' = 10³·e_c,
 * y = −10⁹ — {@link DpSgdCanaryGame}'s canary moved to coordinate c — whose gradient, clipped by the
 * ordinary {@link SampleHolder}, is C·e_c at every step while |w_c| &lt; 10⁶; excluded, it holds a zero
 * row, whose gradient is zero (the same output distribution as the sample being absent). The m axes
 * are orthogonal (m ≤ the feature dimension p is checked by the scenario reader; p = d needs
 * {@code representation: none}), so no canary moves another's coordinate.
 *
 * <p><b>Score.</b> The adversary knows every real sample's row and sees each step's record (σ actually
 * added, q) and noisy gradient sum; at the published model it computes the clipped gradient sum of
 * the real samples the step drew. Canary c's score is the exact log-likelihood ratio of coordinate c
 * over the steps, included against excluded: Σ_s ln(1 − q + q·exp(ℓ_s)) ({@link SampledGaussianWhiteBox}),
 * ℓ_s the Gaussian LLR of a shift of C. An injected fault changes the mechanism and so its record.
 *
 * <p>Guarantee: {@link #scores} is a pure function of (task, settings, seed, canaries, fault): the run
 * has root seed {@code derive(seed, "audit-dpsgd-one-run")}, and the inclusions come from {@code seed}
 * alone.
 */
public final class DpSgdOneRunGame implements OneRunGame {
    private final TransferRunPlan cell;
    private final long seed;
    private final int canaries;

    /**
     * @param task     the audit's task (its first n₁ and only n₂; m ≤ n₂ and m ≤ p)
     * @param spec     a resolved dp-sgd experiment with one ε
     * @param seed     the game's seed
     * @param canaries m
     * @param inject   a fault injected into the mechanism
     */
    public DpSgdOneRunGame(TransferRegressionTask task, ExperimentSpec spec, long seed, int canaries, Injection inject) {
        this.cell = TransferRunPlan.audited(task, spec, inject);
        this.seed = seed;
        this.canaries = canaries;
    }

    @Override
    public double[] scores() {
        TransferDriver driver = new TransferDriver(cell, 0, RandomStreams.derive(seed, "audit-dpsgd-one-run"));
        int p = driver.featureDimension();
        SampleHolder[] rows = null;
        double[] scores = new double[canaries];
        TransferRequest request = driver.start();
        if (request instanceof TransferRequest.Moments m) {
            request = driver.onMoments(DpSgdCanaryGame.publicMoments(driver, m, cell.task().publicTasks()));
        }
        while (!(request instanceof TransferRequest.Done)) {
            TransferRequest.Gradients g = (TransferRequest.Gradients) request;
            if (rows == null) {
                rows = rows(driver);
            }
            double[] others = new double[p];
            double[][] answers = new double[g.users().length][];
            for (int a = 0; a < answers.length; a++) {
                int user = g.users()[a];
                answers[a] = rows[user].gradient(g.model(), g.clip());
                if (user >= canaries) {
                    for (int k = 0; k < p; k++) {
                        others[k] += answers[a][k];
                    }
                }
            }
            double clip = g.clip();
            request = driver.onAnswers(answers);
            Release record = driver.stepRelease();
            double[] released = driver.released();
            for (int c = 0; c < canaries; c++) {
                scores[c] += SampledGaussianWhiteBox.View.of(record, new double[] {others[c]},
                        new double[] {others[c] + clip}).llr(new double[] {released[c]});
            }
        }
        return scores;
    }

    /** Every sample's row through the run's representation; the canaries' crafted or zero rows first. */
    private SampleHolder[] rows(TransferDriver driver) {
        int p = driver.featureDimension();
        SampleHolder[] rows = new SampleHolder[driver.privateSamples()];
        double[] basis = driver.basis();
        for (int i = 0; i < rows.length; i++) {
            if (i < canaries) {
                double[] features = new double[p];
                boolean in = OneRunGame.included(seed, i);
                features[i] = in ? DpSgdCanaryGame.CANARY_FEATURE : 0;
                rows[i] = new SampleHolder(features, in ? DpSgdCanaryGame.CANARY_LABEL : 0);
            } else {
                rows[i] = new SampleHolder(driver.population(), i, basis, p);
            }
        }
        return rows;
    }
}
