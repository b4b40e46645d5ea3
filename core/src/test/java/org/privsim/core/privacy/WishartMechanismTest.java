package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.hipparchus.distribution.continuous.ChiSquaredDistribution;
import org.junit.jupiter.api.Test;

class WishartMechanismTest {
    /** Two-sided failure probability of the exact (χ²) check; the seeds are fixed. */
    private static final double TAIL = 1e-9;
    /**
     * Tolerance of the standard-error checks, in standard errors. With 10 000 draws the estimates are
     * close to normal, so a correct sampler fails one with probability about 2e-9; without any
     * normality, Chebyshev's inequality still bounds it by 1/36.
     */
    private static final double STANDARD_ERRORS = 6;

    @Test
    void scaleIsClipSquaredOverTwoEpsilon() {
        assertEquals(4, WishartMechanism.scale(2, 0.5), 0);
        assertEquals(0.125, WishartMechanism.scale(0.5, 1), 0);
        // Liang et al.'s no-noise example: K = 100√5, ε = 1e40.
        assertEquals(50_000 / 2e40, WishartMechanism.scale(100 * Math.sqrt(5), 1e40), 1e-9 * 50_000 / 2e40);
        assertThrows(IllegalArgumentException.class, () -> WishartMechanism.scale(0, 1));
        assertThrows(IllegalArgumentException.class, () -> WishartMechanism.scale(1, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> WishartMechanism.scale(1e300, 1e-300)); // overflows
    }

    @Test
    void momentsAreThoseOfTheWishartDistribution() {
        int d = 3;
        int nu = 4;
        double scale = 0.7;
        int draws = 10_000;
        double[] sum = new double[d * d];
        double[] sumOfSquares = new double[d * d]; // of the deviation from the known mean
        SplittableRandom rng = new SplittableRandom(17);
        for (int n = 0; n < draws; n++) {
            double[] e = WishartMechanism.sample(d, nu, scale, rng);
            for (int i = 0; i < d; i++) {
                for (int j = 0; j < d; j++) {
                    double x = e[i * d + j] / scale;        // S_ij = Σ_k z_ki z_kj
                    double deviation = x - (i == j ? nu : 0);
                    sum[i * d + j] += x;
                    sumOfSquares[i * d + j] += deviation * deviation;
                }
            }
        }
        // Diagonal: S_ii ~ χ²(ν), so the sum over the draws is exactly χ²(Nν): E[E_ii] = ν·scale.
        ChiSquaredDistribution chi2 = new ChiSquaredDistribution((double) draws * nu);
        double low = chi2.inverseCumulativeProbability(TAIL / 2);
        double high = chi2.inverseCumulativeProbability(1 - TAIL / 2);
        // χ²(ν) has variance 2ν and fourth central moment 12ν² + 48ν, so the mean of (S_ii − ν)²
        // estimates 2ν with standard error √((12ν² + 48ν − 4ν²)/N).
        double diagonalVarianceError = Math.sqrt((8.0 * nu * nu + 48 * nu) / draws);
        // Off the diagonal S_ij = Σ_k x_k y_k with x, y independent N(0, 1): mean 0, variance ν
        // (standard error of the mean √(ν/N)); E[S_ij⁴] = 9ν + 3ν(ν − 1), so the mean of S_ij²
        // estimates ν with standard error √((2ν² + 6ν)/N).
        double offMeanError = Math.sqrt((double) nu / draws);
        double offVarianceError = Math.sqrt((2.0 * nu * nu + 6 * nu) / draws);
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                String at = "(" + i + "," + j + ")";
                double meanSquare = sumOfSquares[i * d + j] / draws;
                if (i == j) {
                    assertTrue(sum[i * d + i] > low && sum[i * d + i] < high, at + " sum " + sum[i * d + i]);
                    assertEquals(2 * nu, meanSquare, STANDARD_ERRORS * diagonalVarianceError, at);
                } else {
                    assertEquals(0, sum[i * d + j] / draws, STANDARD_ERRORS * offMeanError, at);
                    assertEquals(nu, meanSquare, STANDARD_ERRORS * offVarianceError, at);
                }
            }
        }
    }

    @Test
    void samplesAreExactlySymmetricAndPositiveSemidefinite() {
        int d = 6;
        SplittableRandom rng = new SplittableRandom(8);
        for (int nu : new int[] {1, 3, d + 1}) {
            for (int trial = 0; trial < 20; trial++) {
                double[] e = WishartMechanism.sample(d, nu, 2.5, rng);
                double trace = 0;
                for (int i = 0; i < d; i++) {
                    trace += e[i * d + i];
                    for (int j = 0; j < d; j++) {
                        assertEquals(e[i * d + j], e[j * d + i], 0);
                    }
                }
                EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, false, true);
                assertTrue(eig.decompose(DMatrixRMaj.wrap(d, d, e.clone())));
                double smallest = Double.POSITIVE_INFINITY;
                for (int k = 0; k < d; k++) {
                    smallest = Math.min(smallest, eig.getEigenvalue(k).getReal());
                }
                // Rank ν < d leaves zero eigenvalues, which rounding in the entries (ν·2⁻⁵³
                // relative) and the eigensolver (about d·2⁻⁵³·‖E‖ ≤ 1e-15·trace) can move
                // slightly below 0: allow 1e-12·trace. With ν = d + 1, E is positive definite.
                assertTrue(smallest >= -1e-12 * trace, "nu = " + nu + ": eigenvalue " + smallest);
                if (nu > d) {
                    assertTrue(smallest > 0, "nu = " + nu + ": eigenvalue " + smallest);
                }
            }
        }
    }

    @Test
    void drawsAreTheVectorsInOrderAndReproducible() {
        int d = 3;
        double scale = 1.7;
        SplittableRandom rng = new SplittableRandom(42);
        double[] e = WishartMechanism.sample(d, 2, scale, rng);

        SplittableRandom replay = new SplittableRandom(42);
        double[] z1 = {replay.nextGaussian(), replay.nextGaussian(), replay.nextGaussian()};
        double[] z2 = {replay.nextGaussian(), replay.nextGaussian(), replay.nextGaussian()};
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                // Contract: E_ij = scale · (z1_i z1_j + z2_i z2_j), the upper triangle mirrored.
                int a = Math.min(i, j);
                int b = Math.max(i, j);
                assertEquals(scale * (z1[a] * z1[b] + z2[a] * z2[b]), e[i * d + j], 0, "(" + i + "," + j + ")");
            }
        }
        // Exactly ν·d draws were consumed.
        assertEquals(replay.nextLong(), rng.nextLong());
        assertArrayEquals(e, WishartMechanism.sample(d, 2, scale, new SplittableRandom(42)), 0);
    }

    @Test
    void addNoiseAddsASample() {
        int d = 4;
        double[] m = new double[d * d];
        for (int i = 0; i < m.length; i++) {
            m[i] = (i / d + 1) * (i % d + 1); // symmetric
        }
        double[] expected = m.clone();
        double[] sample = WishartMechanism.sample(d, d + 1, 0.3, new SplittableRandom(5));
        for (int i = 0; i < m.length; i++) {
            expected[i] += sample[i];
        }
        WishartMechanism.addNoise(m, d, d + 1, 0.3, new SplittableRandom(5));
        assertArrayEquals(expected, m, 0);
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                assertEquals(m[i * d + j], m[j * d + i], 0);
            }
        }
    }

    @Test
    void rejectsInvalidArguments() {
        SplittableRandom rng = new SplittableRandom(1);
        assertThrows(IllegalArgumentException.class, () -> WishartMechanism.sample(0, 1, 1, rng));
        assertThrows(IllegalArgumentException.class, () -> WishartMechanism.sample(2, 0, 1, rng));
        assertThrows(IllegalArgumentException.class, () -> WishartMechanism.sample(2, 3, 0, rng));
        assertThrows(IllegalArgumentException.class, () -> WishartMechanism.sample(2, 3, Double.NaN, rng));
        assertThrows(IllegalArgumentException.class, () -> WishartMechanism.addNoise(new double[5], 2, 3, 1, rng));
    }
}
