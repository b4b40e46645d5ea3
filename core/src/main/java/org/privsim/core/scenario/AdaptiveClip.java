package org.privsim.core.scenario;

/**
 * The settings of adaptive clipping (Andrew, Thakkar, McMahan &amp; Ramaswamy, NeurIPS 2021,
 * "Differentially private learning with adaptive clipping"): each sampled user also reports the
 * centred bit b − 1/2, b = 1[‖Δ‖ ≤ C_t] (add/remove sensitivity 1/2); the curator forms
 * b̄ = (Σ (b − 1/2) + N(0, σ_b²))/(q·n) + 1/2 and sets C_{t+1} = C_t·exp(−η_C·(b̄ − γ)).
 *
 * <p>Guarantee: an immutable value with every default resolved.
 *
 * @param targetQuantile   γ in (0, 1), the quantile of the update norms the clip tracks
 * @param countNoise       σ_b, the std of the noise on the count Σ b
 * @param clipLearningRate η_C, the step of the geometric update
 */
public record AdaptiveClip(double targetQuantile, double countNoise, double clipLearningRate) {
    /** Default γ (the median). */
    public static final double TARGET_QUANTILE = 0.5;
    /** Default η_C (the paper's). */
    public static final double CLIP_LEARNING_RATE = 0.2;
    /** The default σ_b is the expected cohort q·n over this (the paper's m/20). */
    public static final double COUNT_NOISE_DIVISOR = 20;

    /**
     * The multiplier z_Δ = (z⁻² − (2σ_b)⁻²)^(−1/2) of the noise on the update sum that, with the count's
     * noise σ_b, accounts the pair as one Gaussian of multiplier z; NaN when z ≥ 2σ_b (no room). Scaled
     * by their sensitivities, the sum is a Gaussian of multiplier z_Δ and the centred count one of 2σ_b,
     * and two Gaussian answers of multipliers a and b are one of multiplier (a⁻² + b⁻²)^(−1/2).
     */
    public double sumMultiplier(double noiseMultiplier) {
        double rest = 1 / (noiseMultiplier * noiseMultiplier) - 1 / (4 * countNoise * countNoise);
        return rest > 0 ? 1 / Math.sqrt(rest) : Double.NaN;
    }
}
