package org.privsim.core.scenario;

/**
 * The low-rank linear regression model of Jain et al. 2021 (their eq. 2):
 * y_ij = ⟨U*ᵀ x_ij, v_j*⟩ + z_ij with x_ij ~ N(0, I_d), z_ij ~ N(0, σ_F²), U* ∈ R^{d×k}
 * orthonormal and v_j* ~ N(0, I_k).
 *
 * @param users          n, number of users
 * @param samplesPerUser m, samples held by each user
 * @param dimension      d, feature dimension
 * @param rank           k, rank of the shared representation (k ≤ d)
 * @param labelNoise     σ_F, standard deviation of the label noise
 */
public record LowRankRegressionTask(int users, int samplesPerUser, int dimension, int rank, double labelNoise)
        implements Task {

    /** Scenario name of this task type. */
    public static final String TYPE = "low-rank-regression";

    @Override
    public String type() {
        return TYPE;
    }
}
