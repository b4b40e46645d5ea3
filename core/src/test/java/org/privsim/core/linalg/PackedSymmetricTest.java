package org.privsim.core.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The blocked Gram and initialisation kernels against the simple updates they replace, bit for bit. */
class PackedSymmetricTest {

    /**
     * Into a zero target the blocked kernel must give exactly the bits of the rank-one updates
     * (each entry is the same left-to-right sum over the rows): every dimension parity and
     * remainder of the 2×4 blocking (d = 1 … 11, 50), no rows, one row, ten rows, and an offset.
     */
    @Test
    void weightedGramIsBitIdenticalToRankOneUpdates() {
        SplittableRandom rng = new SplittableRandom(3);
        int[] dims = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 50};
        for (int d : dims) {
            for (int rows : new int[] {0, 1, 10}) {
                int skip = 2;
                double[] x = new double[(rows + skip) * d];
                for (int i = 0; i < x.length; i++) {
                    x[i] = rng.nextGaussian();
                }
                double[] w = new double[rows];
                for (int i = 0; i < rows; i++) {
                    w[i] = rng.nextDouble();
                }
                double[] expected = new double[PackedSymmetric.length(d)];
                for (int i = 0; i < rows; i++) {
                    addOuter(expected, x, (skip + i) * d, d, w[i]);
                }
                double[] actual = new double[PackedSymmetric.length(d)];
                PackedSymmetric.addWeightedGram(actual, x, skip * d, d, w, rows);
                assertArrayEquals(expected, actual, 0.0, "d=" + d + ", rows=" + rows);
            }
        }
    }

    /**
     * The SIMD kernel against the scalar one, bit for bit, into a target that already holds values
     * and with three scaled blocks as in the U-step (k = 2): every remainder of the 4×4 tiling and of
     * the rows left after the last four (d = 1 … 13, 50, 51), no rows, one, three and ten rows, a
     * row offset, and a block stride longer than the packed length. Skipped where this CPU has no
     * 256-bit vectors (then only the scalar kernel ever runs).
     */
    @Test
    void vectorKernelIsBitIdenticalToScalarKernel() {
        assumeTrue(VectorGram.usable(), "no 256-bit vectors on this CPU");
        SplittableRandom rng = new SplittableRandom(11);
        int[] dims = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 50, 51};
        for (int d : dims) {
            for (int rows : new int[] {0, 1, 3, 10}) {
                int skip = 3;
                double[] x = new double[(rows + skip + 1) * d];
                for (int i = 0; i < x.length; i++) {
                    x[i] = rng.nextGaussian();
                }
                double[] w = new double[rows];
                for (int i = 0; i < rows; i++) {
                    w[i] = rng.nextDouble() * 3;
                }
                double[] coefs = {rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()};
                int stride = PackedSymmetric.length(d) + 5;
                double[] scalar = new double[3 * stride];
                for (int i = 0; i < scalar.length; i++) {
                    scalar[i] = rng.nextGaussian();
                }
                double[] vector = scalar.clone();
                PackedSymmetric.addScaledWeightedGramScalar(scalar, coefs, stride, x, skip * d, d, w, rows);
                VectorGram.addScaledWeightedGram(vector, coefs, stride, x, skip * d, d, w, rows);
                assertArrayEquals(scalar, vector, 0.0, "d=" + d + ", rows=" + rows);
            }
        }
    }

    /**
     * The test JVM runs with {@code --add-modules jdk.incubator.vector} (as the launcher does), so on a
     * CPU with 256-bit vectors every test of the suite goes through the SIMD kernel.
     */
    @Test
    void launcherModuleSelectsVectorKernel() {
        assumeTrue(VectorGram.usable(), "no 256-bit vectors on this CPU");
        assertEquals("vector-256", PackedSymmetric.kernel());
    }

    /** It adds to what the target holds: twice into the same target doubles it. */
    @Test
    void weightedGramAccumulates() {
        int d = 7;
        double[] x = new double[3 * d];
        for (int i = 0; i < x.length; i++) {
            x[i] = i % 5 - 2;
        }
        double[] w = {1, 0.5, 2};
        double[] once = new double[PackedSymmetric.length(d)];
        PackedSymmetric.addWeightedGram(once, x, 0, d, w, 3);
        double[] twice = once.clone();
        PackedSymmetric.addWeightedGram(twice, x, 0, d, w, 3);
        for (int i = 0; i < once.length; i++) {
            assertEquals(2 * once[i], twice[i], 0.0);
        }
        // entry (0, 0) by hand: Σ w_i x_i0² with x_00 = −2, x_10 = 0 (7 % 5 − 2), x_20 = 2 (14 % 5 − 2)
        assertEquals(1 * 4 + 0.5 * 0 + 2 * 4, once[0], 0.0);
    }

    /**
     * The tiled initialisation kernel against pair-by-pair symmetrized outer products, bit for bit:
     * every remainder of the four- and eight-column tilings (d = 1 … 13, 50, 51), no pair, one pair,
     * five pairs with a skipped one (its offset is simply not listed), and a non-zero row offset;
     * and, where this CPU has 256-bit vectors, the SIMD kernel against the scalar one into a target
     * that already holds values.
     */
    @Test
    void symmetrizedOutersAreBitIdenticalToPairByPairUpdates() {
        SplittableRandom rng = new SplittableRandom(5);
        for (int d : new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 50, 51}) {
            for (int pairs : new int[] {0, 1, 5}) {
                double[] x = new double[(2 * pairs + 3) * d];
                for (int i = 0; i < x.length; i++) {
                    x[i] = rng.nextGaussian();
                }
                int[] offsets = new int[pairs];
                double[] scales = new double[pairs];
                double[] expected = new double[PackedSymmetric.length(d)];
                int used = 0;
                for (int j = 0; j < pairs; j++) {
                    if (j == 2) {
                        continue;
                    }
                    offsets[used] = (1 + 2 * j) * d;
                    scales[used] = rng.nextGaussian();
                    addSymmetrizedOuter(expected, x, offsets[used], d, scales[used]);
                    used++;
                }
                double[] actual = new double[PackedSymmetric.length(d)];
                PackedSymmetric.addSymmetrizedOutersScalar(actual, x, offsets, scales, used, d);
                assertArrayEquals(expected, actual, 0.0, "scalar, d=" + d + ", pairs=" + pairs);
                if (VectorGram.usable()) {
                    // into a target that already holds values: one addition per entry, as the scalar kernel
                    double[] held = new double[PackedSymmetric.length(d)];
                    for (int i = 0; i < held.length; i++) {
                        held[i] = rng.nextGaussian();
                    }
                    double[] scalar = held.clone();
                    double[] vector = held.clone();
                    PackedSymmetric.addSymmetrizedOutersScalar(scalar, x, offsets, scales, used, d);
                    VectorGram.addSymmetrizedOuters(vector, x, offsets, scales, used, d);
                    assertArrayEquals(scalar, vector, 0.0, "vector, d=" + d + ", pairs=" + pairs);
                }
            }
        }
    }

    /** The update the tiled initialisation kernel replaced: target += scale·sym(a bᵀ), b the row after a. */
    private static void addSymmetrizedOuter(double[] target, double[] x, int a, int d, double scale) {
        int b = a + d;
        int idx = 0;
        for (int p = 0; p < d; p++) {
            for (int q = p; q < d; q++) {
                target[idx++] += scale * 0.5 * (x[a + p] * x[b + q] + x[b + p] * x[a + q]);
            }
        }
    }

    /** The rank-one update the kernel replaced: target += (scale·x_p)·x_q entry by entry, row by row. */
    private static void addOuter(double[] target, double[] x, int offset, int d, double scale) {
        int idx = 0;
        for (int p = 0; p < d; p++) {
            double xp = scale * x[offset + p];
            for (int q = p; q < d; q++) {
                target[idx++] += xp * x[offset + q];
            }
        }
    }
}
