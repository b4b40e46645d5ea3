package org.privsim.core.family.ratings;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.LowRankWhiteBox;
import org.privsim.core.audit.ReleaseTranscript;
import org.privsim.core.data.UserRatings;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.random.Sampling;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.RatingsSettings;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;

/**
 * The canary game of private matrix completion on a synthetic {@code ratings} task ({@code priv-altmin}
 * and {@code item-mean-dp}, user level, replace-one, zCDP) under the white-box threat model, scored
 * from the recorded releases: the adversary knows every other user's ratings, sees every noisy release
 * with the record the ledger charged (the σ actually added) and knows everything but which of two
 * neighbouring users the target is.
 *
 * <p><b>Worlds.</b> Trial r is repeat 0 of the audited cell under root seed {@code derive(seed,
 * "audit-ratings-white-box-trial", r)} — the family's own curator ({@link RatingsFamily#auditedCurator}:
 * its split, sampling, noise and ledger) on the task's synthetic ratings of that repeat — except for
 * the target. Two disjoint sets I₁, I₀ of L = maxRatingsPerUser items are drawn from the seed alone
 * (stream {@code "audit-ratings-canary-items"}). In world 1 the target trains on I₁, every rating
 * c + {@value #RATING_SCALE}·ζ; in world 0 on I₀, every rating c − {@value #RATING_SCALE}·ζ (each also
 * holds one held-out rating, which nothing released reads). Exactly L training ratings, so its sample
 * is all of them. Every user, the target included, answers with the family's own user code (each
 * user's split computed once per trial); the final evaluation, which releases nothing, is answered
 * with placeholder errors.
 *
 * <p><b>Score.</b> For every request the curator made (whose fields — the published factors, the
 * released centre — the adversary observed), both worlds' answers differ only in the target's; the
 * adversary computes each release's pre-noise value in both worlds with the curator's own arithmetic
 * ({@link RatingsStatistics#statistics}) and sums the releases' exact Gaussian log-likelihood ratios at their
 * records' σ ({@link ReleaseTranscript}, checked against the ledger's log). Round t's statistics depend
 * on the factors computed from earlier noisy releases; computing both worlds at the realised factors
 * gives each release's conditional density, so by the chain rule the sum is the likelihood ratio of the
 * whole transcript (as in {@link LowRankWhiteBox}).
 *
 * <p><b>Shifts.</b> The canary's clipped contribution is at the bounds: its mean residual is ±ζ (the
 * whole 2ζ of the global sum); in every Collect its residuals are ±ζ; in every priv-altmin round its
 * ridge head (λ &gt; 0) has bias b ∈ (0, H) for ratings c + H — so residuals H − b ≥ Hλ/(L + λ) ≫ ζ, clipped
 * to ζ — and a factor v ∝ H far longer than R, clipped to norm R: w = (R·v̂, 1), ‖w‖² = η² = R² + 1.
 * Disjoint items make the counts and A move by their whole sensitivity (√(2L); per item w wᵀ, whose
 * upper triangle has squared norm (η⁴ + Σ_p w_p⁴)/2 — (η⁴ + 1 + R⁴)/2 at rank 1, where v̂ = ±1), the
 * sums and b by 1/√2 of theirs (the sensitivities' worst cases need the same items for b and disjoint
 * ones for A, so no pair attains both; disjoint items give the larger sum). For the correct mechanism
 * the score is N(±μ²/2, μ²) (+ in world 1) with
 *
 * <pre>  item-mean-dp:          μ² = 2ρ_global + 2ρ_counts + ρ_sums = (2·0.1 + 3·0.45)·ρ = 1.55ρ
 *  priv-altmin (rank 1):  μ² = Σ_t [2ρ_A,t·(1 + R² + R⁴)/(1 + R²)² + ρ_b,t]
 *                            = ρ·[2s(1 + R² + R⁴)/(1 + R²)² + 1 − s]   (1.25ρ at R = 1, s = ½)</pre>
 *
 * <p>(s the roundBudgetSplit). At rank k &gt; 1, Σ_p v̂_p⁴ ∈ [1/k, 1] follows the realised factors, so μ²
 * varies by round within those bounds. An injected fault changes the mechanism and so its records:
 * {@code noiseMultiplier} k divides μ² by k², {@code ignoreComposition} calibrates each release to the
 * whole ρ (item-mean-dp: μ² = 5ρ; priv-altmin: T·ρ·[2(1 + R² + R⁴)/(1 + R²)² + 1]), and
 * {@code skipClipping} lets the canary's ratings through unclipped.
 *
 * <p>Guarantee: {@link #score} is a pure function of (trial, world); immutable after construction, so
 * trials may run concurrently.
 */
public final class RatingsWhiteBoxGame implements DistinguishingGame {
    /** |r − c| of the canary's ratings, in units of ζ: far beyond every clip bound. */
    static final double RATING_SCALE = 1e9;
    /** Every user's answer to the final evaluation, which releases nothing: its error is not computed. */
    private static final RatingsAnswer.Score UNSCORED = new RatingsAnswer.Score(1, 1, 0);

