package org.privsim.core.family.multitask;

/**
 * What the multi-task curator asks of every task. Plain values only, so the same records travel
 * inside actor messages.
 */
public sealed interface TaskRequest permits TaskRequest.Begin, TaskRequest.Project, TaskRequest.Evaluate {

    /** Form w_i⁽⁰⁾ (or, for dp-aggr, the task's ridge model) and answer with its clipped copy w̃_i. */
    record Begin() implements TaskRequest {}

    /**
     * Iteration t of Liang et al. Alg. 2/3, steps 9–11: ŵ⁽ᵗ⁾ = M w̃⁽ᵗ⁻¹⁾,
     * z = ŵ⁽ᵗ⁾ + β_t (ŵ⁽ᵗ⁾ − ŵ⁽ᵗ⁻¹⁾), w⁽ᵗ⁾ = z − η ∇L_i(z); answer with the clipped w̃⁽ᵗ⁾.
     *
     * @param iteration  t, 1-based
     * @param projection M, row-major d×d, or its diagonal (length d) for the row-wise projection
     */
    record Project(int iteration, double[] projection) implements TaskRequest {}

    /**
     * Score the task's final model on its validation and test rows: the shared model when given
     * (dp-aggr), else the last projected model ŵ⁽ᵀ⁾ (iterative algorithms) or the own ridge model.
     *
     * @param shared the released shared model, or null
     */
    record Evaluate(double[] shared) implements TaskRequest {}
}
