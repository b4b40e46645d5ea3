package org.privsim.core.family.ratings;

import org.privsim.core.data.UserRatings;
import org.privsim.core.linalg.SmallSolve;

/**
 * The biased matrix-factorization model of the ratings algorithms. The billboard holds the item
 * factors ũ_i = (u_i, a_i) ∈ R^K, K = k + 1, row i of a row-major items × K array (a_i, the item's
 * bias, last); user j holds its head θ_j = (v_j, b_j) ∈ R^K (b_j its bias, last) and predicts
 * r̂_ij = clamp(c + ⟨u_i, v_j⟩ + a_i + b_j) — c the rating range's midpoint, clamped to the range.
 *
 * <p>Guarantee: pure functions; sums run in the ratings' order, so results are bit-identical on
 * every runner.
 */
public final class Factorization {
    private Factorization() {}

    /**
     * The user's head: the ridge fit θ = (Σ x xᵀ + λI)⁻¹ Σ x t over its ratings, with features x =
     * (u_i, 1) and targets t = r − c − a_i (the V-step; never released).
     */
    public static double[] fitHead(double[] factors, int width, UserRatings ratings, double center, double ridge) {
        int k = width - 1;
        double[] gram = new double[width * width];
        double[] rhs = new double[width];
        double[] x = new double[width];
        for (int s = 0; s < ratings.count(); s++) {
            int base = ratings.items()[s] * width;
            System.arraycopy(factors, base, x, 0, k);
            x[k] = 1;
            double t = ratings.ratings()[s] - center - factors[base + k];
            for (int p = 0; p < width; p++) {
                rhs[p] += x[p] * t;
                for (int q = 0; q < width; q++) {
                    gram[p * width + q] += x[p] * x[q];
                }
            }
        }
        for (int p = 0; p < width; p++) {
            gram[p * width + p] += ridge;
        }
        return SmallSolve.symmetric(gram, rhs, width);
    }

    /** ⟨u_i, v⟩ + a_i + b, the predicted residual r̂ − c before clamping. */
    public static double residual(double[] factors, int width, double[] head, int item) {
        int base = item * width;
        int k = width - 1;
        double sum = factors[base + k] + head[k];
        for (int p = 0; p < k; p++) {
            sum += factors[base + p] * head[p];
        }
        return sum;
    }

    /** x clamped to [low, high]. */
    public static double clamp(double x, double low, double high) {
        return Math.min(high, Math.max(low, x));
    }
}
