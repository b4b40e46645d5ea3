package org.privsim.core.linalg;

/**
 * Symmetric d×d matrices stored as their upper triangle, row-major: (0,0), (0,1), …, (0,d−1),
 * (1,1), …, (d−1,d−1) — d(d+1)/2 doubles. This is the wire and accumulation format of Gram-type
 * statistics: half the memory and traffic of a full matrix, and every sum over it runs in index
 * order.
 */
public final class PackedSymmetric {
    private PackedSymmetric() {}

    /** Length of the packed form of a d×d symmetric matrix. */
    public static int length(int d) {
        return d * (d + 1) / 2;
    }

    /**
     * target += Σ_{i ∈ [0, rows)} w_i x_i x_iᵀ (packed), x_i the row {@code offset/d + i} of the
     * row-major matrix {@code x}: the weighted Gram matrix G of a user's samples.
     *
     * <p>Each entry (p, q) is formed as the left-to-right sum over i of (w_i·x_ip)·x_iq, starting
     * from 0, and then added to the target once, so into a zero target the result is bit-identical
     * to {@code rows} rank-one updates G += (w_i x_i) x_iᵀ, row by row (PackedSymmetricTest). See
     * {@link #addScaledWeightedGram}.
     *
     * @param w    weights w_0 … w_{rows−1}
     * @param rows how many rows of x, starting at row offset/d
     */
    public static void addWeightedGram(double[] target, double[] x, int offset, int d, double[] w, int rows) {
        addScaledWeightedGram(target, ONE, length(d), x, offset, d, w, rows);
    }

    private static final double[] ONE = {1.0};

    /**
     * For each c, target[c·len …] += coef_c · G (packed, len = d(d+1)/2), G = Σ_i w_i x_i x_iᵀ as in
     * {@link #addWeightedGram}, without materialising G: the U-step's blocks S_ab += v_a v_b G_j of
     * one user in one pass.
     *
     * <p>Bit-identical to computing G into zeros with {@link #addWeightedGram} and then adding
     * coef_c · G_pq to each entry (each G entry is the same left-to-right sum over i; each target
     * entry receives the same single product). The entries are computed two rows by four columns at
     * a time with the partial sums in registers (ten scalar loads per eight multiply-adds instead of
     * three memory operations per one), about twice the speed of rank-one updates row by row.
     *
     * <p>Where the JVM has the {@code jdk.incubator.vector} module and 256-bit vectors, the entries
     * are formed four rows by four columns at a time on SIMD lanes ({@link VectorGram}), with the
     * same bits; {@link #kernel()} says which runs.
     *
     * @param coefs       one coefficient per target block
     * @param blockLength distance between consecutive blocks in target (≥ d(d+1)/2)
     */
    public static void addScaledWeightedGram(double[] target, double[] coefs, int blockLength, double[] x,
                                             int offset, int d, double[] w, int rows) {
        if (VECTOR) {
            VectorGram.addScaledWeightedGram(target, coefs, blockLength, x, offset, d, w, rows);
        } else {
            addScaledWeightedGramScalar(target, coefs, blockLength, x, offset, d, w, rows);
        }
    }

    private static final boolean VECTOR = vectorKernelAvailable();

