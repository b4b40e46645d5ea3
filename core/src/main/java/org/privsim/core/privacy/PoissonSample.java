package org.privsim.core.privacy;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Poisson sampling, the sampling the sampled-Gaussian accountant assumes: each of n ids enters
 * independently with probability q.
 *
 * <p>Guarantee: the ids come out ascending and are a pure function of (n, q, the stream's state);
 * q ≥ 1 takes every id without drawing. The draws are geometric skips, so the cost is O(q·n), not O(n).
 */
public final class PoissonSample {
    private PoissonSample() {}

    /** Each of ids 0 … n−1 independently with probability q, ascending. */
    public static int[] of(int n, double q, SplittableRandom rng) {
        if (q >= 1) {
            int[] all = new int[n];
            Arrays.setAll(all, i -> i);
            return all;
        }
        double logMiss = Math.log1p(-q);
        int[] ids = new int[Math.max(4, (int) (2 * q * n) + 4)];
        int count = 0;
        double at = -1;
        while (true) {
            // Gap to the next sampled id ~ Geometric(q) on {1, 2, …}: 1 + ⌊ln U / ln(1 − q)⌋, U ∈ (0, 1].
            at += 1 + Math.floor(Math.log(1 - rng.nextDouble()) / logMiss);
            if (at >= n) {
                break;
            }
            if (count == ids.length) {
                ids = Arrays.copyOf(ids, 2 * ids.length);
            }
            ids[count++] = (int) at;
        }
        return Arrays.copyOf(ids, count);
    }
}
