package org.privsim.core.family.ratings;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.data.RatingsSource;
import org.privsim.core.data.UserRatings;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.GaussianMechanism;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.privacy.ReleaseTap;
import org.privsim.core.privacy.Zcdp;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.RepeatStatistics;
import org.privsim.core.run.ScenarioPlan;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.RatingsSettings;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.Step;

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
 * <p>Audits ({@link #auditedCurator}, {@link #answer(Cell, Context, int, UserRatings.Split, Request, Injection)}):
 * an injected fault changes the σ added, never the charges ({@code noiseMultiplier} scales every σ,
 * {@code ignoreComposition} calibrates each release to the whole ρ) or, with {@code skipClipping},
 * the users' answers (no clip of v, of the residuals or of the mean residual; the sample of L stays);
 * with a {@link ReleaseTap}, every noisy release goes to it as it is made, before post-processing:
 * the global sum as one value, the counts and sums per item, A as every item's upper triangle (item
 * order, {@link PackedSymmetric}) and b as every item's K coordinates. Without a fault and a tap, the
 * run is the same bits as the family's.
 */
public final class RatingsFamily implements Family<RatingsFamily.Cell, RatingsFamily.Context, RatingsFamily.Request,
        RatingsFamily.Answer, RatingsFamily.Outcome, RatingsResult> {
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

    /** What the curator asks a user. */
    public sealed interface Request permits UserMean, Collect, Contribute, Evaluate {}

    /**
     * Answer the mean of the training ratings minus {@code offset} (clipped to ζ when private).
     *
     * @param offset what to subtract (c)
     */
    public record UserMean(double offset) implements Request {}

    /**
     * Answer residuals r − offset of the training ratings, per item (global and item means); when
     * private, of a data-independent sample of at most L of them, clipped to ζ.
     *
     * @param round  the release's round (the sampling stream's index)
     * @param offset what to subtract from every rating
     */
    public record Collect(int round, double offset) implements Request {}

    /**
     * Fit the head on {@code factors} and answer the U-step contribution of round {@code round}.
     *
     * @param round   t, 1-based
     * @param factors the current item factors, items × K row-major
     */
    public record Contribute(int round, double[] factors) implements Request {}

    /**
     * Predict the held-out ratings with {@code predictor} and answer the squared error.
     *
     * @param predictor the released model (or the instruction to use the user's own mean)
     */
    public record Evaluate(@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Predictor predictor) implements Request {}

    /** A model a user predicts its held-out ratings with. */
    public sealed interface Predictor permits OwnMean, Constant, ItemMeans, Factors {}

    /**
     * The user's own mean training rating (nothing released).
     *
     * @param ignored always 0 (a record needs a component to cross CBOR)
     */
    public record OwnMean(int ignored) implements Predictor {}

    /**
     * One rating for every item.
     *
     * @param rating the predicted rating
     */
    public record Constant(double rating) implements Predictor {}

    /**
     * A rating per item.
     *
     * @param ratings by item index
     */
    public record ItemMeans(double[] ratings) implements Predictor {}

    /**
     * Item factors; the user fits its head on its training ratings first.
     *
     * @param factors items × K row-major
     */
    public record Factors(double[] factors) implements Predictor {}

    /** What a user answers. */
    public sealed interface Answer permits Mean, Ratings, Score {}

    /**
     * A user's mean training rating minus the asked offset (clipped to ζ when private).
     *
     * @param residual the value
     */
    public record Mean(double residual) implements Answer {}

    /**
     * A contribution: residuals of (some of) the user's training ratings by item, and for the U-step
     * the weight w_j they pair with.
     *
     * @param items     item index of each residual
     * @param residuals the residuals (clipped for the private algorithms)
     * @param weight    w_j = (v_j, 1) (clipped for priv-altmin), or null for Collect
     */
    public record Ratings(int[] items, double[] residuals, double[] weight) implements Answer {}

    /**
     * A user's held-out error.
     *
     * @param trainRatings  how many training ratings it has
     * @param testRatings   how many held-out ratings it has (≥ 1)
     * @param squaredError  Σ over its held-out ratings of (prediction − rating)²
     */
    public record Score(int trainRatings, int testRatings, double squaredError) implements Answer {}

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
     * from the task type and the low-rank runtime plans nothing ({@link ScenarioPlan}).
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
    public RunCurator<Request, Answer, Outcome> curator(Cell cell, int run, long seed, Context context) {
        return new Curator(cell, context, Injection.NONE, null);
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
    public RunCurator<Request, Answer, Outcome> auditedCurator(Cell cell, Context context, Injection inject,
                                                               ReleaseTap tap) {
        return new Curator(cell, context, inject, tap);
    }

    @Override
    public Participant<Request, Answer> participant(Cell cell, int run, long seed, Context context, int id) {
        return request -> answer(cell, context, id, request);
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

    /** User {@code id}'s answer to {@code request}. */
    static Answer answer(Cell cell, Context context, int id, Request request) {
        UserRatings.Split split = context.source().user(id).split(context.repeatSeed(), id, cell.task().testFraction());
        return answer(cell, context, id, split, request, Injection.NONE);
    }

    /**
     * The answer to {@code request} of user {@code id} holding {@code split} (its training and held-out
     * ratings; an ordinary user's is its source's ratings split by the repeat), in a run with
     * {@code inject}'s fault: with {@code skipClipping}, nothing is clipped.
     */
    public static Answer answer(Cell cell, Context context, int id, UserRatings.Split split, Request request,
                                Injection inject) {
        RatingsTask task = cell.task();
        UserRatings train = split.train();
        RatingsSettings s = cell.settings();
        boolean priv = cell.epsilon() != null;
        boolean clips = priv && !inject.skipClipping();
        double c = task.center();
        if (request instanceof UserMean mean) {
            double residual = train.sum() / train.count() - mean.offset();
            return new Mean(clips ? clip(residual, s.clipRating()) : residual);
        }
        if (request instanceof Collect collect) {
            UserRatings used = priv ? train.sample(s.maxRatingsPerUser(), sampleStream(cell, context, collect.round(), id))
                    : train;
            double[] residuals = new double[used.count()];
            for (int i = 0; i < residuals.length; i++) {
                double y = used.ratings()[i] - collect.offset();
                residuals[i] = clips ? clip(y, s.clipRating()) : y;
            }
            return new Ratings(used.items(), residuals, null);
        }
        if (request instanceof Contribute contribute) {
            int width = s.rank() + 1;
            double[] head = Factorization.fitHead(contribute.factors(), width, train, c, s.ridge());
            double[] weight = Arrays.copyOf(head, width);
            weight[width - 1] = 1;
            if (clips) {
                clipFactor(weight, s.clipFactor());
            }
            UserRatings used = priv ? train.sample(s.maxRatingsPerUser(),
                    sampleStream(cell, context, contribute.round(), id)) : train;
            double[] residuals = new double[used.count()];
            for (int i = 0; i < residuals.length; i++) {
                double y = used.ratings()[i] - c - head[width - 1];
                residuals[i] = clips ? clip(y, s.clipRating()) : y;
            }
            return new Ratings(used.items(), residuals, weight);
        }
        return score(task, s, train, split.test(), ((Evaluate) request).predictor());
    }

    private static SplittableRandom sampleStream(Cell cell, Context context, int round, int user) {
        return RandomStreams.stream(context.repeatSeed(), "ratings-sample", cell.experiment(), cell.epsilonIndex(),
                round, user);
    }

    /** The user's held-out squared error under {@code predictor}. */
    static Score score(RatingsTask task, RatingsSettings s, UserRatings train, UserRatings test, Predictor predictor) {
        double c = task.center();
        double[] head = predictor instanceof Factors f
                ? Factorization.fitHead(f.factors(), s.rank() + 1, train, c, s.ridge()) : null;
        double own = train.sum() / train.count();
        double sse = 0;
        for (int i = 0; i < test.count(); i++) {
            int item = test.items()[i];
            double prediction = predictor instanceof Constant constant ? constant.rating()
                    : predictor instanceof ItemMeans means ? means.ratings()[item]
                    : predictor instanceof Factors f ? c + Factorization.residual(f.factors(), s.rank() + 1, head, item)
                    : own;
            double error = Factorization.clamp(prediction, task.minRating(), task.maxRating()) - test.ratings()[i];
            sse += error * error;
        }
        return new Score(train.count(), test.count(), sse);
    }

    private static double clip(double y, double bound) {
        return Math.max(-bound, Math.min(bound, y));
    }

    /** Scales the first K − 1 coordinates (v) to norm at most R; the trailing 1 stays. */
    private static void clipFactor(double[] weight, double bound) {
        double norm2 = 0;
        for (int p = 0; p < weight.length - 1; p++) {
            norm2 += weight[p] * weight[p];
        }
        double norm = Math.sqrt(norm2);
        if (norm > bound) {
            for (int p = 0; p < weight.length - 1; p++) {
                weight[p] *= bound / norm;
            }
        }
    }

    /** The outcome of a run from every user's score, in id order. */
    static Outcome outcome(List<Score> scores, Double maxLedgerRho, Integer flooredItems, ReleaseLog releases) {
        int n = scores.size();
        double rmseSum = 0;
        double sse = 0;
        long tests = 0;
        Integer[] order = new Integer[n];
        for (int j = 0; j < n; j++) {
            Score s = scores.get(j);
            rmseSum += Math.sqrt(s.squaredError() / s.testRatings());
            sse += s.squaredError();
            tests += s.testRatings();
            order[j] = j;
        }
        Arrays.sort(order, (a, b) -> scores.get(a).trainRatings() != scores.get(b).trainRatings()
                ? Integer.compare(scores.get(a).trainRatings(), scores.get(b).trainRatings()) : Integer.compare(a, b));
        int quartile = (n + 3) / 4;
        boolean[] bottom = new boolean[n];
        int most = 0;
        for (int q = 0; q < quartile; q++) {
            bottom[order[q]] = true;
            most = Math.max(most, scores.get(order[q]).trainRatings());
        }
        double bottomSum = 0;
        for (int j = 0; j < n; j++) {
            if (bottom[j]) {
                Score s = scores.get(j);
                bottomSum += Math.sqrt(s.squaredError() / s.testRatings());
            }
        }
        return new Outcome(rmseSum / n, bottomSum / quartile, Math.sqrt(sse / tests), quartile, most, maxLedgerRho,
                flooredItems, releases);
    }

    /**
     * The pre-noise values of the releases the curator makes from {@code answers} (its users' answers to
     * one request, in ask order), by release name, in the coordinates the noise is added to and with the
     * curator's own arithmetic: from the mean residuals their sum (one value); from Collect answers the
     * per-item counts and residual sums; from Contribute answers every item's A (upper triangle) and b.
     * The white-box audit computes both worlds' releases with it.
     */
    public static Map<String, double[]> statistics(Cell cell, List<Answer> answers) {
        int items = cell.task().items();
        if (answers.get(0) instanceof Mean) {
            return Map.of(GLOBAL, new double[] {globalSum(answers)});
        }
        if (((Ratings) answers.get(0)).weight() == null) {
            return Map.of(COUNTS, itemCounts(items, answers), SUMS, itemSums(items, answers));
        }
        ItemStatistics.Released released = itemStatistics(items, cell.settings().rank() + 1, answers).released();
        return Map.of(GRAM, released.grams(), MOMENT, released.moments());
    }

    /** Σ_j of the users' mean residuals, in answer order. */
    private static double globalSum(List<Answer> answers) {
        double sum = 0;
        for (Answer a : answers) {
            sum += ((Mean) a).residual();
        }
        return sum;
    }

    /** Per item, how many answers hold it. */
    private static double[] itemCounts(int items, List<Answer> answers) {
        double[] counts = new double[items];
        for (Answer a : answers) {
            for (int item : ((Ratings) a).items()) {
                counts[item] += 1;
            }
        }
        return counts;
    }

    /** Per item, the sum of the answers' residuals on it, in answer order. */
    private static double[] itemSums(int items, List<Answer> answers) {
        double[] sums = new double[items];
        for (Answer a : answers) {
            Ratings r = (Ratings) a;
            for (int s = 0; s < r.items().length; s++) {
                sums[r.items()[s]] += r.residuals()[s];
            }
        }
        return sums;
    }

    /** The U-step's A_i and b_i of the answers, added in answer order. */
    private static ItemStatistics itemStatistics(int items, int width, List<Answer> answers) {
        ItemStatistics statistics = new ItemStatistics(items, width);
        for (Answer a : answers) {
            Ratings r = (Ratings) a;
            statistics.add(r.items(), r.residuals(), r.weight());
        }
        return statistics;
    }

    /** The curator of one run. */
    private static final class Curator implements RunCurator<Request, Answer, Outcome> {
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

        Curator(Cell cell, Context context, Injection inject, ReleaseTap tap) {
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
        public Step<Request, Outcome> start() {
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
        public Step<Request, Outcome> onAnswers(List<Answer> answers) {
            if (answers.get(0) instanceof Score) {
                List<Score> scores = new ArrayList<>(answers.size());
                answers.forEach(a -> scores.add((Score) a));
                return new Step.Done<>(outcome(scores, ledger == null ? null : ledger.maxSpent(), flooredItems,
                        ledger == null ? ReleaseLog.NONE : ledger.log()));
            }
            if (answers.get(0) instanceof Mean) {
                double sum = globalSum(answers);
                Release global = charge(0, GLOBAL, cell.release(GLOBAL));
                double noisy = sum + global.sigma() * noise("ratings-noise-global", 0).nextGaussian();
                tap(global, new double[] {noisy});
                center = cell.task().center() + noisy / users;
                return Step.askAll(users, new Collect(1, center));
            }
            if (algorithm == Algorithm.GLOBAL_MEAN) {
                double sum = 0;
                long count = 0;
                for (Answer a : answers) {
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
            ItemStatistics statistics = itemStatistics(items, settings.rank() + 1, answers);
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
        private double[] itemMeans(List<Answer> answers) {
            double[] counts = itemCounts(items, answers);
            double[] sums = itemSums(items, answers);
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
}
