package org.privsim.core.family.ratings;

import static org.privsim.core.family.ratings.RatingsFamily.COUNTS;
import static org.privsim.core.family.ratings.RatingsFamily.GLOBAL;
import static org.privsim.core.family.ratings.RatingsFamily.GRAM;
import static org.privsim.core.family.ratings.RatingsFamily.MOMENT;
import static org.privsim.core.family.ratings.RatingsFamily.SUMS;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.privsim.core.family.ratings.RatingsAnswer.Mean;
import org.privsim.core.family.ratings.RatingsAnswer.Ratings;
import org.privsim.core.family.ratings.RatingsAnswer.Score;
import org.privsim.core.family.ratings.RatingsFamily.Cell;
import org.privsim.core.family.ratings.RatingsFamily.Outcome;
import org.privsim.core.family.ratings.RatingsRequest.Collect;
import org.privsim.core.family.ratings.RatingsRequest.Contribute;
import org.privsim.core.privacy.ReleaseLog;

/**
 * The curator's sums over a ratings run's answers (the pre-noise releases: the global sum, the item
 * counts and sums, the items' A and b) and a run's outcome from its users' scores. Guarantee: every
 * sum runs in answer order, so the bits are the same on every runner.
 */
public final class RatingsStatistics {
    private RatingsStatistics() {}

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
    public static Map<String, double[]> statistics(Cell cell, List<RatingsAnswer> answers) {
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
    static double globalSum(List<RatingsAnswer> answers) {
        double sum = 0;
        for (RatingsAnswer a : answers) {
            sum += ((Mean) a).residual();
        }
        return sum;
    }

    /** Per item, how many answers hold it. */
    static double[] itemCounts(int items, List<RatingsAnswer> answers) {
        double[] counts = new double[items];
        for (RatingsAnswer a : answers) {
            for (int item : ((Ratings) a).items()) {
                counts[item] += 1;
            }
        }
        return counts;
    }

    /** Per item, the sum of the answers' residuals on it, in answer order. */
    static double[] itemSums(int items, List<RatingsAnswer> answers) {
        double[] sums = new double[items];
        for (RatingsAnswer a : answers) {
            Ratings r = (Ratings) a;
            for (int s = 0; s < r.items().length; s++) {
                sums[r.items()[s]] += r.residuals()[s];
            }
        }
        return sums;
    }

    /** The U-step's A_i and b_i of the answers, added in answer order. */
    static ItemStatistics itemStatistics(int items, int width, List<RatingsAnswer> answers) {
        ItemStatistics statistics = new ItemStatistics(items, width);
        for (RatingsAnswer a : answers) {
            Ratings r = (Ratings) a;
            statistics.add(r.items(), r.residuals(), r.weight());
        }
        return statistics;
    }
}
