package org.privsim.core.family.ratings;

import java.util.SplittableRandom;
import org.privsim.core.linalg.FlooredSolve;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.linalg.SmallSolve;
import org.privsim.core.privacy.GaussianMechanism;

/**
 * The U-step's per-item sufficient statistics: A_i = Σ_j w_j w_jᵀ (K × K) and b_i = Σ_j y_ij w_j
 * over the users j whose contribution holds item i. The least-squares problem for the item factors
 * decouples by item, so ũ_i = (A_i + λI)⁻¹ b_i, each from its own statistics.
 *
 * <p>Guarantee: contributions are added in call order with fixed-order arithmetic; {@link #solve}
 * draws the noise of every item in item order (A_i's upper triangle row by row, then b_i's
 * coordinates, each from its own stream), so the result is a pure function of the contributions in
 * order and the two streams.
 */
public final class ItemStatistics {
    private final int items;
    private final int width;
    private final double[] gram;
    private final double[] moment;

    /** Empty statistics of {@code items} items with factors of width K. */
    public ItemStatistics(int items, int width) {
        this.items = items;
        this.width = width;
        this.gram = new double[items * width * width];
        this.moment = new double[items * width];
    }

    /** Adds one user's contribution: w wᵀ to A_i and y_s·w to b_i for each of its items i = items[s]. */
    public void add(int[] itemIndices, double[] residuals, double[] weight) {
        double[] outer = new double[width * width];
        for (int p = 0; p < width; p++) {
            for (int q = 0; q < width; q++) {
                outer[p * width + q] = weight[p] * weight[q];
            }
        }
        for (int s = 0; s < itemIndices.length; s++) {
            int item = itemIndices[s];
            int g = item * width * width;
            for (int e = 0; e < outer.length; e++) {
                gram[g + e] += outer[e];
            }
            int b = item * width;
            double y = residuals[s];
            for (int p = 0; p < width; p++) {
                moment[b + p] += y * weight[p];
            }
        }
    }

    /**
     * The new item factors (items × K, row-major). Without noise ({@code gramRng == null}): ũ_i =
     * (A_i + λI)⁻¹ b_i (Cholesky, or the pseudo-inverse for a singular system). With noise: A_i +
     * N_sym(0, σ_A²) + λI and b_i + N(0, σ_b² I), solved with every eigenvalue below the noise's
     * expected spectral norm 2√K·σ_A raised to it ({@link FlooredSolve}).
     *
     * @return the factors and how many items had an eigenvalue floored
     */
    public Solution solve(double ridge, double sigmaGram, SplittableRandom gramRng, double sigmaMoment,
                          SplittableRandom momentRng) {
        return solve(ridge, sigmaGram, gramRng, sigmaMoment, momentRng, null);
    }

    /**
     * {@link #solve(double, double, SplittableRandom, double, SplittableRandom)}, also writing the noisy
     * statistics, before the ridge and the solve, into {@code noisy} (null: nowhere; only with noise) —
     * the same draws, so the same factors.
     */
    public Solution solve(double ridge, double sigmaGram, SplittableRandom gramRng, double sigmaMoment,
                          SplittableRandom momentRng, Released noisy) {
        if (noisy != null && (gramRng == null || noisy.grams().length != items * PackedSymmetric.length(width)
                || noisy.moments().length != items * width)) {
            throw new IllegalArgumentException("noisy statistics need noise and room for " + items + " items");
        }
        int packed = PackedSymmetric.length(width);
        double[] factors = new double[items * width];
        double[] a = new double[width * width];
        double[] b = new double[width];
        double floor = gramRng == null ? 0 : 2 * Math.sqrt(width) * sigmaGram;
        int floored = 0;
        for (int i = 0; i < items; i++) {
            System.arraycopy(gram, i * width * width, a, 0, a.length);
            System.arraycopy(moment, i * width, b, 0, width);
            double[] u;
            if (gramRng == null) {
                for (int p = 0; p < width; p++) {
                    a[p * width + p] += ridge;
                }
                u = SmallSolve.symmetric(a, b, width);
            } else {
                GaussianMechanism.addSymmetricNoise(a, width, sigmaGram, gramRng);
                double[] noisyB = GaussianMechanism.addNoise(b, sigmaMoment, momentRng);
                if (noisy != null) {
                    System.arraycopy(PackedSymmetric.pack(a, width), 0, noisy.grams(), i * packed, packed);
                    System.arraycopy(noisyB, 0, noisy.moments(), i * width, width);
                }
                for (int p = 0; p < width; p++) {
                    a[p * width + p] += ridge;
                }
                FlooredSolve.Solution solution = FlooredSolve.solve(a, noisyB, width, floor);
                u = solution.u();
                floored += solution.flooredEigenvalues() > 0 ? 1 : 0;
            }
            System.arraycopy(u, 0, factors, i * width, width);
        }
        return new Solution(factors, floored);
    }

    /** The statistics as released before noise: every item's A_i upper triangle, then every item's b_i. */
    public Released released() {
        int packed = PackedSymmetric.length(width);
        Released released = Released.zeros(items, width);
        for (int i = 0; i < items; i++) {
            double[] a = java.util.Arrays.copyOfRange(gram, i * width * width, (i + 1) * width * width);
            System.arraycopy(PackedSymmetric.pack(a, width), 0, released.grams(), i * packed, packed);
        }
        System.arraycopy(moment, 0, released.moments(), 0, moment.length);
        return released;
    }

    /**
     * The U-step's statistics in the coordinates the noise is added to.
     *
     * @param grams   every item's A_i as its upper triangle row by row ({@link PackedSymmetric}), item order
     * @param moments every item's b_i, item order
     */
    public record Released(double[] grams, double[] moments) {
        /** Zeros for {@code items} items of width K. */
        public static Released zeros(int items, int width) {
            return new Released(new double[items * PackedSymmetric.length(width)], new double[items * width]);
        }
    }

    /** A[item] (row-major K × K copy), for tests. */
    double[] gram(int item) {
        return java.util.Arrays.copyOfRange(gram, item * width * width, (item + 1) * width * width);
    }

    /** b[item] (copy), for tests. */
    double[] moment(int item) {
        return java.util.Arrays.copyOfRange(moment, item * width, (item + 1) * width);
    }

    /**
     * New item factors.
     *
     * @param factors      items × K, row-major
     * @param flooredItems items whose noisy system had an eigenvalue raised to the floor
     */
    public record Solution(double[] factors, int flooredItems) {}
}
