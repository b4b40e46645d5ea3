package org.privsim.core.family.ratings;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.data.RatingsSource;
import org.privsim.core.data.UserRatings;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.privacy.ReleaseTap;
import org.privsim.core.privacy.Zcdp;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.RepeatStatistics;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.RatingsSettings;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.Spread;
import org.privsim.core.seam.RunCurator;

/**
 * Matrix completion on a {@code ratings} task as a {@link Family}: every experiment of a scenario
 * whose task is {@code ratings} — priv-altmin and non-private-altmin in their sparse (per-item) form,
 * own-data, global-mean, item-mean and item-mean-dp. A cell is one experiment at one ε; its runs are
 * its repeats (repeat r: seed {@link org.privsim.core.sim.RunKey#repeatSeed}, a fresh train/test
 * split of every user's ratings, and for a synthetic task fresh ratings); the participants are the n
 * users, each reading or regenerating its ratings per request and holding nothing.
 *
 * <p>Alternating minimization (docs/ratings.md): the curator starts from data-independent random
 * item factors (stream (repeat seed, "ratings-init", k)); in each of T rounds every
 * user fits its head (v_j, b_j) on the current factors by ridge regression on its training ratings
 * and answers w_j = (v_j, 1) with its residuals y = r − c − b_j on its training ratings — for
 * priv-altmin v_j clipped to R, y clipped to ζ and only a data-independent sample of at most L
 * ratings (stream (repeat seed, "ratings-sample", experiment, ε index, round, user)); the curator sums
 * the per-item statistics A_i, b_i in user order, adds Gaussian noise (streams "ratings-noise-gram"
 * and "ratings-noise-moment"), solves each item and publishes the factors. Finally every user fits
 * its head on the last factors and answers its held-out squared error.
 *
 * <p>Privacy (user level, replace-one, zCDP): the total ρ = calibration(ε, δ) is split evenly over
 * the T rounds and, within a round, by roundBudgetSplit between A (sensitivity
 * {@link RatingsSensitivity#gram}) and b ({@link RatingsSensitivity#moment}); item-mean-dp spends ρ
 * half on the counts ({@link RatingsSensitivity#counts}) and half on the sums
 * ({@link RatingsSensitivity#sums}). Each release is charged to a {@link Ledger}, which refuses one
 * past the budget. Heads, own means and predictions are never released.
 *
 * <p>Audits ({@link #auditedCurator},
 * {@link RatingsUser#answer(Cell, Context, int, UserRatings.Split, RatingsRequest, Injection)}):
 * an injected fault changes the σ added, never the charges ({@code noiseMultiplier} scales every σ,
 * {@code ignoreComposition} calibrates each release to the whole ρ) or, with {@code skipClipping},
 * the users' answers (no clip of v, of the residuals or of the mean residual; the sample of L stays);
 * with a {@link ReleaseTap}, every noisy release goes to it as it is made, before post-processing:
 * the global sum as one value, the counts and sums per item, A as every item's upper triangle (item
 * order, {@link PackedSymmetric}) and b as every item's K coordinates. Without a fault and a tap, the
 * run is the same bits as the family's.
 */