    private final RatingsFamily.Cell cell;
    private final long seed;
    private final int target;
    private final Injection inject;
    /** The target's training and held-out ratings in world 0 and world 1. */
    private final UserRatings.Split[] canary;

    /**
     * @param task   the audit's synthetic ratings task
     * @param spec   a resolved priv-altmin or item-mean-dp experiment with one ε
     * @param seed   root seed of the canary items and the trials
     * @param target the target user, in [0, users)
     * @param inject a fault injected into the mechanism
     */
    public RatingsWhiteBoxGame(RatingsTask task, ExperimentSpec spec, long seed, int target, Injection inject) {
        if (spec.algorithm() != Algorithm.PRIV_ALTMIN && spec.algorithm() != Algorithm.ITEM_MEAN_DP) {
            throw new IllegalArgumentException("the game audits priv-altmin or item-mean-dp, got "
                    + spec.algorithm().id());
        }
        if (!task.synthetic()) {
            throw new IllegalArgumentException("the game plays on synthetic ratings, not " + task.path());
        }
        if (target < 0 || target >= task.users()) {
            throw new IllegalArgumentException("target " + target + " is not in [0, " + task.users() + ")");
        }
        RatingsSettings s = spec.settings(RatingsSettings.class);
        int limit = s.maxRatingsPerUser();
        if (2L * limit > task.items()) {
            throw new IllegalArgumentException("the canary pair rates 2L = " + 2L * limit + " distinct items, but the"
                    + " task has " + task.items());
        }
        this.cell = RatingsFamily.auditCell(task, spec);
        this.seed = seed;
        this.target = target;
        this.inject = inject;
        int[] items = Sampling.distinct(task.items(), 2 * limit, RandomStreams.stream(seed, "audit-ratings-canary-items"));
        int[] world1 = Arrays.copyOfRange(items, 0, limit);
        int[] world0 = Arrays.copyOfRange(items, limit, 2 * limit);
        double shift = RATING_SCALE * s.clipRating();
        this.canary = new UserRatings.Split[] {
            canary(world0, task.center() - shift, world1[0], task.center()),
            canary(world1, task.center() + shift, world0[0], task.center())};
    }

    @Override
    public double score(int trial, int world) {
        DistinguishingGame.checkTrial(trial, world);
        RatingsFamily family = RatingsFamily.INSTANCE;
        RatingsFamily.Context context = family.context(cell, 0,
                RandomStreams.derive(seed, "audit-ratings-white-box-trial", trial));
        ReleaseTranscript transcript = new ReleaseTranscript();
        RunCurator<RatingsRequest, RatingsAnswer, RatingsFamily.Outcome> curator =
                family.auditedCurator(cell, context, inject, transcript);
        UserRatings.Split[] splits = new UserRatings.Split[cell.task().users()];
        Step<RatingsRequest, RatingsFamily.Outcome> step = curator.start();
        double llr = 0;
        while (step instanceof Step.Ask<RatingsRequest, RatingsFamily.Outcome> ask) {
            RatingsRequest request = ask.request();
            List<RatingsAnswer> played = new ArrayList<>(ask.participants().length);
            int at = -1;
            for (int user : ask.participants()) {
                if (request instanceof RatingsRequest.Evaluate) {
                    played.add(UNSCORED);
                    continue;
                }
                if (user == target) {
                    at = played.size();
                    played.add(RatingsUser.answer(cell, context, user, canary[world], request, inject));
                    continue;
                }
                if (splits[user] == null) {
                    splits[user] = context.source().user(user).split(context.repeatSeed(), user,
                            cell.task().testFraction());
                }
                played.add(RatingsUser.answer(cell, context, user, splits[user], request, inject));
            }
            int from = transcript.size();
            step = curator.onAnswers(played);
            if (transcript.size() == from) {
                continue;
            }
            List<RatingsAnswer> other = new ArrayList<>(played);
            other.set(at, RatingsUser.answer(cell, context, target, canary[1 - world], request, inject));
            Map<String, double[]> world0 = RatingsStatistics.statistics(cell, world == 0 ? played : other);
            Map<String, double[]> world1 = RatingsStatistics.statistics(cell, world == 1 ? played : other);
            List<ReleaseTranscript.Entry> entries = transcript.entries();
            for (int r = from; r < entries.size(); r++) {
                String name = entries.get(r).record().name();
                llr += transcript.llr(r, world0.get(name), world1.get(name));
            }
        }
        transcript.checkAgainst(((Step.Done<RatingsRequest, RatingsFamily.Outcome>) step).outcome().releases());
        return llr;
    }

    /** Training ratings {@code rating} on {@code items} (ascending), one held-out rating {@code testRating} on {@code testItem}. */
    private static UserRatings.Split canary(int[] items, double rating, int testItem, double testRating) {
        int[] sorted = items.clone();
        Arrays.sort(sorted);
        double[] ratings = new double[sorted.length];
        Arrays.fill(ratings, rating);
        return new UserRatings.Split(new UserRatings(sorted, ratings),
                new UserRatings(new int[] {testItem}, new double[] {testRating}));
    }
}
