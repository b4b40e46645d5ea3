package org.privsim.core.privacy;

import java.util.Objects;
import java.util.SplittableRandom;

/**
 * The Gaussian mechanism, with a fixed, documented order of random draws.
 *
 * <p>Guarantee (privacy): adding independent N(0, σ²) noise to every coordinate of a statistic with
 * L2 sensitivity S is ρ-zCDP with ρ = S²/(2σ²) ({@link Zcdp#gaussianRho}). For a symmetric matrix
 * statistic, {@link #addSymmetricNoise} is the Gaussian mechanism applied to the upper triangle
 * including the diagonal (the lower triangle is a copy, i.e. post-processing); the L2 sensitivity
 * of that upper triangle is at most the Frobenius sensitivity of the full symmetric statistic, so
 * charging ρ = S_F²/(2σ²) is sound.
 *
 * <p>Guarantee (determinism): the draws are {@code rng.nextGaussian()} calls in the order stated on
 * each method, one per noise value and nothing else, so the same generator state always yields the
 * same bits and leaves the generator in the same state.
 */
public final class GaussianMechanism {
    private GaussianMechanism() {}

    /**
     * {@link #addNoise(double[], double, SplittableRandom)} with the σ of {@code release}, a Gaussian
     * or sampled Gaussian release: the noise added is the noise recorded.
     */
    public static double[] addNoise(double[] statistic, Release release, SplittableRandom rng) {
        return addNoise(statistic, gaussianSigma(release), rng);
    }

    /**
     * {@link #addSymmetricNoise(double[], int, double, SplittableRandom)} with the σ of {@code release},
     * a Gaussian release: the noise added is the noise recorded.
     */
    public static void addSymmetricNoise(double[] rowMajorSquare, int size, Release release, SplittableRandom rng) {
        addSymmetricNoise(rowMajorSquare, size, gaussianSigma(release), rng);
    }

    private static double gaussianSigma(Release release) {
        if (release.mechanism() != Release.Mechanism.GAUSSIAN && !release.mechanism().sampled()) {
            throw new IllegalArgumentException("release '" + release.name() + "' is not Gaussian but "
                    + release.mechanism().id());
        }
        return release.sigma();
    }

    /**
     * A new array: {@code statistic[i] + sigma * rng.nextGaussian()}, drawn for i = 0, 1, ... in
     * index order. The input is not modified.
     *
     * @param sigma noise standard deviation, positive and finite
     */
    public static double[] addNoise(double[] statistic, double sigma, SplittableRandom rng) {
        Objects.requireNonNull(statistic, "statistic");
        Objects.requireNonNull(rng, "rng");
        Args.positive("sigma", sigma);
        double[] noisy = new double[statistic.length];
        for (int i = 0; i < statistic.length; i++) {
            noisy[i] = statistic[i] + sigma * rng.nextGaussian();
        }
        return noisy;
    }

    /**
     * Adds N_sym(0, σ²) in place to a row-major size × size matrix: for i = 0..size−1 (outer) and
     * j = i..size−1 (inner) it draws z = σ·{@code rng.nextGaussian()} and adds z to entry (i, j)
     * and, when i ≠ j, the same z to entry (j, i). A symmetric input stays exactly symmetric.
     *
     * @param sigma noise standard deviation, positive and finite
     */
    public static void addSymmetricNoise(double[] rowMajorSquare, int size, double sigma, SplittableRandom rng) {
        Objects.requireNonNull(rowMajorSquare, "rowMajorSquare");
        Objects.requireNonNull(rng, "rng");
        Args.positive("sigma", sigma);
        if (size < 0 || (long) size * size != rowMajorSquare.length) {
            throw new IllegalArgumentException("matrix of length " + rowMajorSquare.length
                    + " is not " + size + " x " + size);
        }
        for (int i = 0; i < size; i++) {
            for (int j = i; j < size; j++) {
                double z = sigma * rng.nextGaussian();
                rowMajorSquare[i * size + j] += z;
                if (i != j) {
                    rowMajorSquare[j * size + i] += z;
                }
            }
        }
    }
}
