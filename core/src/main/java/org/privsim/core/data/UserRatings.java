package org.privsim.core.data;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.random.Sampling;
import org.privsim.core.scenario.DatasetTask;

/**
 * One user's ratings: item indices and ratings, index-aligned, in a fixed order.
 *
 * <p>Guarantee: immutable by convention (no method modifies the arrays); {@link #split} is a pure
 * function of (ratings, seed, user, fraction).
 *
 * @param items   item index of each rating, in [0, items)
 * @param ratings the ratings
 */
public record UserRatings(int[] items, double[] ratings) {

    /** Number of ratings. */
    public int count() {
        return items.length;
    }

    /**
     * The user's training and test ratings for the repeat with seed {@code repeatSeed}: a uniformly
     * random permutation (stream (repeatSeed, "ratings-split", user)) puts
     * {@link DatasetTask#testRows}(m, fraction) ratings in the test set; both sets keep the ratings'
     * order.
     */
    public Split split(long repeatSeed, int user, double fraction) {
        int m = count();
        int test = DatasetTask.testRows(m, fraction);
        int[] order = new int[m];
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        SplittableRandom rng = RandomStreams.stream(repeatSeed, "ratings-split", user);
        for (int i = m - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        boolean[] held = new boolean[m];
        for (int i = 0; i < test; i++) {
            held[order[i]] = true;
        }
        return new Split(subset(held, true, m - test), subset(held, false, test));
    }

    private UserRatings subset(boolean[] held, boolean train, int size) {
        int[] i2 = new int[size];
        double[] r2 = new double[size];
        int at = 0;
        for (int i = 0; i < held.length; i++) {
            if (held[i] != train) {
                i2[at] = items[i];
                r2[at++] = ratings[i];
            }
        }
        return new UserRatings(i2, r2);
    }

    /**
     * A data-independent sample of at most {@code limit} of these ratings: all of them when there are
     * no more, else a uniformly random subset of {@code limit} positions drawn from {@code rng} (a
     * partial Fisher–Yates shuffle of the positions; the ratings' values are never looked at), kept in
     * order.
     */
    public UserRatings sample(int limit, SplittableRandom rng) {
        int m = count();
        if (m <= limit) {
            return this;
        }
        int[] chosen = Sampling.distinct(m, limit, rng);
        Arrays.sort(chosen);
        int[] i2 = new int[limit];
        double[] r2 = new double[limit];
        for (int s = 0; s < limit; s++) {
            i2[s] = items[chosen[s]];
            r2[s] = ratings[chosen[s]];
        }
        return new UserRatings(i2, r2);
    }

    /** The sum of the ratings, in order. */
    public double sum() {
        double sum = 0;
        for (double r : ratings) {
            sum += r;
        }
        return sum;
    }

    /**
     * A user's training and test ratings.
     *
     * @param train the ratings the user learns from (and may contribute)
     * @param test  the held-out ratings its RMSE is measured on (at least one)
     */
    public record Split(UserRatings train, UserRatings test) {}
}
