package org.privsim.core.linalg;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The U-step's weighted-Gram kernel ({@link PackedSymmetric#addScaledWeightedGram}) and the
 * initialisation's symmetrized outer products ({@link PackedSymmetric#addSymmetrizedOuters}) on
 * 256-bit SIMD lanes through the JDK's incubating Vector API, bit-identical to the scalar kernels.
 *
 * <p>Four rows p … p+3 of G are formed at once: for each run of four columns q ≥ p+4 one vector
 * load of x_iq … x_i,q+3 per sample i is multiplied by the broadcast w_i·x_ip (a separate multiply
 * and add per lane, never a fused one) and added to a vector accumulator, in sample order from 0.
 * Lane by lane that is exactly the scalar kernel's left-to-right sum of (w_i·x_ip)·x_iq, and each
 * target entry then receives the same single product coef·G_pq, so the result is bit-identical
 * (PackedSymmetricTest compares the two on every shape and row count, including the ten entries of
 * each 4×4 diagonal block and the last columns when d − p − 4 is not a multiple of four, which run
 * in scalar code). The initialisation's entries (p, q … q+3) are likewise one lane each of
 * h_j·(a_jp·b_jq + b_jp·a_jq) — the two products, their sum, then the scale, as in the scalar
 * expression (IEEE multiplication and addition are commutative, so operand order within one
 * operation does not change a bit) — summed over the pairs j in order from 0.
 *
 * <p>This class is only loaded when the {@code jdk.incubator.vector} module is in the boot layer
 * (the launcher adds it) and the CPU has 256-bit vectors; otherwise the scalar kernel runs, with
 * the same bits.
 */
final class VectorGram {
    private VectorGram() {}

    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_256;
    private static final int L = 4;

    /** True when the JIT compiles 256-bit double vectors to SIMD instructions on this CPU. */
    static boolean usable() {
        return DoubleVector.SPECIES_PREFERRED.vectorBitSize() >= S.vectorBitSize();
    }

    /** See {@link PackedSymmetric#addScaledWeightedGram}; the same contract and the same bits. */
    static void addScaledWeightedGram(double[] target, double[] coefs, int blockLength, double[] x, int offset,
                                      int d, double[] w, int rows) {
        double[] s0 = new double[rows];
        double[] s1 = new double[rows];
        double[] s2 = new double[rows];
        double[] s3 = new double[rows];
        int p = 0;
        for (; p + 3 < d; p += 4) {
            for (int i = 0; i < rows; i++) {
                int o = offset + i * d + p;
                double wi = w[i];
                s0[i] = wi * x[o];
                s1[i] = wi * x[o + 1];
                s2[i] = wi * x[o + 2];
                s3[i] = wi * x[o + 3];
            }
            int r0 = PackedSymmetric.rowStart(p, d);
            int r1 = PackedSymmetric.rowStart(p + 1, d);
            int r2 = PackedSymmetric.rowStart(p + 2, d);
            int r3 = PackedSymmetric.rowStart(p + 3, d);
            diagonalBlock(target, coefs, blockLength, x, offset, d, rows, s0, s1, s2, s3, p, r0, r1, r2, r3);
            int q = p + 4;
            for (; q + L <= d; q += L) {
                fourByFour(target, coefs, blockLength, x, offset, d, rows, s0, s1, s2, s3, r0, r1, r2, r3, q);
            }
            for (; q < d; q++) {
                PackedSymmetric.addEntry(target, coefs, blockLength, x, offset, d, rows, s0, r0, q);
                PackedSymmetric.addEntry(target, coefs, blockLength, x, offset, d, rows, s1, r1, q);
                PackedSymmetric.addEntry(target, coefs, blockLength, x, offset, d, rows, s2, r2, q);
                PackedSymmetric.addEntry(target, coefs, blockLength, x, offset, d, rows, s3, r3, q);
            }
        }
        for (; p < d; p++) {
            for (int i = 0; i < rows; i++) {
                s0[i] = w[i] * x[offset + i * d + p];
            }
            int r = PackedSymmetric.rowStart(p, d);
            for (int q = p; q < d; q++) {
                PackedSymmetric.addEntry(target, coefs, blockLength, x, offset, d, rows, s0, r, q);
            }
        }
    }

