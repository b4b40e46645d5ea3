package org.privsim.core.linalg;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;

/**
 * Solves small symmetric systems M x = r (EJML): Cholesky when M is positive definite, otherwise
 * the SVD pseudo-inverse (the least-squares solution of minimum norm). Never returns NaN for a
 * finite input.
 *
 * <p>{@link #symmetric} builds its matrices and solver per call; a {@link SmallSolve} instance keeps
 * them for systems of one size (a user's k×k personal-model fit in every round), with the same
 * EJML arithmetic and so the same bits.
 */
public final class SmallSolve {
    private final int n;
    private final DMatrixRMaj a;
    private final DMatrixRMaj b;
    private final DMatrixRMaj x;
    private final LinearSolverDense<DMatrixRMaj> chol;

    /** A reusable solver of n×n systems. Not thread-safe. */
    public SmallSolve(int n) {
        this.n = n;
        this.a = new DMatrixRMaj(n, n);
        this.b = new DMatrixRMaj(n, 1);
        this.x = new DMatrixRMaj(n, 1);
        this.chol = LinearSolverFactory_DDRM.symmPosDef(n);
    }

    /** The system size this solver takes. */
    public int size() {
        return n;
    }

    /**
     * Solves the n×n symmetric system given row-major into {@code out} (n values), bit-identical to
     * {@link #symmetric}; inputs are not modified.
     */
    public void solveInto(double[] m, double[] r, double[] out) {
        System.arraycopy(m, 0, a.data, 0, n * n);
        System.arraycopy(r, 0, b.data, 0, n);
        double[] solution = chol.setA(a) && solve(chol, b, x) ? x.data : pseudoInverse(m, b, n);
        System.arraycopy(solution, 0, out, 0, n);
    }

    /** Solves the n×n symmetric system given row-major; inputs are not modified. */
    public static double[] symmetric(double[] m, double[] r, int n) {
        DMatrixRMaj a = DMatrixRMaj.wrap(n, n, m.clone());
        DMatrixRMaj b = DMatrixRMaj.wrap(n, 1, r.clone());
        DMatrixRMaj x = new DMatrixRMaj(n, 1);
        LinearSolverDense<DMatrixRMaj> chol = LinearSolverFactory_DDRM.symmPosDef(n);
        if (chol.setA(a) && solve(chol, b, x)) {
            return x.data;
        }
        return pseudoInverse(m, b, n);
    }

    /** Solves with a decomposed M; false when the solution is not finite (M numerically singular). */
    private static boolean solve(LinearSolverDense<DMatrixRMaj> chol, DMatrixRMaj b, DMatrixRMaj x) {
        chol.solve(b, x);
        return allFinite(x.data);
    }

    private static double[] pseudoInverse(double[] m, DMatrixRMaj b, int n) {
        LinearSolverDense<DMatrixRMaj> pinv = LinearSolverFactory_DDRM.pseudoInverse(true);
        if (!pinv.setA(DMatrixRMaj.wrap(n, n, m.clone()))) {
            throw new IllegalStateException("pseudo-inverse failed");
        }
        DMatrixRMaj x = new DMatrixRMaj(n, 1);
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
