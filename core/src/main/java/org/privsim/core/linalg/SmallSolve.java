package org.privsim.core.linalg;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;

/**
 * Solves small symmetric systems M x = r (EJML): Cholesky when M is positive definite, otherwise
 * the SVD pseudo-inverse (the least-squares solution of minimum norm). Never returns NaN for a
 * finite input.
 */
public final class SmallSolve {
    private SmallSolve() {}

    /** Solves the n×n symmetric system given row-major; inputs are not modified. */
    public static double[] symmetric(double[] m, double[] r, int n) {
        DMatrixRMaj a = DMatrixRMaj.wrap(n, n, m.clone());
        DMatrixRMaj b = DMatrixRMaj.wrap(n, 1, r.clone());
        DMatrixRMaj x = new DMatrixRMaj(n, 1);
        LinearSolverDense<DMatrixRMaj> chol = LinearSolverFactory_DDRM.symmPosDef(n);
        if (chol.setA(a)) {
            chol.solve(b, x);
            if (allFinite(x.data)) {
                return x.data;
            }
        }
        LinearSolverDense<DMatrixRMaj> pinv = LinearSolverFactory_DDRM.pseudoInverse(true);
        if (!pinv.setA(DMatrixRMaj.wrap(n, n, m.clone()))) {
            throw new IllegalStateException("pseudo-inverse failed");
        }
        pinv.solve(b, x);
        return x.data;
    }

    private static boolean allFinite(double[] v) {
        for (double x : v) {
            if (!Double.isFinite(x)) {
                return false;
            }
        }
        return true;
    }
}
