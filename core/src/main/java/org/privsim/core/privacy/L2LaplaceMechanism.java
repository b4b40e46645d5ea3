package org.privsim.core.privacy;

import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Output perturbation for ℓ2 sensitivity (Chaudhuri, Monteleoni &amp; Sarwate 2011; used by Pathak et
 * al. 2010): v + z with z of density ∝ exp(−ε‖z‖₂/Δ) in d dimensions.
 *
 * <p>Guarantee (privacy): if neighbouring inputs move v by at most Δ in ℓ2 norm, the output is
 * (ε, 0)-DP, since the density ratio at any output is exp(ε(‖z'‖ − ‖z‖)/Δ) ≤ exp(ε‖v − v'‖/Δ) ≤ e^ε.
 *
 * <p>Guarantee (sampling and determinism): z = r·u with u uniform on the unit sphere and r ~
 * Gamma(shape d, scale Δ/ε), which is that density in polar form. The draws are, in this order:
 * d {@code rng.nextGaussian()} values g_0..g_{d−1} (u = g/‖g‖; redrawn as a whole in the
 * probability-zero event g = 0), then d {@code rng.nextDouble()} values giving U_k = 1 − value in
 * (0, 1], so r = −(Δ/ε)·Σ_k log U_k (summed in k order) never involves log 0. Nothing else is
 * drawn, so the same generator state always yields the same bits.
 */
public final class L2LaplaceMechanism {
    private L2LaplaceMechanism() {}

    /**
     * A new array v + z, z as above; the input is not modified.
     *
     * @param v           the statistic, at least one coordinate
     * @param sensitivity Δ, positive and finite
     * @param epsilon     ε, positive and finite
     * @throws IllegalArgumentException also when Δ/ε overflows a double
     */
    public static double[] addNoise(double[] v, double sensitivity, double epsilon, SplittableRandom rng) {
        Args.positive("sensitivity", sensitivity);
        Args.positive("epsilon", epsilon);
        double noiseScale = sensitivity / epsilon;
        if (!(noiseScale > 0 && noiseScale < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("sensitivity/epsilon = " + sensitivity + "/" + epsilon + " is "
                    + noiseScale + ", not a positive finite double");
        }
        return addScaledNoise(v, noiseScale, rng);
    }

    /**
     * v + z as above with the radius scale Δ/ε of {@code release}, an ℓ2-Laplace release
     * ({@link Release#sigma}): the noise added is the noise recorded.
     */
    public static double[] addNoise(double[] v, Release release, SplittableRandom rng) {
        if (release.mechanism() != Release.Mechanism.L2_LAPLACE) {
            throw new IllegalArgumentException("release '" + release.name() + "' is not l2-laplace but "
                    + release.mechanism().id());
        }
        return addScaledNoise(v, release.sigma(), rng);
    }

    private static double[] addScaledNoise(double[] v, double noiseScale, SplittableRandom rng) {
        Objects.requireNonNull(v, "v");
        Objects.requireNonNull(rng, "rng");
        if (v.length == 0) {
            throw new IllegalArgumentException("v must have at least one coordinate");
        }
        int d = v.length;
        double[] g = new double[d];
        double norm;
        do {
            double squares = 0;
            for (int i = 0; i < d; i++) {
                g[i] = rng.nextGaussian();
                squares += g[i] * g[i];
            }
            norm = Math.sqrt(squares);
        } while (norm == 0);
        double logSum = 0;
        for (int k = 0; k < d; k++) {
            logSum += Math.log(1 - rng.nextDouble());
        }
        double radius = -noiseScale * logSum;
        double[] noisy = new double[d];
        for (int i = 0; i < d; i++) {
            noisy[i] = v[i] + radius * (g[i] / norm);
        }
        return noisy;
    }
}