    private static boolean vectorKernelAvailable() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return false;
        }
        try {
            return VectorGram.usable();
        } catch (LinkageError e) {
            return false;
        }
    }

    /**
     * Which kernels (weighted Gram, symmetrized outers) this JVM runs: {@code "vector-256"} (the launcher's
     * {@code --add-modules jdk.incubator.vector} on a CPU with 256-bit vectors) or {@code "scalar"}.
     * Reports do not depend on it: the two are bit-identical.
     */
    public static String kernel() {
        return VECTOR ? "vector-256" : "scalar";
    }

    /** The scalar form of {@link #addScaledWeightedGram}, two rows by four columns in registers. */
    static void addScaledWeightedGramScalar(double[] target, double[] coefs, int blockLength, double[] x,
                                            int offset, int d, double[] w, int rows) {
        int blocks = coefs.length;
        double[] s0 = new double[rows];
        double[] s1 = new double[rows];
        int p = 0;
        for (; p + 1 < d; p += 2) {
            for (int i = 0; i < rows; i++) {
                int o = offset + i * d;
                s0[i] = w[i] * x[o + p];
                s1[i] = w[i] * x[o + p + 1];
            }
            int r0 = rowStart(p, d);
            int r1 = rowStart(p + 1, d);
            double diag = 0;
            for (int i = 0; i < rows; i++) {
                diag += s0[i] * x[offset + i * d + p];
            }
            for (int c = 0; c < blocks; c++) {
                target[c * blockLength + r0 + p] += coefs[c] * diag;
            }
            int q = p + 1;
            for (; q + 3 < d; q += 4) {
                double a0 = 0, a1 = 0, a2 = 0, a3 = 0, b0 = 0, b1 = 0, b2 = 0, b3 = 0;
                for (int i = 0; i < rows; i++) {
                    int o = offset + i * d + q;
                    double x0 = x[o];
                    double x1 = x[o + 1];
                    double x2 = x[o + 2];
                    double x3 = x[o + 3];
                    double u = s0[i];
                    double v = s1[i];
                    a0 += u * x0;
                    a1 += u * x1;
                    a2 += u * x2;
                    a3 += u * x3;
                    b0 += v * x0;
                    b1 += v * x1;
                    b2 += v * x2;
                    b3 += v * x3;
                }
                for (int c = 0; c < blocks; c++) {
                    double f = coefs[c];
                    int t0 = c * blockLength + r0 + q;
                    int t1 = c * blockLength + r1 + q;
                    target[t0] += f * a0;
                    target[t0 + 1] += f * a1;
                    target[t0 + 2] += f * a2;
                    target[t0 + 3] += f * a3;
                    target[t1] += f * b0;
                    target[t1 + 1] += f * b1;
                    target[t1 + 2] += f * b2;
                    target[t1 + 3] += f * b3;
                }
            }
            for (; q < d; q++) {
                addEntry(target, coefs, blockLength, x, offset, d, rows, s0, r0, q);
                addEntry(target, coefs, blockLength, x, offset, d, rows, s1, r1, q);
            }
        }
        if (p < d) {
            double a = 0;
            for (int i = 0; i < rows; i++) {
                int o = offset + i * d + p;
                a += (w[i] * x[o]) * x[o];
            }
            for (int c = 0; c < blocks; c++) {
                target[c * blockLength + rowStart(p, d) + p] += coefs[c] * a;
            }
        }
    }

    /**
     * One entry of a weighted Gram: target[c·blockLength + row + q] += coef_c · Σ_i s_i·x_iq, the sum
     * left to right over the samples i from 0 ({@code s_i} = w_i·x_ip for the entry's row p, and
     * {@code row} that row's {@link #rowStart}) — the column tails of both kernels.
     */
    static void addEntry(double[] target, double[] coefs, int blockLength, double[] x, int offset, int d, int rows,
                         double[] s, int row, int q) {
        double a = 0;
        for (int i = 0; i < rows; i++) {
            a += s[i] * x[offset + i * d + q];
        }
        for (int c = 0; c < coefs.length; c++) {
            target[c * blockLength + row + q] += coefs[c] * a;
        }
    }

    /** Σ_j scale_j·0.5·(a_jp b_jq + b_jp a_jq) over the pairs j in order from 0: one entry of the initialisation. */
    static double symmetrizedEntry(double[] x, int[] offsets, double[] scales, int pairs, int d, int p, int q) {
        double s = 0;
        for (int j = 0; j < pairs; j++) {
            int a = offsets[j];
            int b = a + d;
            s += scales[j] * 0.5 * (x[a + p] * x[b + q] + x[b + p] * x[a + q]);
        }
        return s;
    }

    /** Index in the packed form of entry (p, 0) if the row were stored in full: entry (p, q ≥ p) is at rowStart + q. */
    static int rowStart(int p, int d) {
        return p * d - p * (p - 1) / 2 - p;
    }

    /**
     * target += Σ_j scale_j · sym(a_j b_jᵀ) (packed) over the pairs j &lt; {@code pairs}, a_j the d
     * values at {@code x[offsets[j]]} and b_j the d values after them (rows 2j and 2j+1 of a pair
     * split).
     *
     * <p>Each entry is formed as the left-to-right sum over j, from 0, of
     * scale_j·0.5·(a_jp b_jq + b_jp a_jq) and then added to the target once, four entries of a row at
     * a time with the sums in registers: into a zero target bit-identical to the pair-by-pair
     * updates target += scale_j·0.5·(a_jp b_jq + b_jp a_jq), entry by entry (PackedSymmetricTest).
     * Runs on SIMD lanes with the same bits where {@link #kernel()} says so.
     */
    public static void addSymmetrizedOuters(double[] target, double[] x, int[] offsets, double[] scales, int pairs,
                                            int d) {
        if (VECTOR) {
            VectorGram.addSymmetrizedOuters(target, x, offsets, scales, pairs, d);
        } else {
            addSymmetrizedOutersScalar(target, x, offsets, scales, pairs, d);
        }
    }

    /** The scalar form of {@link #addSymmetrizedOuters}, four entries of a row at a time. */
    static void addSymmetrizedOutersScalar(double[] target, double[] x, int[] offsets, double[] scales, int pairs,
                                           int d) {
        int idx = 0;
        for (int p = 0; p < d; p++) {
            int q = p;
            for (; q + 3 < d; q += 4) {
                double s0 = 0;
                double s1 = 0;
                double s2 = 0;
                double s3 = 0;
                for (int j = 0; j < pairs; j++) {
                    int a = offsets[j];
                    int b = a + d;
                    double h = scales[j] * 0.5;
                    double ap = x[a + p];
                    double bp = x[b + p];
                    s0 += h * (ap * x[b + q] + bp * x[a + q]);
                    s1 += h * (ap * x[b + q + 1] + bp * x[a + q + 1]);
                    s2 += h * (ap * x[b + q + 2] + bp * x[a + q + 2]);
                    s3 += h * (ap * x[b + q + 3] + bp * x[a + q + 3]);
                }
                target[idx] += s0;
                target[idx + 1] += s1;
                target[idx + 2] += s2;
                target[idx + 3] += s3;
                idx += 4;
            }
            for (; q < d; q++) {
                target[idx++] += symmetrizedEntry(x, offsets, scales, pairs, d, p, q);
            }
        }
    }

    /** The upper triangle (diagonal included) of a full row-major d×d array, packed: the inverse of {@link #toFull}. */
    public static double[] pack(double[] full, int d) {
        double[] packed = new double[length(d)];
        int idx = 0;
        for (int p = 0; p < d; p++) {
            for (int q = p; q < d; q++) {
                packed[idx++] = full[p * d + q];
            }
        }
        return packed;
    }

    /** Expands a packed matrix into a full row-major d×d array. */
    public static double[] toFull(double[] packed, int d) {
        double[] full = new double[d * d];
        int idx = 0;
        for (int p = 0; p < d; p++) {
            for (int q = p; q < d; q++) {
                double v = packed[idx++];
                full[p * d + q] = v;
                full[q * d + p] = v;
            }
        }
        return full;
    }
}
