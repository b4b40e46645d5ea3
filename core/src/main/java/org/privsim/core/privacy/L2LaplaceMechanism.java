package org.privsim.core.privacy;

import java.util.SplittableRandom;

/**
 * Pure ε-DP output perturbation for a statistic of ℓ2 sensitivity Δ (Chaudhuri, Monteleoni and
 * Sarwate 2011; the noise of Pathak et al. 2010's DP-AGGR): z with density ∝ exp(−ε‖z‖₂/Δ), i.e. a
 * uniform direction times a radius ~ Gamma(d, Δ/ε).
 *
 * <p>Guarantee: draws the direction first (d Gaussians, normalised), then the radius as
 * −(Δ/ε) Σ_{k=1..d} ln U_k with U_k = 1 − nextDouble() ∈ (0, 1], so the same stream state gives
 * the same bits and never ln 0.
 */
public final class L2LaplaceMechanism {
    private L2LaplaceMechanism() {}

    /** A new array v + z. */
    public static double[] addNoise(double[] v, double sensitivity, double epsilon, SplittableRandom rng) {
        Args.positive("sensitivity", sensitivity);
        Args.positive("epsilon", epsilon);
        int d = v.length;
        double[] dir = new double[d];
        double norm = 0;
        for (int p = 0; p < d; p++) {
            dir[p] = rng.nextGaussian();
            norm += dir[p] * dir[p];
        }
        norm = Math.sqrt(norm);
        double radius = 0;
        for (int k = 0; k < d; k++) {
            radius -= Math.log(1 - rng.nextDouble());
        }
        radius *= sensitivity / epsilon;
        double[] out = new double[d];
        for (int p = 0; p < d; p++) {
            out[p] = v[p] + radius * dir[p] / norm;
        }
        return out;
    }
}
