package org.privsim.core.family.multitask;

/**
 * One task's private data in the multi-task regression model, plus its ground truth.
 *
 * <p>Guarantee: a pure function of (seed, repeat, task id, task shape) — see
 * {@link MultitaskPopulation#task} — so any runner or node rebuilds it identically. The training
 * rows are what the algorithms learn from; validation rows only choose λ; test rows only score;
 * {@code wStar} only feeds the leakage export and diagnostics, never an algorithm.
 *
 * @param task      task id i (0-based)
 * @param dimension d
 * @param x         n×d training features, row-major, rows of unit ℓ2 norm
 * @param y         n training targets
 * @param validX    validation features, row-major
 * @param validY    validation targets
 * @param testX     test features, row-major
 * @param testY     test targets
 * @param wStar     the true model w_i
 */
public record TaskData(int task, int dimension, double[] x, double[] y, double[] validX, double[] validY,
        double[] testX, double[] testY, double[] wStar) {

    /** Number of training rows n. */
    public int samples() {
        return y.length;
    }
}
