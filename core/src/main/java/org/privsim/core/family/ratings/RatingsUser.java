package org.privsim.core.family.ratings;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.privsim.core.data.UserRatings;
import org.privsim.core.family.ratings.RatingsAnswer.Mean;
import org.privsim.core.family.ratings.RatingsAnswer.Ratings;
import org.privsim.core.family.ratings.RatingsAnswer.Score;
import org.privsim.core.family.ratings.RatingsFamily.Cell;
import org.privsim.core.family.ratings.RatingsFamily.Context;
import org.privsim.core.family.ratings.RatingsRequest.Collect;
import org.privsim.core.family.ratings.RatingsRequest.Constant;
import org.privsim.core.family.ratings.RatingsRequest.Contribute;
import org.privsim.core.family.ratings.RatingsRequest.Evaluate;
import org.privsim.core.family.ratings.RatingsRequest.Factors;
import org.privsim.core.family.ratings.RatingsRequest.ItemMeans;
import org.privsim.core.family.ratings.RatingsRequest.Predictor;
import org.privsim.core.family.ratings.RatingsRequest.UserMean;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.RatingsSettings;
import org.privsim.core.scenario.RatingsTask;

/**
 * A ratings user as a participant: its answer to each request, computed from its ratings split and
 * the request alone (it keeps nothing between requests). Guarantee: a pure function of (cell, context,
 * id, request); clipping and the data-independent sample of at most L ratings are applied only when
 * the cell is private and no {@code skipClipping} fault is injected.
 */
final class RatingsUser {
    private RatingsUser() {}

    /** User {@code id}'s answer to {@code request}. */
    static RatingsAnswer answer(Cell cell, Context context, int id, RatingsRequest request) {
        UserRatings.Split split = context.source().user(id).split(context.repeatSeed(), id, cell.task().testFraction());
        return answer(cell, context, id, split, request, Injection.NONE);
    }

    /**
     * The answer to {@code request} of user {@code id} holding {@code split} (its training and held-out
     * ratings; an ordinary user's is its source's ratings split by the repeat), in a run with
     * {@code inject}'s fault: with {@code skipClipping}, nothing is clipped.
     */
    public static RatingsAnswer answer(Cell cell, Context context, int id, UserRatings.Split split, RatingsRequest request,
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
}
