package org.privsim.core.family.federated;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.privsim.core.audit.CorrelatedWhiteBox;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.ReplaceOneSampledWhiteBox;
import org.privsim.core.audit.SampledGaussianWhiteBox;
import org.privsim.core.data.Populations;
import org.privsim.core.data.UserDataset;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.mechanism.BandedRun;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.mechanism.TreeAggregationRun;
import org.privsim.core.privacy.Release;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.FedAvgSettings;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;
import org.privsim.core.sim.RunOutcome;

/**
 * The canary game of DP-FedAvg and DP-FedRep (user-level DP, add/remove one user) under the
 * white-box threat model, scored from the recorded releases: the adversary knows every other user's
 * data, sees each round's noisy update sum itself and knows everything but whether the canary user
 * is present.
 *
 * <p><b>Worlds.</b> The run is the family's own curator ({@link FederatedFamily#auditedCurator}: its
 * Poisson sampling, clipping, noise, ledger and model updates) on the low-rank population of the
 * trial. In world 1 the target user is the canary: its own features with every label 10⁶, so its
 * local update is far longer than C and is clipped to norm C every round; in world 0 the target
 * answers a zero update — the same output distribution as the user leaving.
 *
 * <p><b>Score.</b> Per round, from the round's record (σ actually added, q) and what the mechanism
 * side computes at the published model: the clipped update sum of the other sampled users (summed in
 * ask order) and that plus the canary's clipped update; the observed value is the round's released
 * noisy sum. The score is {@link SampledGaussianWhiteBox#llr} over the rounds — the exact
 * log-likelihood ratio of the transcript (each model is computed from the realised releases). An
 * injected fault changes the mechanism and so its record: {@code noiseMultiplier} scales the noise,
 * {@code ignoreComposition} calibrates every round as if it alone spent (ε, δ) — σ₁, the noise
 * multiplier of one Poisson-subsampled Gaussian round at rate q meeting (ε, δ) — while the ledger
 * keeps charging the T rounds at the calibrated σ.
 *
 * <p><b>Fixed cohorts</b> (replace-one): the target is a user in both worlds, answering the canary's
 * clipped update c in world 1 and −c in world 0 (antipodal canaries); the score is
 * {@link ReplaceOneSampledWhiteBox#llr} over the rounds, from the others' sum and c.
 * <b>Adaptive clipping</b>: every answer carries its bit; the canary's is 0 (its update exceeds every
 * clip), so the count is the same in both worlds and the score reads the update sums as above.
 * <p><b>Correlated noise.</b> With {@code noise: tree} the adversary observes the noisy tree nodes and
 * knows the public partition (so whether the canary's round lies in each node); with
 * {@code noise: banded} it whitens the released sums by C and mixes over the canary partition's
 * sampling once per cycle ({@link CorrelatedWhiteBox}: the exact likelihood ratio of the transcript).
 * {@code ignoreComposition} then calibrates every round as if one tree node, or one cycle's sampled
 * step, spent (ε, δ) alone.
 *
 * <p>Guarantee: {@link #score} is a pure function of (trial, world): trial r runs on the population
 * of root seed {@code derive(seed, "audit-federated-trial", r)}, whose seed also roots the curator's
 * sampling and noise streams. Immutable after construction, so trials may run concurrently.
 */
public final class FederatedWhiteBoxGame implements DistinguishingGame {
    /** Every label of the canary user. */
    static final double CANARY_LABEL = 1e6;

    private final FederatedFamily family;
    private final FederatedFamily.Cell cell;
    private final double injected;
    private final long seed;
    private final int target;

    /**
     * @param task   the audit's low-rank task
     * @param spec   a resolved dp-fedavg or dp-fedrep experiment with one ε
     * @param seed   root seed of the trials
     * @param target the target user, in [0, n)
     * @param inject a fault injected into the mechanism (noiseMultiplier, ignoreComposition)
     */
    public FederatedWhiteBoxGame(LowRankRegressionTask task, ExperimentSpec spec, long seed, int target,
                                 Injection inject) {
        AuditedRun run = AuditedRun.of(task, spec, inject);
        this.family = run.family();
        this.cell = run.cell();
        this.injected = run.injected();
        this.seed = seed;
        this.target = target;
    }

