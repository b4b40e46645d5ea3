package org.privsim.core.family.federated;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.audit.OneRunGame;
import org.privsim.core.audit.SampledGaussianWhiteBox;
import org.privsim.core.data.Populations;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.data.UserStore;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.privacy.Release;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;
import org.privsim.core.sim.RunOutcome;

/**
 * The one-run audit of DP-FedAvg and DP-FedRep (user level, add/remove one user) under the white-box
 * threat model: one run of the family's own curator ({@link FederatedFamily#auditedCurator}: Poisson
 * sampling, clipping bound, noise, ledger, model updates) on the task's n users, of which users
 * 0 … m−1 are the canaries.
 *
 * <p><b>Canaries.</b> Canary c, when included ({@link OneRunGame#included}), answers every round it is
 * sampled in with the update C·e_c — the c-th coordinate axis of the model space at the clipping
 * norm C, so clipping leaves it as it is; excluded, it answers zero, the same output distribution as
 * the user being absent. It is sampled like every user. The m axes are orthogonal (m ≤ the model's
 * dimension is checked by the scenario reader), so a canary moves no other canary's coordinate: the
 * only thing that couples them is the model each round is computed at, which the adversary knows.
 *
 * <p><b>Score.</b> The adversary knows every real user's data and sees each round's record (σ actually
 * added, q) and noisy update sum; at the published model it computes the clipped update sum of the
 * real users the round sampled. In coordinate c the round released that sum, plus C when canary c is
 * included and sampled, plus N(0, σ²); canary c's score is the exact log-likelihood ratio of its
 * coordinate over the rounds, included against excluded:
 * Σ_t ln(1 − q + q·exp(ℓ_t)) ({@link SampledGaussianWhiteBox}), ℓ_t the Gaussian LLR of a shift of C.
 * An injected fault changes the mechanism and so its record, as in {@link FederatedWhiteBoxGame}.
 *
 * <p>Guarantee: {@link #scores} is a pure function of (task, settings, seed, canaries, fault): the
 * population has root seed {@code derive(seed, "audit-one-run")}, which also roots the curator's
 * sampling and noise streams, and the inclusions come from {@code seed} alone. The users are held as the
 * task's {@code population} says ({@link UserStore}: kept once built, or rebuilt per round).
 */
public final class FederatedOneRunGame implements OneRunGame {
    private final FederatedFamily family;
    private final FederatedFamily.Cell cell;
    private final double injected;
    private final long seed;
    private final int canaries;

    /**
     * @param task     the audit's low-rank task (n users, m ≤ n and m ≤ the model's dimension)
     * @param spec     a resolved dp-fedavg or dp-fedrep experiment with one ε
     * @param seed     the game's seed
     * @param canaries m
     * @param inject   a fault injected into the mechanism (noiseMultiplier, ignoreComposition)
     */
    public FederatedOneRunGame(LowRankRegressionTask task, ExperimentSpec spec, long seed, int canaries,
                               Injection inject) {
        AuditedRun run = AuditedRun.of(task, spec, inject);
        this.family = run.family();
        this.cell = run.cell();
        this.injected = run.injected();
        this.seed = seed;
        this.canaries = canaries;
    }

    @Override
    public double[] scores() {
        boolean[] included = new boolean[canaries];
        for (int c = 0; c < canaries; c++) {
            included[c] = OneRunGame.included(seed, c);
        }
        UserPopulation population = new UserStore(Populations.create(cell.task(), RandomStreams.derive(seed,
                "audit-one-run")), cell.shape().users(), cell.shape().population());
        double clip = cell.settings().clipUpdate();
        double[] scores = new double[canaries];
        double[][] others = new double[1][];
        RunCurator<FederatedFamily.Request, double[], RunOutcome> curator = family.auditedCurator(cell, population,
                injected, (record, noisy) -> score(record, noisy, others[0], clip, scores));
        Step<FederatedFamily.Request, RunOutcome> step = curator.start();
        while (step instanceof Step.Ask<FederatedFamily.Request, RunOutcome> ask
                && ask.request() instanceof FederatedFamily.Update update) {
            double[] model = update.model();
            double[] sum = new double[model.length];
            List<double[]> answers = new ArrayList<>(ask.participants().length);
            for (int user : ask.participants()) {
                double[] answer = new double[model.length];
                if (user < canaries) {
                    answer[user] = included[user] ? clip : 0;
                } else {
                    answer = family.clippedUpdate(cell, population.user(user), model);
                    for (int p = 0; p < sum.length; p++) {
                        sum[p] += answer[p];
                    }
                }
                answers.add(answer);
            }
            others[0] = sum;
            step = curator.onAnswers(answers);
        }
        return scores;
    }

    /** Adds each canary's log-likelihood ratio of one round's release to its score. */
    private static void score(Release record, double[] noisy, double[] others, double clip, double[] scores) {
        for (int c = 0; c < scores.length; c++) {
            scores[c] += SampledGaussianWhiteBox.View.of(record, new double[] {others[c]},
                    new double[] {others[c] + clip}).llr(new double[] {noisy[c]});
        }
    }
}
