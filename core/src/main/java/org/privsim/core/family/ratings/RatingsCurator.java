package org.privsim.core.family.ratings;

import static org.privsim.core.family.ratings.RatingsFamily.COUNTS;
import static org.privsim.core.family.ratings.RatingsFamily.GLOBAL;
import static org.privsim.core.family.ratings.RatingsFamily.GRAM;
import static org.privsim.core.family.ratings.RatingsFamily.MOMENT;
import static org.privsim.core.family.ratings.RatingsFamily.SUMS;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.privsim.core.family.ratings.RatingsAnswer.Mean;
import org.privsim.core.family.ratings.RatingsAnswer.Ratings;
import org.privsim.core.family.ratings.RatingsAnswer.Score;
import org.privsim.core.family.ratings.RatingsFamily.Cell;
import org.privsim.core.family.ratings.RatingsFamily.Context;
import org.privsim.core.family.ratings.RatingsFamily.Outcome;
import org.privsim.core.family.ratings.RatingsRequest.Collect;
import org.privsim.core.family.ratings.RatingsRequest.Constant;
import org.privsim.core.family.ratings.RatingsRequest.Contribute;
import org.privsim.core.family.ratings.RatingsRequest.Evaluate;
import org.privsim.core.family.ratings.RatingsRequest.Factors;
import org.privsim.core.family.ratings.RatingsRequest.ItemMeans;
import org.privsim.core.family.ratings.RatingsRequest.OwnMean;
import org.privsim.core.family.ratings.RatingsRequest.UserMean;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.privacy.GaussianMechanism;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.privacy.ReleaseTap;
import org.privsim.core.privacy.Zcdp;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.RatingsSettings;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;

/**
 * The curator of one ratings run: asks, sums in answer order, charges the ledger, adds the Gaussian
 * noise of each release and publishes item factors or means. Guarantee: the run's bits are a function
 * of (cell, context); an injected fault changes only the σ added (and a tap only observes).
 */
final class RatingsCurator implements RunCurator<RatingsRequest, RatingsAnswer, Outcome> {
    private final Cell cell;
    private final Context context;
    private final RatingsSettings settings;
    private final Algorithm algorithm;
    private final int users;
    private final int items;
    private final Ledger ledger;
    private double[] factors;
    private int round;
    private Integer flooredItems;
    /** The item means' centre: c, or for item-mean-dp c plus the released mean user residual. */
    private double center;
    private final Injection inject;
    private final ReleaseTap tap;

    RatingsCurator(Cell cell, Context context, Injection inject, ReleaseTap tap) {
        this.cell = cell;
        this.context = context;
        this.inject = inject;
        this.tap = tap;
        this.settings = cell.settings();
        this.algorithm = cell.spec().algorithm();
        this.users = context.source().users();
        this.items = context.source().items();
        this.ledger = cell.epsilon() == null ? null : Ledger.zcdp(users, cell.rho());
        this.center = cell.task().center();
    }

    /**
     * Charges every user one Gaussian release of kind {@code kind} (replace-one, zCDP ρ of the kind) and
     * returns the record, whose σ is the one to add: the kind's, unless a fault is injected
     * ({@code ignoreComposition}: calibrated to the whole ρ; {@code noiseMultiplier}: × it).
     */
    private Release charge(int round, String name, RatingsResult.Release kind) {
        double sigma = kind.sigma();
        if (inject.ignoreComposition()) {
            sigma = Zcdp.sigmaForRho(kind.sensitivity(), cell.rho());
        }
        if (inject.noiseMultiplier() != 1) {
            sigma *= inject.noiseMultiplier();
        }
        return ledger.chargeAll(Release.gaussian(round, name, Release.Relation.REPLACE_ONE, kind.sensitivity(),
                sigma, kind.rho(), users));
    }

    private void tap(Release record, double[] released) {
        if (tap != null) {
            tap.released(record, released);
        }
    }

    @Override
    public Step<RatingsRequest, Outcome> start() {
        return switch (algorithm) {
            case OWN_DATA -> Step.askAll(users, new Evaluate(new OwnMean(0)));
            case GLOBAL_MEAN, ITEM_MEAN -> Step.askAll(users, new Collect(0, cell.task().center()));
            case ITEM_MEAN_DP -> Step.askAll(users, new UserMean(cell.task().center()));
            case PRIV_ALTMIN, NON_PRIVATE_ALTMIN -> {
                factors = initialFactors();
                round = 1;
                yield Step.askAll(users, new Contribute(round, factors.clone()));
            }
            default -> throw new IllegalStateException(algorithm.id() + " does not run on a ratings task");
        };
    }

