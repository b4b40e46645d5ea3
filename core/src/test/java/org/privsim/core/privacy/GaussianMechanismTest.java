package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.hipparchus.distribution.continuous.ChiSquaredDistribution;
import org.junit.jupiter.api.Test;

class GaussianMechanismTest {
    /**
     * Two-sided failure probability of each statistical check. The seeds are fixed, so the tests
     * are deterministic; the bounds say that a correct N(0, σ²) sampler would fail them for at most
     * a 2e-9 fraction of seeds.
     */
    private static final double TAIL = 1e-9;

    /**
     * With the mean known to be 0, Σ (zᵢ/σ)² over n independent N(0, σ²) draws is χ²(n): check it
     * lies between the χ²(n) quantiles at TAIL and 1 − TAIL (for n = 200 000 that is roughly
     * ±1.9% of n).
     */
    private static void assertVarianceIsSigmaSquared(double[] noise, double sigma) {
        double sumOfSquares = 0;
        for (double z : noise) {
            sumOfSquares += (z / sigma) * (z / sigma);
        }
        ChiSquaredDistribution chi2 = new ChiSquaredDistribution(noise.length);
        double low = chi2.inverseCumulativeProbability(TAIL);
        double high = chi2.inverseCumulativeProbability(1 - TAIL);
        assertTrue(sumOfSquares > low && sumOfSquares < high,
                "sum of squares " + sumOfSquares + " outside chi2 bounds [" + low + ", " + high + "]");
    }

    @Test
    void addNoiseHasVarianceSigmaSquaredAndLeavesInputAlone() {
        int n = 200_000;
        double sigma = 2.5;
        double[] statistic = new double[n];
        for (int i = 0; i < n; i++) {
            statistic[i] = i % 7 - 3;
        }
        double[] copy = statistic.clone();
        double[] noisy = GaussianMechanism.addNoise(statistic, sigma, new SplittableRandom(11));
        assertArrayEquals(copy, statistic, 0);
        double[] noise = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            noise[i] = noisy[i] - statistic[i];
            sum += noise[i];
        }
        assertVarianceIsSigmaSquared(noise, sigma);
        // Mean of n draws ~ N(0, σ²/n); 6.1 standard deviations is the two-sided 1e-9 quantile.
        assertEquals(0, sum / n, 6.1 * sigma / Math.sqrt(n));
    }

    @Test
    void addNoiseDrawsInIndexOrder() {
        double[] statistic = {1, -2, 3.5, 0, 10};
        double sigma = 0.7;
        double[] noisy = GaussianMechanism.addNoise(statistic, sigma, new SplittableRandom(42));
        SplittableRandom replay = new SplittableRandom(42);
        for (int i = 0; i < statistic.length; i++) {
            assertEquals(statistic[i] + sigma * replay.nextGaussian(), noisy[i], 0, "index " + i);
        }
        assertArrayEquals(noisy, GaussianMechanism.addNoise(statistic, sigma, new SplittableRandom(42)), 0);
    }

    @Test
    void symmetricNoiseIsSymmetricWithVarianceSigmaSquared() {
        int size = 400;
        double sigma = 1.3;
        double[] m = new double[size * size];
        GaussianMechanism.addSymmetricNoise(m, size, sigma, new SplittableRandom(5));
        double[] upper = new double[size * (size + 1) / 2];
        int k = 0;
        for (int i = 0; i < size; i++) {
            for (int j = 0; j < size; j++) {
                assertEquals(m[i * size + j], m[j * size + i], 0, "(" + i + "," + j + ")");
                if (j >= i) {
                    upper[k++] = m[i * size + j];
                }
            }
        }
        // The upper triangle (diagonal included) holds the independent draws.
        assertVarianceIsSigmaSquared(upper, sigma);
    }

    @Test
    void symmetricNoiseDrawsUpperTriangleRowMajor() {
        int size = 4;
        double sigma = 3;
        double[] m = new double[size * size];
        for (int i = 0; i < m.length; i++) {
            m[i] = i;
        }
        double[] original = m.clone();
        SplittableRandom rng = new SplittableRandom(9);
        GaussianMechanism.addSymmetricNoise(m, size, sigma, rng);

        SplittableRandom replay = new SplittableRandom(9);
        double[] expected = original.clone();
        for (int i = 0; i < size; i++) {         // contract: i outer, j = i.. inner
            for (int j = i; j < size; j++) {
                double z = sigma * replay.nextGaussian();
                expected[i * size + j] += z;
                if (i != j) {
                    expected[j * size + i] += z;
                }
            }
        }
        assertArrayEquals(expected, m, 0);
        // Exactly size(size+1)/2 draws were consumed: both generators are now in the same state.
        assertEquals(replay.nextLong(), rng.nextLong());
    }

    @Test
    void rejectsInvalidArguments() {
        SplittableRandom rng = new SplittableRandom(1);
        assertThrows(IllegalArgumentException.class, () -> GaussianMechanism.addNoise(new double[1], 0, rng));
        assertThrows(IllegalArgumentException.class, () -> GaussianMechanism.addNoise(new double[1], Double.NaN, rng));
        assertThrows(IllegalArgumentException.class, () -> GaussianMechanism.addSymmetricNoise(new double[5], 2, 1, rng));
    }
}
