package org.privsim.core.family.ratings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The ratings releases' replace-one sensitivities ({@link RatingsSensitivity}): an adversarial pair of
 * neighbouring users reaches each bound (to 1e-12), and random pairs never exceed it.
 */
class RatingsSensitivityTest {
    private static final int ITEMS = 12;
    private static final int L = 5;
    private static final double R = 1.0;
    private static final double ZETA = 0.7;

    /** The whole release (every A_i, b_i) of one user's contribution. */
    private static double[][] release(int[] items, double[] residuals, double[] weight) {
        ItemStatistics s = new ItemStatistics(ITEMS, weight.length);
        s.add(items, residuals, weight);
        double[] a = new double[0];
        double[] b = new double[0];
        for (int i = 0; i < ITEMS; i++) {
            a = concat(a, s.gram(i));
            b = concat(b, s.moment(i));
        }
        return new double[][] {a, b};
    }

    private static double[] concat(double[] x, double[] y) {
        double[] z = java.util.Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, z, x.length, y.length);
        return z;
    }

    private static double distance(double[] x, double[] y) {
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            sum += (x[i] - y[i]) * (x[i] - y[i]);
        }
        return Math.sqrt(sum);
    }

    @Test
    void adversarialPairsReachTheBounds() {
        double[] w = {R, 0, 1}; // (v, 1) with ‖v‖ = R: ‖w‖² = η² = R² + 1
        double[] up = {ZETA, ZETA, ZETA, ZETA, ZETA};
        double[] down = {-ZETA, -ZETA, -ZETA, -ZETA, -ZETA};
        double[][] first = release(new int[] {0, 1, 2, 3, 4}, up, w);
        double[][] disjoint = release(new int[] {5, 6, 7, 8, 9}, up, w);
        double[][] opposite = release(new int[] {0, 1, 2, 3, 4}, down, w);
        assertEquals(RatingsSensitivity.gram(L, R), distance(first[0], disjoint[0]), 1e-12);
        assertEquals(RatingsSensitivity.moment(L, ZETA, R), distance(first[1], opposite[1]), 1e-12);
        // Counts and sums are the A_i corner and the b_i last coordinate with w = (0, 1).
        double[] unit = {0, 0, 1};
        assertEquals(RatingsSensitivity.counts(L), distance(release(new int[] {0, 1, 2, 3, 4}, up, unit)[0],
                release(new int[] {5, 6, 7, 8, 9}, up, unit)[0]), 1e-12);
        assertEquals(RatingsSensitivity.sums(L, ZETA), distance(release(new int[] {0, 1, 2, 3, 4}, up, unit)[1],
                release(new int[] {0, 1, 2, 3, 4}, down, unit)[1]), 1e-12);
        assertEquals(2 * ZETA, RatingsSensitivity.userMeans(ZETA), 0);
    }

    @Test
    void randomNeighboursStayWithinTheBounds() {
        SplittableRandom rng = new SplittableRandom(7);
        for (int trial = 0; trial < 2000; trial++) {
            double[][] x = randomUser(rng);
            double[][] y = randomUser(rng);
            assertTrue(distance(x[0], y[0]) <= RatingsSensitivity.gram(L, R) * (1 + 1e-12));
            assertTrue(distance(x[1], y[1]) <= RatingsSensitivity.moment(L, ZETA, R) * (1 + 1e-12));
        }
    }

    /** A user with 1..L distinct items, a factor of norm ≤ R, residuals in [−ζ, ζ]. */
    private static double[][] randomUser(SplittableRandom rng) {
        int m = 1 + rng.nextInt(L);
        int[] items = rng.ints(0, ITEMS).distinct().limit(m).toArray();
        double[] residuals = new double[m];
        for (int s = 0; s < m; s++) {
            residuals[s] = ZETA * (2 * rng.nextDouble() - 1);
        }
        double angle = 2 * Math.PI * rng.nextDouble();
        double norm = R * rng.nextDouble();
        return release(items, residuals, new double[] {norm * Math.cos(angle), norm * Math.sin(angle), 1});
    }
}
