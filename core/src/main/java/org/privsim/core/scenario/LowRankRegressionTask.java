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
 * @param population     how runs hold the users' data sets, or null when the scenario leaves it to the
 *                       runner (which picks {@link PopulationMode#STORED} when the run fits its heap,
 *                       {@link PopulationMode#REGENERATED} otherwise); runs treat null as stored
 */
public record LowRankRegressionTask(int users, int samplesPerUser, int dimension, int rank, double labelNoise,
                                    PopulationMode population) implements Task {

    /** A task whose population mode is left to the runner. */
    public LowRankRegressionTask(int users, int samplesPerUser, int dimension, int rank, double labelNoise) {
        this(users, samplesPerUser, dimension, rank, labelNoise, null);
    }

    /** The same task with population mode {@code mode} (null: left to the runner). */
    public LowRankRegressionTask withPopulation(PopulationMode mode) {
        return new LowRankRegressionTask(users, samplesPerUser, dimension, rank, labelNoise, mode);
    }

    /** Whether runs rebuild a user's data set per step instead of keeping it. */
    public boolean regenerated() {
        return population == PopulationMode.REGENERATED;
    }

    /** Scenario name of this task type. */
    public static final String TYPE = "low-rank-regression";

    @Override
    public String type() {
        return TYPE;
    }
}
