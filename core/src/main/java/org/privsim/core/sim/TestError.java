package org.privsim.core.sim;

/**
 * Held-out error of the users' final models on a real data set (no ground truth): every user's test
 * rows are predicted with its own final model.
 *
 * @param mse        mean over users of each user's test MSE
 * @param mseSamples test MSE over all test rows pooled (users weighted by their test rows)
 * @param r2         1 − Σ_j SSE_j / Σ_j SST_j, SST_j around user j's training-mean label: the share of the
 *                   per-user-mean predictor's test error the models remove (0: no better, negative: worse)
 */
public record TestError(double mse, double mseSamples, double r2) {}
