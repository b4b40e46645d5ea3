package org.privsim.core.data;

import java.util.BitSet;
import java.util.SplittableRandom;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.RatingsTask;

/**
 * Synthetic ratings of rank k with power-law user activity, regenerated per user on demand.
 *
 * <p>Item i has a true factor u_i* and user j a true factor v_j*, each coordinate N(0, 1/√k) (so
 * ⟨u_i*, v_j*⟩ has variance 1); user j rates m_j = min(items, ⌊x_min·(1 − U)^(−1/a)⌋) distinct
 * items drawn uniformly (Floyd's algorithm; x_min = minRatingsPerUser, a = activityExponent, U
 * uniform), rating r_ij = clamp(c + ⟨u_i*, v_j*⟩ + σ·z, minRating, maxRating) with c the range's
 * midpoint, σ = noise and z ~ N(0, 1).
 *
 * <p>Guarantee: the item factors are drawn from stream (repeatSeed, "ratings-items") and user j's
 * activity, items, factor and noise, in that order, from stream (repeatSeed, "ratings-user", j), so
 * {@link #user} is a pure function of (task, repeat seed, j) and costs O(m_j·k); only the item
 * factors (items × k doubles) are held.
 */
public final class SyntheticRatings implements RatingsSource {
    private final RatingsTask task;
    private final long repeatSeed;
    private final double[] itemFactors;

    /** The synthetic ratings of {@code task}'s repeat with seed {@code repeatSeed}. */
    public SyntheticRatings(RatingsTask task, long repeatSeed) {
        this.task = task;
        this.repeatSeed = repeatSeed;
        int k = task.rank();
        double scale = Math.pow(k, -0.25);
        this.itemFactors = new double[task.items() * k];
        SplittableRandom rng = RandomStreams.stream(repeatSeed, "ratings-items");
        for (int i = 0; i < itemFactors.length; i++) {
            itemFactors[i] = scale * rng.nextGaussian();
        }
    }

    @Override
    public int users() {
        return task.users();
    }

    @Override
    public int items() {
        return task.items();
    }

    /** A user's number of ratings m_j, the first draw of its stream {@code rng}. */
    private static int activity(RatingsTask task, SplittableRandom rng) {
        double x = task.minRatingsPerUser() * Math.pow(1 - rng.nextDouble(), -1 / task.activityExponent());
        return (int) Math.min(task.items(), Math.floor(x));
    }

    @Override
    public UserRatings user(int id) {
        SplittableRandom rng = RandomStreams.stream(repeatSeed, "ratings-user", id);
        int n = task.items();
        int m = activity(task, rng);
        int[] items = new int[m];
        BitSet chosen = new BitSet(m <= 64 ? 0 : n);
        int at = 0;
        for (int j = n - m; j < n; j++) {
            int t = rng.nextInt(j + 1);
            int pick = contains(items, at, chosen, m, t) ? j : t;
            items[at++] = pick;
            if (m > 64) {
                chosen.set(pick);
            }
        }
        int k = task.rank();
        double scale = Math.pow(k, -0.25);
        double[] v = new double[k];
        for (int p = 0; p < k; p++) {
            v[p] = scale * rng.nextGaussian();
        }
        double c = task.center();
        double[] ratings = new double[m];
        for (int s = 0; s < m; s++) {
            double dot = 0;
            int base = items[s] * k;
            for (int p = 0; p < k; p++) {
                dot += itemFactors[base + p] * v[p];
            }
            double r = c + dot + task.noise() * rng.nextGaussian();
            ratings[s] = Math.min(task.maxRating(), Math.max(task.minRating(), r));
        }
        return new UserRatings(items, ratings);
    }

    private static boolean contains(int[] items, int size, BitSet chosen, int m, int t) {
        if (m > 64) {
            return chosen.get(t);
        }
        for (int s = 0; s < size; s++) {
            if (items[s] == t) {
                return true;
            }
        }
        return false;
    }
}