    @Override
    public double score(int trial, int world) {
        DistinguishingGame.checkTrial(trial, world);
        UserPopulation population = Populations.create(cell.task(),
                RandomStreams.derive(seed, "audit-federated-trial", trial));
        UserDataset[] users = new UserDataset[cell.shape().users()];
        UserDataset own = population.user(target);
        double[] labels = new double[own.y().length];
        Arrays.fill(labels, CANARY_LABEL);
        UserDataset canary = new UserDataset(own.user(), own.dimension(), own.x(), labels, null, null);
        boolean replaceOne = cell.calibration().cohort() != null;
        List<Release> records = new ArrayList<>();
        List<double[]> observed = new ArrayList<>();
        List<double[]> withouts = new ArrayList<>();
        List<double[]> contributions = new ArrayList<>();
        List<Boolean> joined = new ArrayList<>();
        double[][] pending = new double[2][];
        boolean[] pendingJoined = new boolean[1];
        RunCurator<FederatedFamily.Request, double[], RunOutcome> curator = family.auditedCurator(cell, population,
                injected, (record, noisy) -> {
                    records.add(record);
                    observed.add(noisy);
                    withouts.add(pending[0]);
                    contributions.add(pending[1]);
                    joined.add(pendingJoined[0]);
                });
        Step<FederatedFamily.Request, RunOutcome> step = curator.start();
        while (step instanceof Step.Ask<FederatedFamily.Request, RunOutcome> ask
                && ask.request() instanceof FederatedFamily.Update update) {
            double[] model = update.model();
            double[] contribution = family.answer(cell, canary, update);
            double[] without = new double[model.length];
            List<double[]> answers = new ArrayList<>(ask.participants().length);
            pendingJoined[0] = false;
            for (int user : ask.participants()) {
                if (user == target) {
                    answers.add(world == 1 ? contribution : replaceOne ? negated(contribution)
                            : new double[contribution.length]);
                    pendingJoined[0] = true;
                    continue;
                }
                if (users[user] == null) {
                    users[user] = population.user(user);
                }
                double[] answer = family.answer(cell, users[user], update);
                for (int p = 0; p < without.length; p++) {
                    without[p] += answer[p];
                }
                answers.add(answer);
            }
            pending[0] = without;
            pending[1] = replaceOne ? Arrays.copyOf(contribution, model.length) : contribution;
            step = curator.onAnswers(answers);
        }
        return score(records, observed, withouts, contributions, joined, replaceOne);
    }

    private static double[] negated(double[] v) {
        double[] out = new double[v.length];
        for (int p = 0; p < v.length; p++) {
            out[p] = -v[p];
        }
        return out;
    }

    /**
     * The exact LLR of the transcript under the run's noise ({@link SampledGaussianWhiteBox},
     * {@link ReplaceOneSampledWhiteBox} for fixed cohorts, {@link CorrelatedWhiteBox}).
     */
    private double score(List<Release> records, List<double[]> observed, List<double[]> withouts,
                         List<double[]> contributions, List<Boolean> joined, boolean replaceOne) {
        FedAvgSettings s = cell.settings();
        int rounds = records.size();
        switch (s.noise()) {
            case TREE -> {
                double[] sigma = new double[rounds];
                int[] start = new int[rounds];
                List<double[]> canary = new ArrayList<>();
                for (int t = 0; t < rounds; t++) {
                    sigma[t] = records.get(t).sigma();
                    start[t] = TreeAggregationRun.nodeStart(t + 1, cell.calibration().stepsPerEpoch()) - 1;
                    canary.add(joined.get(t) ? contributions.get(t) : null);
                }
                return CorrelatedWhiteBox.tree(sigma, start, withouts, canary, observed);
            }
            case BANDED -> {
                boolean[] canaryRound = new boolean[rounds];
                for (int t = 0; t < rounds; t++) {
                    canaryRound[t] = t % s.bands() == target % s.bands();
                }
                return CorrelatedWhiteBox.banded(BandedRun.coefficients(s.bands()), cell.calibration().samplingRate(),
                        canaryRound, records.get(0).sigma(), withouts, contributions, observed);
            }
            default -> {
                if (replaceOne) {
                    List<ReplaceOneSampledWhiteBox.View> views = new ArrayList<>();
                    for (int t = 0; t < rounds; t++) {
                        views.add(ReplaceOneSampledWhiteBox.View.of(records.get(t), withouts.get(t),
                                contributions.get(t)));
                    }
                    return ReplaceOneSampledWhiteBox.llr(views, observed);
                }
                List<SampledGaussianWhiteBox.View> views = new ArrayList<>();
                for (int t = 0; t < rounds; t++) {
                    double[] without = withouts.get(t);
                    double[] with = without.clone();
                    for (int p = 0; p < with.length; p++) {
                        with[p] += contributions.get(t)[p];
                    }
                    views.add(SampledGaussianWhiteBox.View.of(records.get(t), without, with));
                }
                return SampledGaussianWhiteBox.llr(views, observed);
            }
        }
    }
}
