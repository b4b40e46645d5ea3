package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.hipparchus.distribution.continuous.GammaDistribution;
import org.junit.jupiter.api.Test;

class L2LaplaceMechanismTest {
    /** Two-sided failure probability of the exact (Gamma, Hoeffding) checks; the seeds are fixed. */
    private static final double TAIL = 1e-9;
    /**
     * Tolerance of the standard-error check, in standard errors: about 2e-9 failure probability by
     * the central limit theorem at 20 000 draws, at most 1/36 by Chebyshev's inequality.
     */
    private static final double STANDARD_ERRORS = 6;
    private static final int D = 4;
    private static final int DRAWS = 20_000;
    private static final double SENSITIVITY = 0.5;
    private static final double EPSILON = 2;
    /** Δ/ε, the scale of the radius. */
    private static final double B = SENSITIVITY / EPSILON;

    /** DRAWS noise vectors (the statistic is 0, so the output is the noise itself). */
    private static double[][] noise(long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] z = new double[DRAWS][];
        for (int n = 0; n < DRAWS; n++) {
            z[n] = L2LaplaceMechanism.addNoise(new double[D], SENSITIVITY, EPSILON, rng);
        }
        return z;
    }

    private static double norm(double[] z) {
        double squares = 0;
        for (double x : z) {
            squares += x * x;
        }
        return Math.sqrt(squares);
    }

    @Test
    void radiusHasTheMomentsOfGammaOfShapeD() {
        double sum = 0;
        double sumOfSquares = 0;
        for (double[] z : noise(31)) {
            // ‖z‖ is the drawn radius up to a few 2⁻⁵³ relative, far inside the bounds below.
            double r = norm(z) / B;
            sum += r;
            sumOfSquares += r * r;
        }
        // E‖z‖ = dΔ/ε: Σ r over the draws is exactly Gamma(N·d, 1).
        GammaDistribution gamma = new GammaDistribution((double) DRAWS * D, 1);
        double low = gamma.inverseCumulativeProbability(TAIL / 2);
        double high = gamma.inverseCumulativeProbability(1 - TAIL / 2);
        assertTrue(sum > low && sum < high, "sum of radii " + sum + " outside [" + low + ", " + high + "]");
        // E‖z‖² = d(d+1)(Δ/ε)²; E[r⁴] = d(d+1)(d+2)(d+3), so the mean of r² has standard error
        // √((d(d+1)(d+2)(d+3) − d²(d+1)²)/N).
        double second = D * (D + 1.0);
        double standardError = Math.sqrt((second * (D + 2) * (D + 3) - second * second) / DRAWS);
        assertEquals(second, sumOfSquares / DRAWS, STANDARD_ERRORS * standardError);
    }

    @Test
    void directionIsUniformOnTheSphere() {
        double[] sum = new double[D];
        double[] sumOfSquares = new double[D];
        for (double[] z : noise(32)) {
            double r = norm(z);
            for (int i = 0; i < D; i++) {
                double u = z[i] / r;
                sum[i] += u;
                sumOfSquares[i] += u * u;
            }
        }
        // u_i ∈ [−1, 1] has mean 0 and u_i² ∈ [0, 1] has mean 1/d by symmetry. Hoeffding:
        // P(|mean − E| ≥ t) ≤ 2 exp(−2Nt²/w²) for values in a range of width w.
        double meanBound = Math.sqrt(2 * Math.log(2 / TAIL) / DRAWS);       // w = 2
        double squareBound = Math.sqrt(Math.log(2 / TAIL) / (2.0 * DRAWS)); // w = 1
        for (int i = 0; i < D; i++) {
            assertEquals(0, sum[i] / DRAWS, meanBound, "coordinate " + i);
            assertEquals(1.0 / D, sumOfSquares[i] / DRAWS, squareBound, "coordinate " + i);
        }
    }

    @Test
    void drawsDirectionThenRadiusAndIsReproducible() {
        double[] v = {1, -2, 3.5};
        double[] copy = v.clone();
        SplittableRandom rng = new SplittableRandom(9);
        double[] noisy = L2LaplaceMechanism.addNoise(v, SENSITIVITY, EPSILON, rng);
        assertArrayEquals(copy, v, 0);

        SplittableRandom replay = new SplittableRandom(9);
        double[] g = {replay.nextGaussian(), replay.nextGaussian(), replay.nextGaussian()};
        double logSum = 0;
        for (int k = 0; k < v.length; k++) {
            logSum += Math.log(1 - replay.nextDouble());
        }
        double radius = -B * logSum;
        double gNorm = norm(g);
        for (int i = 0; i < v.length; i++) {
            assertEquals(v[i] + radius * (g[i] / gNorm), noisy[i], 0, "coordinate " + i);
        }
        // Exactly d Gaussians and d uniforms were consumed.
        assertEquals(replay.nextLong(), rng.nextLong());
        assertArrayEquals(noisy, L2LaplaceMechanism.addNoise(v, SENSITIVITY, EPSILON, new SplittableRandom(9)), 0);
    }

    @Test
    void rejectsInvalidArguments() {
        SplittableRandom rng = new SplittableRandom(1);
        assertThrows(IllegalArgumentException.class, () -> L2LaplaceMechanism.addNoise(new double[0], 1, 1, rng));
        assertThrows(IllegalArgumentException.class, () -> L2LaplaceMechanism.addNoise(new double[2], 0, 1, rng));
        assertThrows(IllegalArgumentException.class,
                () -> L2LaplaceMechanism.addNoise(new double[2], 1, Double.NaN, rng));
        assertThrows(IllegalArgumentException.class, () -> L2LaplaceMechanism.addNoise(new double[2], 1e300, 1e-300, rng));
    }
}
