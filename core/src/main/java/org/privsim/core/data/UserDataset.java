package org.privsim.core.data;

/**
 * One user's private data set in the low-rank regression model, plus its ground truth.
 *
 * <p>Guarantee: a pure function of (seed, user id, task) — see {@link LowRankData#user} — so any
 * runner, thread or node rebuilds the identical data set. The ground-truth fields
 * ({@code vStar}, {@code thetaStar}) are used only by metrics, never by an algorithm.
 *
 * @param user      user id j
 * @param dimension d
 * @param x         m×d features, row-major (row i is x_ij)
 * @param y         m labels
 * @param vStar     v_j* ∈ R^k (ground truth)
 * @param thetaStar θ_j* = U* v_j* ∈ R^d (ground truth)
 */
public record UserDataset(int user, int dimension, double[] x, double[] y, double[] vStar, double[] thetaStar) {

    /** Number of samples m. */
    public int samples() {
        return y.length;
    }

    /** Euclidean norm of sample i's feature vector. */
    public double featureNorm(int i) {
        double s = 0;
        int off = i * dimension;
        for (int p = 0; p < dimension; p++) {
            s += x[off + p] * x[off + p];
        }
        return Math.sqrt(s);
    }
}
