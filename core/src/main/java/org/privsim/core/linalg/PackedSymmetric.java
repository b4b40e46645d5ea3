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

    /** target += scale · x xᵀ (packed), x of length d. */
    public static void addOuter(double[] target, double[] x, int offset, int d, double scale) {
        int idx = 0;
        for (int p = 0; p < d; p++) {
            double xp = scale * x[offset + p];
            for (int q = p; q < d; q++) {
                target[idx++] += xp * x[offset + q];
            }
        }
    }

    /** target += scale · sym(a bᵀ) = scale · (a bᵀ + b aᵀ)/2 (packed), a and b of length d. */
    public static void addSymmetrizedOuter(double[] target, double[] a, int aOff, double[] b, int bOff, int d,
                                           double scale) {
        int idx = 0;
        for (int p = 0; p < d; p++) {
            double ap = a[aOff + p];
            double bp = b[bOff + p];
            for (int q = p; q < d; q++) {
                target[idx++] += scale * 0.5 * (ap * b[bOff + q] + bp * a[aOff + q]);
            }
        }
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
