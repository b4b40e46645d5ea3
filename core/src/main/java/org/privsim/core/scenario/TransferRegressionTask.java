package org.privsim.core.scenario;

import java.util.List;

/**
 * Public→private transfer for linear regression (Thaker et al. model (2)): a shared subspace
 * B ∈ R^{d×k} with orthonormal columns; t public tasks α_1 … α_t and one private task α_{t+1}, each
 * α ~ N(0, (s²/k) I_k) (so E‖Bα‖² = s²); every row x ~ N(0, I_d), y = xᵀ B α_{t(i)} + N(0, σ²).
 * Public row i belongs to task i mod t (an equal number per task, as Tripuraneni et al.'s
 * estimator assumes); private row i is held by user i of the private task. With
 * {@code subspaceShift} γ &gt; 0 the private task's subspace is B' = B√(1 − γ²) + Pγ with P
 * orthonormal and orthogonal to B, so every principal angle between B and B' has sine γ, and the
 * private model is w* = B' α_{t+1}.
 *
 * <p>Guarantee: validated by the parser — 1 ≤ rank ≤ dimension (2·rank ≤ dimension when γ &gt; 0),
 * publicTasks ≥ 1, every publicSamples ≥ 1, every privateSamples ≥ 2, 0 ≤ γ ≤ 1, labelNoise ≥ 0,
 * taskNorm &gt; 0. Public row i and private row i are pure functions of (seed, repeat, i), so a
 * smaller n₁ (or n₂) is a prefix of a larger one.
 *
 * @param dimension      d
 * @param rank           k
 * @param publicTasks    t
 * @param publicSamples  n₁ values, public rows in total over the tasks (each value is one estimate of B)
 * @param privateSamples n₂ values, rows of the private task (the x-axis of Thaker et al. Fig. 3)
 * @param subspaceShift  γ, sine of the principal angles between the public and the private subspace
 * @param labelNoise     σ
 * @param taskNorm       s, the scale of the task vectors
 */
public record TransferRegressionTask(int dimension, int rank, int publicTasks, List<Integer> publicSamples,
        List<Integer> privateSamples, double subspaceShift, double labelNoise, double taskNorm) implements Task {

    /** Scenario name of this task type. */
    public static final String TYPE = "transfer-regression";

    public TransferRegressionTask {
        publicSamples = List.copyOf(publicSamples);
        privateSamples = List.copyOf(privateSamples);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
