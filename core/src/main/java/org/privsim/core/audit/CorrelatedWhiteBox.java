package org.privsim.core.audit;

import java.util.ArrayList;
import java.util.List;

/**
 * The white-box adversary of correlated-noise federated runs, scored by the exact Gaussian
 * likelihood ratio of the transcript after whitening it by the factorization. Per round t it knows
 * the σ actually added, the pre-noise clipped sum without the canary m⁰_t (everyone else's, computed
 * from the realised releases) and the canary's clipped contribution a_t.
 * <ul>
 *   <li><b>Tree</b> (DP-FTRL): the transcript is the noisy tree nodes, independent N(·, σ²) given the
 *       past. Node t covers rounds s_t … t; the partition being public, the canary's rounds are known, so
 *       the node's mean is Σ m⁰ over its rounds in world 0 plus the canary's a_r of the rounds r it joined
 *       in world 1, and the node's LLR is the Gaussian one ({@link #tree}).
 *   <li><b>Banded</b>: the released noisy sums y carry σ·C⁻¹Z; whitening v_t = Σ_{i&lt;b} c_i y_{t−i}
 *       gives v_t = Σ_i c_i x_{t−i} + σZ_t, independent given the past (C is invertible: the same
 *       likelihood ratio). The canary's partition is sampled only at its rounds j (one per cycle of b, each
 *       at rate p = q·b), and v_t, t ∈ [j, j + b − 1], carries c_{t−j}·a_j exactly when round j sampled
 *       it; so the block of round j has likelihood ratio (1 − p) + p·exp(Σ_t ℓ_t) ({@link #banded}).
 * </ul>
 * The score of each is Σ ln LR over nodes or blocks, by the chain rule the exact LLR of the whole
 * adaptive transcript: the Neyman–Pearson test of the two worlds. At b = 1 the banded score is
 * {@link SampledGaussianWhiteBox}'s.
 *
 * <p>Guarantee: pure functions of their arguments, evaluated in round order.
 */
public final class CorrelatedWhiteBox {
    private CorrelatedWhiteBox() {}

    /**
     * The LLR of a tree run's noisy nodes.
     *
     * @param sigma     per round, the σ actually added to its node
     * @param start     per round t (0-based index t − 1), the 0-based first round of the node t completes
     * @param without   per round, the clipped sum of the other users of its cohort
     * @param canary    per round, the canary's clipped contribution, or null when it is not in the cohort
     * @param nodes     per round, the noisy node it released
     */
    public static double tree(double[] sigma, int[] start, List<double[]> without, List<double[]> canary,
                              List<double[]> nodes) {
        List<SampledGaussianWhiteBox.View> views = new ArrayList<>();
        for (int t = 0; t < nodes.size(); t++) {
            double[] m0 = new double[nodes.get(t).length];
            double[] m1 = new double[m0.length];
            for (int r = start[t]; r <= t; r++) {
                add(m0, without.get(r), 1);
                add(m1, without.get(r), 1);
                if (canary.get(r) != null) {
                    add(m1, canary.get(r), 1);
                }
            }
            views.add(new SampledGaussianWhiteBox.View(1, new GaussianWhiteBox.View(sigma[t], m0, m1)));
        }
        return SampledGaussianWhiteBox.llr(views, nodes);
    }

    /**
     * The LLR of a banded run's released noisy sums, whitened by C.
     *
     * @param c         C's coefficients c₀ … c_{b−1} (b bands)
     * @param rate      p = q·b, the rate at which a sampled round draws the canary's partition
     * @param canaryRound whether round t (0-based) samples the canary's partition
     * @param sigma     the σ actually added (every round)
     * @param without   per round, the clipped sum of the other sampled users
     * @param canary    per round, the canary's clipped contribution at the round's model
     * @param released  per round, the released noisy sum
     */
    public static double banded(double[] c, double rate, boolean[] canaryRound, double sigma, List<double[]> without,
                                List<double[]> canary, List<double[]> released) {
        int b = c.length;
        int rounds = released.size();
        List<SampledGaussianWhiteBox.View> views = new ArrayList<>();
        List<double[]> observed = new ArrayList<>();
        for (int j = 0; j < rounds; j++) {
            if (!canaryRound[j]) {
                continue;
            }
            int end = Math.min(rounds, j + b);
            int d = released.get(j).length;
            double[] m0 = new double[(end - j) * d];
            double[] m1 = new double[m0.length];
            double[] v = new double[m0.length];
            for (int t = j; t < end; t++) {
                for (int i = 0; i < b && t - i >= 0; i++) {
                    for (int p = 0; p < d; p++) {
                        v[(t - j) * d + p] += c[i] * released.get(t - i)[p];
                        m0[(t - j) * d + p] += c[i] * without.get(t - i)[p];
                    }
                }
                for (int p = 0; p < d; p++) {
                    m1[(t - j) * d + p] = m0[(t - j) * d + p] + c[t - j] * canary.get(j)[p];
                }
            }
            views.add(new SampledGaussianWhiteBox.View(rate, new GaussianWhiteBox.View(sigma, m0, m1)));
            observed.add(v);
        }
        return SampledGaussianWhiteBox.llr(views, observed);
    }

    private static void add(double[] into, double[] values, double factor) {
        for (int p = 0; p < into.length; p++) {
            into[p] += factor * values[p];
        }
    }
}