    /** The ten entries (p+a, p+b), 0 ≤ a ≤ b &lt; 4, in scalar code. */
    private static void diagonalBlock(double[] target, double[] coefs, int blockLength, double[] x, int offset,
                                      int d, int rows, double[] s0, double[] s1, double[] s2, double[] s3, int p,
                                      int r0, int r1, int r2, int r3) {
        double e00 = 0, e01 = 0, e02 = 0, e03 = 0, e11 = 0, e12 = 0, e13 = 0, e22 = 0, e23 = 0, e33 = 0;
        for (int i = 0; i < rows; i++) {
            int o = offset + i * d + p;
            double x0 = x[o];
            double x1 = x[o + 1];
            double x2 = x[o + 2];
            double x3 = x[o + 3];
            e00 += s0[i] * x0;
            e01 += s0[i] * x1;
            e02 += s0[i] * x2;
            e03 += s0[i] * x3;
            e11 += s1[i] * x1;
            e12 += s1[i] * x2;
            e13 += s1[i] * x3;
            e22 += s2[i] * x2;
            e23 += s2[i] * x3;
            e33 += s3[i] * x3;
        }
        for (int c = 0; c < coefs.length; c++) {
            double f = coefs[c];
            int b = c * blockLength + p;
            target[b + r0] += f * e00;
            target[b + r0 + 1] += f * e01;
            target[b + r0 + 2] += f * e02;
            target[b + r0 + 3] += f * e03;
            target[b + r1 + 1] += f * e11;
            target[b + r1 + 2] += f * e12;
            target[b + r1 + 3] += f * e13;
            target[b + r2 + 2] += f * e22;
            target[b + r2 + 3] += f * e23;
            target[b + r3 + 3] += f * e33;
        }
    }

    /** Entries (p+a, q+b), a, b &lt; 4: one vector accumulator per row of G. */
    private static void fourByFour(double[] target, double[] coefs, int blockLength, double[] x, int offset, int d,
                                   int rows, double[] s0, double[] s1, double[] s2, double[] s3, int r0, int r1,
                                   int r2, int r3, int q) {
        DoubleVector a0 = DoubleVector.zero(S);
        DoubleVector a1 = DoubleVector.zero(S);
        DoubleVector a2 = DoubleVector.zero(S);
        DoubleVector a3 = DoubleVector.zero(S);
        for (int i = 0; i < rows; i++) {
            DoubleVector xv = DoubleVector.fromArray(S, x, offset + i * d + q);
            a0 = a0.add(xv.mul(DoubleVector.broadcast(S, s0[i])));
            a1 = a1.add(xv.mul(DoubleVector.broadcast(S, s1[i])));
            a2 = a2.add(xv.mul(DoubleVector.broadcast(S, s2[i])));
            a3 = a3.add(xv.mul(DoubleVector.broadcast(S, s3[i])));
        }
        for (int c = 0; c < coefs.length; c++) {
            DoubleVector f = DoubleVector.broadcast(S, coefs[c]);
            int b = c * blockLength + q;
            addInto(target, b + r0, a0.mul(f));
            addInto(target, b + r1, a1.mul(f));
            addInto(target, b + r2, a2.mul(f));
            addInto(target, b + r3, a3.mul(f));
        }
    }

    /** See {@link PackedSymmetric#addSymmetrizedOuters}; the same contract and the same bits. */
    static void addSymmetrizedOuters(double[] target, double[] x, int[] offsets, double[] scales, int pairs, int d) {
        for (int p = 0; p < d; p++) {
            int row = PackedSymmetric.rowStart(p, d);
            int q = p;
            for (; q + 2 * L <= d; q += 2 * L) {
                symmetrizedEight(target, row + q, x, offsets, scales, pairs, d, p, q);
            }
            for (; q + L <= d; q += L) {
                DoubleVector s = DoubleVector.zero(S);
                for (int j = 0; j < pairs; j++) {
                    int a = offsets[j];
                    int b = a + d;
                    s = s.add(symmetrized(x, a, b, p, q, scales[j] * 0.5));
                }
                addInto(target, row + q, s);
            }
            for (; q < d; q++) {
                target[row + q] += PackedSymmetric.symmetrizedEntry(x, offsets, scales, pairs, d, p, q);
            }
        }
    }

    /** Entries (p, q … q+7): two vector sums over the pairs. */
    private static void symmetrizedEight(double[] target, int at, double[] x, int[] offsets, double[] scales,
                                         int pairs, int d, int p, int q) {
        DoubleVector s0 = DoubleVector.zero(S);
        DoubleVector s1 = DoubleVector.zero(S);
        for (int j = 0; j < pairs; j++) {
            int a = offsets[j];
            int b = a + d;
            double h = scales[j] * 0.5;
            s0 = s0.add(symmetrized(x, a, b, p, q, h));
            s1 = s1.add(symmetrized(x, a, b, p, q + L, h));
        }
        addInto(target, at, s0);
        addInto(target, at + L, s1);
    }

    /** Lanes h·(a_p·b_q + b_p·a_q) for q … q+3, each formed exactly as the scalar expression. */
    private static DoubleVector symmetrized(double[] x, int a, int b, int p, int q, double h) {
        DoubleVector left = DoubleVector.fromArray(S, x, b + q).mul(x[a + p]);
        DoubleVector right = DoubleVector.fromArray(S, x, a + q).mul(x[b + p]);
        return left.add(right).mul(h);
    }

    private static void addInto(double[] target, int at, DoubleVector v) {
        DoubleVector.fromArray(S, target, at).add(v).intoArray(target, at);
    }
}
