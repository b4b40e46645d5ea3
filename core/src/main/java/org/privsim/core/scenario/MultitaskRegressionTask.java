package org.privsim.core.scenario;

import java.util.List;

/**
 * Multi-task linear regression as simulated by Liang et al. (model-protected MTL, §5.4): m tasks,
 * task i holds n training rows, {@code testSamplesPerTask} test rows and
 * {@code validationSamplesPerTask} validation rows (used only to choose λ), each row x ~ N(0, I_d)
 * normalised to unit ℓ2 norm, y = ⟨x, w_i⟩ + N(0, σ²). The true models W = [w_1 … w_m] follow
 * {@link #structure}: low-rank W = G Lᵀ with G ∈ R^{d×r} and the rows of L ∈ R^{m×r} i.i.d.
 * N(0, (s²/r) I_r) — so W ~ MVN(0, I_d, Σ) given L with the rank-r task covariance Σ = L Lᵀ and
 * E‖w_i‖² = d s² — or group-sparse (first 4 rows nonzero, uniform on [−50, −1] ∪ [1, 50]). A task
 * may list both structures; experiments then run on each.
 *
 * <p>Guarantee: validated by the parser — 2 ≤ tasks, 2 ≤ samplesPerTask, 1 ≤ dimension,
 * 1 ≤ testSamplesPerTask, 1 ≤ validationSamplesPerTask, labelNoise ≥ 0, 1 ≤ taskRank ≤
 * min(d, m) and modelScale &gt; 0 (low-rank), d ≥ 4 (group-sparse); the data of task i is a pure
 * function of (seed, repeat, i).
 *
 * @param tasks                    m
 * @param samplesPerTask           n, training rows per task
 * @param dimension                d
 * @param testSamplesPerTask       test rows per task (the paper: 9n)
 * @param validationSamplesPerTask validation rows per task (default n)
 * @param structures               the patterns of W; each experiment runs on each (one cell per structure)
 * @param labelNoise               σ
 * @param taskRank                 r, rank of the task covariance (low-rank)
 * @param modelScale               s, the entry scale of W (low-rank)
 */
public record MultitaskRegressionTask(int tasks, int samplesPerTask, int dimension, int testSamplesPerTask,
        int validationSamplesPerTask, List<MultitaskStructure> structures, double labelNoise, int taskRank,
        double modelScale) implements Task {

    /** Scenario name of this task type. */
    public static final String TYPE = "multitask-regression";

    public MultitaskRegressionTask {
        structures = List.copyOf(structures);
    }

    @Override
    public String type() {
        return TYPE;
    }

    /**
     * The structure of a single-structure task (a cell's).
     *
     * @throws IllegalStateException when the task lists several
     */
    public MultitaskStructure structure() {
        if (structures.size() != 1) {
            throw new IllegalStateException("the task has " + structures.size() + " structures; take one cell's");
        }
        return structures.get(0);
    }

    /** The same task with the single structure {@code s} (one experiment cell). */
    public MultitaskRegressionTask withStructure(MultitaskStructure s) {
        return new MultitaskRegressionTask(tasks, samplesPerTask, dimension, testSamplesPerTask,
                validationSamplesPerTask, List.of(s), labelNoise, taskRank, modelScale);
    }
}
