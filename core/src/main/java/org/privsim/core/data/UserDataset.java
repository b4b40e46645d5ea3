package org.privsim.core.data;

/**
 * One user's private data set in the low-rank regression model, plus its ground truth (synthetic
 * data) or its held-out test rows (real data).
 *
 * <p>Guarantee: a pure function of (seed, user id, task) — see {@link LowRankData#user} and
 * {@link DatasetPopulation#user} — so any runner, thread or node rebuilds the identical data set.
 * The ground-truth fields ({@code vStar}, {@code thetaStar}) and the test rows are used only by
 * metrics, never by an algorithm. Exactly one of thetaStar and testY is non-null.
 *
 * @param user      user id j
 * @param dimension d
 * @param x         m×d features, row-major (row i is x_ij)
 * @param y         m labels
 * @param vStar     v_j* ∈ R^k (ground truth)
 * @param thetaStar θ_j* = U* v_j* ∈ R^d (ground truth), or null for real data
 * @param testX     test rows' features, row-major (real data), or null
 * @param testY     test rows' labels (real data), or null
 * @param featureNorms ‖x_i‖ of every training row, computed once from x when the data set is built
 *                  (the clip weights of every round read them); x must not change afterwards
 */
public record UserDataset(int user, int dimension, double[] x, double[] y, double[] vStar, double[] thetaStar,
                          double[] testX, double[] testY, double[] featureNorms) {

    /** A data set with its feature norms computed from x. */
    public UserDataset(int user, int dimension, double[] x, double[] y, double[] vStar, double[] thetaStar,
                       double[] testX, double[] testY) {
        this(user, dimension, x, y, vStar, thetaStar, testX, testY, norms(x, y.length, dimension));
    }

    /** A synthetic user with ground truth and no test rows. */
    public UserDataset(int user, int dimension, double[] x, double[] y, double[] vStar, double[] thetaStar) {
        this(user, dimension, x, y, vStar, thetaStar, null, null);
    }

    /** Number of samples m. */
    public int samples() {
        return y.length;
    }

    /** Euclidean norm of sample i's feature vector. */
    public double featureNorm(int i) {
        return featureNorms[i];
    }

    /** ‖x_i‖ for each of the m rows, each the left-to-right sum of squares over the d coordinates. */
    private static double[] norms(double[] x, int rows, int d) {
        double[] norms = new double[rows];
        for (int i = 0; i < rows; i++) {
            double s = 0;
            int off = i * d;
            for (int p = 0; p < d; p++) {
                s += x[off + p] * x[off + p];
            }
            norms[i] = Math.sqrt(s);
        }
        return norms;
    }
}
