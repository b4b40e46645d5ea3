package org.privsim.core.privacy;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Sampling without replacement, the sampling the fixed-cohort accountant assumes
 * ({@link SampledWithoutReplacementRdp}): exactly m of the n ids, every m-subset equally likely.
 *
 * <p>Guarantee: the ids come out ascending, distinct, exactly m of them, and are a pure function of
 * (n, m, the stream's state) — so every runner that draws a step's cohort from the step's stream
 * draws the same one. Floyd's algorithm: m draws, so the cost is O(m log m), not O(n).
 */
public final class FixedSizeSample {
    private FixedSizeSample() {}

    /** m of ids 0 … n−1 uniformly without replacement, ascending; m in [0, n]. */
    public static int[] of(int n, int m, SplittableRandom rng) {
        if (m < 0 || m > n) {
            throw new IllegalArgumentException("a sample of " + m + " of " + n + " ids needs 0 ≤ m ≤ n");
        }
        Set<Integer> chosen = new HashSet<>(2 * m);
        int[] ids = new int[m];
        int count = 0;
        for (int j = n - m; j < n; j++) {
            int t = rng.nextInt(j + 1);
            int id = chosen.contains(t) ? j : t;
            chosen.add(id);
            ids[count++] = id;
        }
        Arrays.sort(ids);
        return ids;
    }
}
