package org.privsim.core.linalg;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * Solves u = argmin uᵀAu − 2uᵀb = A⁻¹b for a symmetric, possibly noisy and indefinite A.
 *
 * <p>Every eigenvalue below {@code floor} is raised to it before inverting. For a noisy A the
 * floor is the noise's expected spectral norm ≈ 2√N·σ_A (DESIGN.md): directions whose eigenvalue
 * the noise could have produced are not trusted, whether or not A happens to be positive
 * definite — a PD but noise-sized eigenvalue amplifies the noise just as a negative one does. With
 * a floor of 0 (no noise) a positive definite A is inverted exactly, and a singular one has its
 * eigenvalues raised to 1e-12·max|λ| so that it yields a finite solution. Deterministic: EJML's
 * symmetric QR algorithm and fixed-order sums.
 */
public final class FlooredSolve {
    private FlooredSolve() {}

    /**
     * Result of a solve.
     *
     * @param u                   the minimiser
     * @param flooredEigenvalues  how many eigenvalues were raised to the floor
     */
    public record Solution(double[] u, int flooredEigenvalues) {}

    /** Solves with A given row-major (n×n, symmetric) and b of length n. */
    public static Solution solve(double[] a, double[] b, int n, double floor) {
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, true, true);
        if (!eig.decompose(DMatrixRMaj.wrap(n, n, a.clone()))) {
            throw new IllegalStateException("symmetric eigendecomposition failed");
        }
        double[] lambda = new double[n];
        double min = Double.POSITIVE_INFINITY;
        double maxAbs = 0;
        for (int i = 0; i < n; i++) {
            lambda[i] = eig.getEigenvalue(i).real;
            min = Math.min(min, lambda[i]);
            maxAbs = Math.max(maxAbs, Math.abs(lambda[i]));
        }
        int floored = 0;
        if (floor > 0 || !(min > 0)) {
            double f = floor > 0 ? floor : Math.max(1e-12 * maxAbs, Double.MIN_NORMAL);
            for (int i = 0; i < n; i++) {
                if (lambda[i] < f) {
                    lambda[i] = f;
                    floored++;
                }
            }
        }
        double[] u = new double[n];
        for (int i = 0; i < n; i++) {
            DMatrixRMaj vec = eig.getEigenVector(i);
            double dot = 0;
            for (int p = 0; p < n; p++) {
                dot += vec.data[p] * b[p];
            }
            double c = dot / lambda[i];
            for (int p = 0; p < n; p++) {
                u[p] += c * vec.data[p];
            }
        }
        return new Solution(u, floored);
    }
}