    @Override
    public Step<RatingsRequest, Outcome> onAnswers(List<RatingsAnswer> answers) {
        if (answers.get(0) instanceof Score) {
            List<Score> scores = new ArrayList<>(answers.size());
            answers.forEach(a -> scores.add((Score) a));
            return new Step.Done<>(RatingsStatistics.outcome(scores, ledger == null ? null : ledger.maxSpent(), flooredItems,
                    ledger == null ? ReleaseLog.NONE : ledger.log()));
        }
        if (answers.get(0) instanceof Mean) {
            double sum = RatingsStatistics.globalSum(answers);
            Release global = charge(0, GLOBAL, cell.release(GLOBAL));
            double noisy = sum + global.sigma() * noise("ratings-noise-global", 0).nextGaussian();
            tap(global, new double[] {noisy});
            center = cell.task().center() + noisy / users;
            return Step.askAll(users, new Collect(1, center));
        }
        if (algorithm == Algorithm.GLOBAL_MEAN) {
            double sum = 0;
            long count = 0;
            for (RatingsAnswer a : answers) {
                for (double y : ((Ratings) a).residuals()) {
                    sum += y;
                }
                count += ((Ratings) a).items().length;
            }
            return Step.askAll(users, new Evaluate(new Constant(cell.task().center() + sum / count)));
        }
        if (algorithm == Algorithm.ITEM_MEAN || algorithm == Algorithm.ITEM_MEAN_DP) {
            return Step.askAll(users, new Evaluate(new ItemMeans(itemMeans(answers))));
        }
        ItemStatistics statistics = RatingsStatistics.itemStatistics(items, settings.rank() + 1, answers);
        ItemStatistics.Solution solution;
        if (ledger == null) {
            solution = statistics.solve(settings.ridge(), 0, null, 0, null);
        } else {
            Release gram = charge(round, GRAM, cell.release(GRAM));
            Release moment = charge(round, MOMENT, cell.release(MOMENT));
            ItemStatistics.Released released = tap == null ? null : ItemStatistics.Released.zeros(items, settings.rank() + 1);
            solution = statistics.solve(settings.ridge(), gram.sigma(), noise("ratings-noise-gram", round),
                    moment.sigma(), noise("ratings-noise-moment", round), released);
            if (released != null) {
                tap(gram, released.grams());
                tap(moment, released.moments());
            }
            flooredItems = solution.flooredItems();
        }
        factors = solution.factors();
        if (round == settings.rounds()) {
            return Step.askAll(users, new Evaluate(new Factors(factors.clone())));
        }
        round++;
        return Step.askAll(users, new Contribute(round, factors.clone()));
    }

    /**
     * Per item, o + m̄ + C⁺(S_i − C⁺m̄) / (C⁺(C⁺ + κ) + κσ_S²/ζ²), with o the residuals' offset, S_i and
     * C_i the item's (noisy) residual sum and count, C⁺ = max(C_i, 0): the Bayesian linear shrinkage of
     * the item's mean residual towards m̄ under a prior of variance ζ²/κ, within-item variance ζ² and
     * the sum's noise variance σ_S² (0 without noise, where it is (S_i + κm̄)/(C_i + κ)). Non-private:
     * m̄ = ΣS / ΣC; item-mean-dp: o already holds the released global mean, so m̄ = 0 (post-processing
     * of the releases). An item whose denominator is 0 gets o + m̄.
     */
    private double[] itemMeans(List<RatingsAnswer> answers) {
        double[] counts = RatingsStatistics.itemCounts(items, answers);
        double[] sums = RatingsStatistics.itemSums(items, answers);
        if (ledger != null) {
            Release count = charge(1, COUNTS, cell.release(COUNTS));
            Release sum = charge(1, SUMS, cell.release(SUMS));
            counts = GaussianMechanism.addNoise(counts, count.sigma(), noise("ratings-noise-counts", 1));
            sums = GaussianMechanism.addNoise(sums, sum.sigma(), noise("ratings-noise-sums", 1));
            tap(count, counts.clone());
            tap(sum, sums.clone());
        }
        double totalSum = 0;
        double totalCount = 0;
        for (int i = 0; i < items; i++) {
            totalSum += sums[i];
            totalCount += counts[i];
        }
        double mean = ledger != null || totalCount <= 0 ? 0 : totalSum / totalCount;
        double kappa = settings.ridge();
        double noise = 0;
        if (ledger != null) {
            // the prior's noise term: the calibrated σ_S (a fault injected into the noise changes what is
            // added, not what the curator believes it added)
            double ratio = cell.release(SUMS).sigma() / settings.clipRating();
            noise = kappa * ratio * ratio;
        }
        double c = center;
        double[] means = new double[items];
        for (int i = 0; i < items; i++) {
            double count = Math.max(counts[i], 0);
            double denominator = count * (count + kappa) + noise;
            means[i] = c + mean + (denominator > 0 ? count * (sums[i] - count * mean) / denominator : 0);
        }
        return means;
    }

    /**
     * Random N(0, INIT_SCALE²) factors and zero biases, independent of the data and the same for every
     * altmin experiment of rank k in a repeat (stream (repeat seed, "ratings-init", k)), so that
     * experiments are compared from one starting point.
     */
    private double[] initialFactors() {
        int width = settings.rank() + 1;
        double[] u = new double[items * width];
        SplittableRandom rng = RandomStreams.stream(context.repeatSeed(), "ratings-init", settings.rank());
        for (int i = 0; i < items; i++) {
            for (int p = 0; p < width - 1; p++) {
                u[i * width + p] = RatingsSettings.INIT_SCALE * rng.nextGaussian();
            }
        }
        return u;
    }

    private SplittableRandom noise(String purpose, int t) {
        return RandomStreams.stream(context.repeatSeed(), purpose, cell.experiment(), cell.epsilonIndex(), t);
    }
}
