package org.privsim.core.sim;

/**
 * L2 sensitivities of the released statistics under replace-one-user neighbouring data sets,
 * derived from the clip bounds and the split sizes. A release's Gaussian noise is σ = S/√(2ρ),
 * giving ρ-zCDP per release. Symmetric matrices are released through their upper triangle
 * (incl. diagonal), whose L2 norm is at most the Frobenius norm, so a Frobenius bound is valid.
 *
 * <p>These are the replace-one bounds; the add/remove-one bounds are half (vectors) or 1/√2 (PSD
 * matrices) of them. The sensitivity tests replace a user by adversarial data and check that the
 * pre-noise statistic never moves farther than these numbers.
 */
public final class Sensitivities {
    private Sensitivities() {}

    /**
     * Initialisation matrix Σ_pairs W: each pair term sym(x_a x_bᵀ)/(‖x_a‖‖x_b‖)·ỹ_aỹ_b has Frobenius
     * norm ≤ ζ² (‖sym(M)‖_F ≤ ‖M‖_F = 1 for the normalised outer product), a user's sum ≤ m_I ζ²,
     * and two such sums of either sign differ by ≤ 2 m_I ζ².
     */
    public static double init(int pairs, double clipLabel) {
        return 2.0 * pairs * clipLabel * clipLabel;
    }

    /**
     * A = Σ w wᵀ with ‖w‖ ≤ η: a user's term P is PSD with ‖P‖_F ≤ tr P ≤ m_U η². For two PSD
     * matrices ⟨P, Q⟩ ≥ 0, so ‖P − Q‖_F² ≤ ‖P‖_F² + ‖Q‖_F² ≤ 2 (m_U η²)²: S = √2·m_U·η²
     * (attained by two users whose w's are orthogonal).
     */
    public static double gram(int samples, double clipModel) {
        return Math.sqrt(2.0) * samples * clipModel * clipModel;
    }

    /**
     * b = Σ ỹ w with |ỹ| ≤ ζ, ‖w‖ ≤ η: a user's term has norm ≤ m_U ζ η and two terms of opposite
     * sign differ by 2·m_U·ζ·η.
     */
    public static double moment(int samples, double clipModel, double clipLabel) {
        return 2.0 * samples * clipModel * clipLabel;
    }

    /**
     * b with each user's b_j also scaled into the ball of radius C (Kronecker U-step): a user's
     * term has norm ≤ min(C, m_U ζ η), and two terms of opposite sign differ by twice that.
     */
    public static double clippedMoment(int samples, double clipModel, double clipLabel, double clipMoment) {
        return 2.0 * Math.min(clipMoment, samples * clipModel * clipLabel);
    }
}
