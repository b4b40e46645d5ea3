package org.privsim.core.privacy;

import java.util.Objects;
import java.util.SplittableRandom;

/**
 * The Wishart mechanism for covariance matrices (Jiang, Xie &amp; Zhang 2016), as used by Liang et
 * al., "Model-protected multi-task learning", Algorithms 1–3 step 5: Σ = WWᵀ + E with
 * E ~ W_d(d + 1, K²/(2ε)·I_d).
 *
 * <p>Guarantee (privacy; Liang et al. Theorem 1 and its proof): when every column of W has ℓ2 norm
 * at most K (norm clipping), releasing WWᵀ + E with E ~ W_d(d + 1, {@link #scale scale}(K, ε)·I_d)
 * is (ε, 0)-DP with respect to replacing one column. That proof is for d + 1 degrees of freedom;
 * {@link #sample} takes any ν ≥ 1 so that the distribution can be tested and studied, but only
 * ν = d + 1 carries the guarantee.
 *
 * <p>Guarantee (determinism): a sample draws ν·d {@code rng.nextGaussian()} values and nothing else,
 * in the order g_1 (coordinates 0..d−1), g_2, …, g_ν, and sums in a fixed order, so the same
 * generator state always yields the same bits and leaves the generator in the same state. Samples
 * are exactly symmetric and positive semi-definite (up to rounding in the entries).
 */
public final class WishartMechanism {
    private WishartMechanism() {}

    /**
     * K²/(2ε), the scale s of W_d(d + 1, s·I_d) for ε-DP with columns clipped to norm K.
     *
     * @param clip    the clipping norm K, positive and finite
     * @param epsilon ε, positive and finite
     * @throws IllegalArgumentException also when K²/(2ε) is 0 or overflows a double
     */
    public static double scale(double clip, double epsilon) {
        Args.positive("clip", clip);
        Args.positive("epsilon", epsilon);
        double scale = clip * clip / (2 * epsilon);
        if (!(scale > 0 && scale < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("clip²/(2·epsilon) = " + clip + "²/(2·" + epsilon + ") is "
                    + scale + ", not a positive finite double");
        }
        return scale;
    }

    /**
     * A row-major d × d sample of W_d(ν, s·I_d): E = Σ_{k=1..ν} g_k g_kᵀ with g_k = √s·z_k and
     * z_k = ({@code rng.nextGaussian()} × d, coordinates 0..d−1), drawn z_1, z_2, …, z_ν. For i ≤ j,
     * E_ij = s · (Σ_k z_ki z_kj summed over k in order), and E_ji is set to E_ij.
     *
     * @param d                dimension, ≥ 1, with d² ≤ {@link Integer#MAX_VALUE}
     * @param degreesOfFreedom ν ≥ 1
     * @param scale            s, positive and finite
     */
    public static double[] sample(int d, int degreesOfFreedom, double scale, SplittableRandom rng) {
        if (d < 1 || (long) d * d > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("dimension must be in [1, 46340], got " + d);
        }
        if (degreesOfFreedom < 1) {
            throw new IllegalArgumentException("degreesOfFreedom must be at least 1, got " + degreesOfFreedom);
        }
        Args.positive("scale", scale);
        Objects.requireNonNull(rng, "rng");
        double[] e = new double[d * d];
        double[] z = new double[d];
        for (int k = 0; k < degreesOfFreedom; k++) {
            for (int i = 0; i < d; i++) {
                z[i] = rng.nextGaussian();
            }
            for (int i = 0; i < d; i++) {
                for (int j = i; j < d; j++) {
                    e[i * d + j] += z[i] * z[j];
                }
            }
        }
        for (int i = 0; i < d; i++) {
            for (int j = i; j < d; j++) {
                e[i * d + j] *= scale;
                e[j * d + i] = e[i * d + j];
            }
        }
        return e;
    }

    /**
     * {@link #addNoise(double[], int, int, double, SplittableRandom)} with d + 1 degrees of freedom and
     * the scale of {@code release}, a Wishart release ({@link Release#sigma}): the noise added is the
     * noise recorded.
     */
    public static void addNoise(double[] rowMajorSquare, int d, Release release, SplittableRandom rng) {
        if (release.mechanism() != Release.Mechanism.WISHART) {
            throw new IllegalArgumentException("release '" + release.name() + "' is not wishart but "
                    + release.mechanism().id());
        }
        addNoise(rowMajorSquare, d, d + 1, release.sigma(), rng);
    }

    /**
     * Adds a {@link #sample} (same draws, same order) to a row-major d × d matrix in place, entry by
     * entry; a symmetric input stays exactly symmetric.
     */
    public static void addNoise(double[] rowMajorSquare, int d, int degreesOfFreedom, double scale,
                                SplittableRandom rng) {
        Objects.requireNonNull(rowMajorSquare, "rowMajorSquare");
        if ((long) d * d != rowMajorSquare.length) {
            throw new IllegalArgumentException("matrix of length " + rowMajorSquare.length
                    + " is not " + d + " x " + d);
        }
        double[] e = sample(d, degreesOfFreedom, scale, rng);
        for (int i = 0; i < e.length; i++) {
            rowMajorSquare[i] += e[i];
        }
    }
}
