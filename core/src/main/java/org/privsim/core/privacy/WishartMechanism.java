package org.privsim.core.privacy;

import java.util.SplittableRandom;

/**
 * Wishart noise for a covariance release (Jiang, Xie and Zhang 2016, as used by Liang et al.
 * Alg. 1–3 step 5): E ~ W_d(ν, s·I_d) with s = K²/(2ε) makes Σ̃ + E an (ε, 0)-DP release of
 * Σ̃ = Σ_i w̃_i w̃_iᵀ when every ‖w̃_i‖ ≤ K (ν = d + 1 in the paper).
 *
 * <p>Guarantees: E = Σ_{k=1..ν} g_k g_kᵀ with g_k ~ N(0, s I_d), drawn g_1 (coordinates 0..d−1),
 * then g_2, …; the upper triangle is summed in k order and mirrored, so E is exactly symmetric and
 * the same stream state gives the same bits.
 */
public final class WishartMechanism {
    private WishartMechanism() {}

    /** The scale s = K²/(2ε) of the paper's W_d(d + 1, s I). */
    public static double scale(double clip, double epsilon) {
        Args.positive("clip", clip);
        Args.positive("epsilon", epsilon);
        return clip * clip / (2 * epsilon);
    }

    /** A sample of W_d(ν, s I) as a row-major d×d array. */
    public static double[] sample(int d, int degreesOfFreedom, double scale, SplittableRandom rng) {
        double[] e = new double[d * d];
        addNoise(e, d, degreesOfFreedom, scale, rng);
        return e;
    }

    /** Adds a sample of W_d(ν, s I) in place to a row-major d×d matrix. */
    public static void addNoise(double[] rowMajorSquare, int d, int degreesOfFreedom, double scale,
                                SplittableRandom rng) {
        if (d < 1 || (long) d * d != rowMajorSquare.length) {
            throw new IllegalArgumentException("matrix of length " + rowMajorSquare.length + " is not " + d + " x " + d);
        }
        if (degreesOfFreedom < 1) {
            throw new IllegalArgumentException("degrees of freedom must be ≥ 1, got " + degreesOfFreedom);
        }
        Args.positive("scale", scale);
        double sd = Math.sqrt(scale);
        double[] upper = new double[d * d];
        double[] g = new double[d];
        for (int k = 0; k < degreesOfFreedom; k++) {
            for (int p = 0; p < d; p++) {
                g[p] = sd * rng.nextGaussian();
            }
            for (int p = 0; p < d; p++) {
                for (int q = p; q < d; q++) {
                    upper[p * d + q] += g[p] * g[q];
                }
            }
        }
        for (int p = 0; p < d; p++) {
            for (int q = p; q < d; q++) {
                rowMajorSquare[p * d + q] += upper[p * d + q];
                if (q != p) {
                    rowMajorSquare[q * d + p] += upper[p * d + q];
                }
            }
        }
    }
}