public final class RatingsFamily implements Family<RatingsFamily.Cell, RatingsFamily.Context, RatingsRequest,
        RatingsAnswer, RatingsFamily.Outcome, RatingsResult> {
    /** The one instance. */
    public static final RatingsFamily INSTANCE = new RatingsFamily();

    /**
     * One experiment on a ratings task at one ε (null for a non-private algorithm).
     *
     * @param experiment   index of the experiment in the scenario
     * @param spec         the experiment
     * @param epsilon      target ε, or null
     * @param epsilonIndex index of ε in the experiment's list (0 when non-private)
     * @param task         the ratings task
     * @param releases     the run's Gaussian releases, calibrated (empty when non-private)
     */
    public record Cell(int experiment, ExperimentSpec spec, Double epsilon, int epsilonIndex, RatingsTask task,
                       List<RatingsResult.Release> releases) {

        /** The settings. */
        public RatingsSettings settings() {
            return spec.settings(RatingsSettings.class);
        }

        /** The total ρ of the cell's releases (null when non-private). */
        public Double rho() {
            return epsilon == null ? null : spec.calibration().totalRho(epsilon, spec.delta());
        }

        /** The release named {@code mechanism}. */
        RatingsResult.Release release(String mechanism) {
            return releases.stream().filter(r -> r.mechanism().equals(mechanism)).findFirst().orElseThrow();
        }
    }

    /**
     * What a run's participants share: the ratings and the repeat's seed.
     *
     * @param source     where every user's ratings come from
     * @param repeatSeed the repeat's seed (split, sampling and noise streams)
     */
    public record Context(RatingsSource source, long repeatSeed) {}

    /**
     * A run's result.
     *
     * @param rmse                 mean over users of √(squaredError / testRatings)
     * @param bottomQuartileRmse   the same over the ⌈n/4⌉ users with the fewest training ratings (ties: lower id)
     * @param pooledRmse           √(Σ squaredError / Σ testRatings)
     * @param bottomQuartileUsers  ⌈n/4⌉
     * @param bottomQuartileMaxRatings the most training ratings among them
     * @param maxLedgerRho         the ledger's largest per-user spend (null when non-private)
     * @param flooredItems         items floored in the last U-step (priv-altmin), else null
     * @param releases             the run's recorded releases (the ledger's log; empty when non-private)
     */
    public record Outcome(double rmse, double bottomQuartileRmse, double pooledRmse, int bottomQuartileUsers,
                          int bottomQuartileMaxRatings, Double maxLedgerRho, Integer flooredItems,
                          ReleaseLog releases) {}

    /** Name of A's release. */
    static final String GRAM = "item Gram matrices A";
    /** Name of b's release. */
    static final String MOMENT = "item moments b";
    /** Name of the counts' release. */
    static final String COUNTS = "item counts";
    /** Name of the sums' release. */
    static final String SUMS = "item residual sums";
    /** Name of the global mean's release. */
    static final String GLOBAL = "sum of user mean residuals";

    private RatingsFamily() {}

    @Override
    public String id() {
        return "ratings";
    }

    /**
     * Whether {@code algorithm} runs only here: the ratings-only algorithms. The family also runs
     * priv-altmin, non-private-altmin and own-data, but only on a ratings task — where its cells come
     * from the task type and the low-rank family plans nothing for them.
     */
    @Override
    public boolean runs(Algorithm algorithm) {
        return algorithm.isRatings();
    }

    @Override
    public List<Cell> cells(Scenario scenario) {
        List<Cell> cells = new ArrayList<>();
        if (!(scenario.task() instanceof RatingsTask task)) {
            return cells;
        }
        for (int e = 0; e < scenario.experiments().size(); e++) {
            ExperimentSpec spec = scenario.experiments().get(e);
            if (spec.epsilons() == null) {
                cells.add(new Cell(e, spec, null, 0, task, List.of()));
                continue;
            }
            for (int i = 0; i < spec.epsilons().size(); i++) {
                double epsilon = spec.epsilons().get(i);
                cells.add(new Cell(e, spec, epsilon, i, task, releases(spec, epsilon)));
            }
        }
        return cells;
    }

    /** The Gaussian releases of one run of a private experiment at ε, σ calibrated to their share of ρ. */
    static List<RatingsResult.Release> releases(ExperimentSpec spec, double epsilon) {
        RatingsSettings s = spec.settings(RatingsSettings.class);
        double rho = spec.calibration().totalRho(epsilon, spec.delta());
        int limit = s.maxRatingsPerUser();
        if (spec.algorithm() == Algorithm.ITEM_MEAN_DP) {
            double global = RatingsSettings.GLOBAL_BUDGET_SHARE;
            double items = (1 - global) / 2;
            return List.of(release(GLOBAL, 1, RatingsSensitivity.userMeans(s.clipRating()), global * rho),
                    release(COUNTS, 1, RatingsSensitivity.counts(limit), items * rho),
                    release(SUMS, 1, RatingsSensitivity.sums(limit, s.clipRating()), items * rho));
        }
        double perRound = rho / s.rounds();
        return List.of(release(GRAM, s.rounds(), RatingsSensitivity.gram(limit, s.clipFactor()),
                        s.roundBudgetSplit() * perRound),
                release(MOMENT, s.rounds(), RatingsSensitivity.moment(limit, s.clipRating(), s.clipFactor()),
                        (1 - s.roundBudgetSplit()) * perRound));
    }

    private static RatingsResult.Release release(String mechanism, int times, double sensitivity, double rho) {
        double sigma = Zcdp.sigmaForRho(sensitivity, rho);
        return new RatingsResult.Release(mechanism, times, sensitivity, sigma, Zcdp.gaussianRho(sensitivity, sigma));
    }

    @Override
    public int runs(Cell cell) {
        return cell.spec().repeats();
    }

    @Override
    public String label(Cell cell) {
        return cell.spec().algorithm().id() + (cell.epsilon() == null ? "" : " ε=" + cell.epsilon());
    }

    @Override
    public Context context(Cell cell, int run, long seed) {
        long repeatSeed = org.privsim.core.sim.RunKey.repeatSeed(seed, run);
        return new Context(RatingsSource.of(cell.task(), repeatSeed), repeatSeed);
    }

    @Override
    public RunCurator<RatingsRequest, RatingsAnswer, Outcome> curator(Cell cell, int run, long seed, Context context) {
        return new RatingsCurator(cell, context, Injection.NONE, null);
    }

    /**
     * The cell of an audit: a private experiment ({@code spec}, one ε) on {@code task}, as experiment 0
     * at ε index 0 (the streams' indices).
     */
    public static Cell auditCell(RatingsTask task, ExperimentSpec spec) {
        if (spec.epsilons() == null || spec.epsilons().size() != 1 || (spec.algorithm() != Algorithm.PRIV_ALTMIN
                && spec.algorithm() != Algorithm.ITEM_MEAN_DP)) {
            throw new IllegalArgumentException("an audited ratings cell is priv-altmin or item-mean-dp at one ε, got "
                    + spec.algorithm().id() + " at " + spec.epsilons());
        }
        double epsilon = spec.epsilons().get(0);
        return new Cell(0, spec, epsilon, 0, task, releases(spec, epsilon));
    }

    /**
     * The curator of a run as an audit plays it: with {@code inject}'s fault in its noise (the records
     * state the σ actually added; the ledger keeps charging the calibrated ρ) and every noisy release
     * handed to {@code tap} (null: none) as it is made.
     */
    public RunCurator<RatingsRequest, RatingsAnswer, Outcome> auditedCurator(Cell cell, Context context, Injection inject,
                                                               ReleaseTap tap) {
        return new RatingsCurator(cell, context, inject, tap);
    }

    /** Users spread in equal blocks: every step is an ask, answered by position. */
    @Override
    public Spread spread(Cell cell) {
        return new Spread(cell.task().users(), 1);
    }

    @Override
    public Participant<RatingsRequest, RatingsAnswer> participant(Cell cell, int run, long seed, Context context, int id) {
        return request -> RatingsUser.answer(cell, context, id, request);
    }

    @Override
    public RatingsResult row(Cell cell, List<Outcome> outcomes) {
        ExperimentSpec spec = cell.spec();
        RatingsSettings s = cell.settings();
        RatingsTask task = cell.task();
        Double rho = cell.rho();
        Double maxLedger = null;
        for (Outcome o : outcomes) {
            if (o.maxLedgerRho() != null) {
                maxLedger = maxLedger == null ? o.maxLedgerRho() : Math.max(maxLedger, o.maxLedgerRho());
            }
        }
        double[] rmse = outcomes.stream().mapToDouble(Outcome::rmse).toArray();
        double[] bottom = outcomes.stream().mapToDouble(Outcome::bottomQuartileRmse).toArray();
        double[] pooled = outcomes.stream().mapToDouble(Outcome::pooledRmse).toArray();
        boolean several = outcomes.size() > 1;
        Outcome first = outcomes.get(0);
        return new RatingsResult(cell.experiment(), spec.algorithm().id(), cell.epsilon(),
                rho == null ? null : spec.delta(), rho == null ? null : spec.calibration().id(), rho,
                rho == null ? null : spec.calibration().epsilon(rho, spec.delta()),
                rho == null ? null : Conversions.classicEpsilon(rho, spec.delta()),
                rho == null ? null : spec.calibration() == org.privsim.core.privacy.Calibration.GDP
                        ? "gdp-exact" : ExperimentResult.TIGHT_CONVERSION,
                maxLedger, outcomes.size(), RepeatStatistics.mean(rmse),
                several ? RepeatStatistics.standardError(rmse) : null, RepeatStatistics.mean(bottom),
                several ? RepeatStatistics.standardError(bottom) : null, RepeatStatistics.mean(pooled),
                first.bottomQuartileUsers(), first.bottomQuartileMaxRatings(), task.users(), task.items(),
                task.ratings(), s.rank(), s.rounds(), s.maxRatingsPerUser(), s.clipFactor(), s.clipRating(), s.ridge(),
                s.roundBudgetSplit(),
                first.flooredItems() == null ? null
                        : RepeatStatistics.mean(outcomes.stream().mapToDouble(o -> o.flooredItems()).toArray()),
                cell.releases(), outcomes.stream().map(Outcome::releases).toList());
    }

}
