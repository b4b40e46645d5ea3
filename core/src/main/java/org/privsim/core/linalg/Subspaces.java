package org.privsim.core.linalg;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.NormOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ejml.interfaces.decomposition.QRDecomposition;

/**
 * Subspace operations on orthonormal bases (EJML): the Q factor of a QR decomposition, top
 * eigenvectors of a symmetric matrix, and distances between subspaces.
 */
public final class Subspaces {
    private Subspaces() {}

    /** Q of the thin QR decomposition of Z (d×k): an orthonormal basis of Z's column space. */
    public static DMatrixRMaj orthonormalize(DMatrixRMaj z) {
        QRDecomposition<DMatrixRMaj> qr = DecompositionFactory_DDRM.qr(z.numRows, z.numCols);
        if (!qr.decompose(z.copy())) {
            throw new IllegalStateException("QR decomposition failed");
        }
        return qr.getQ(null, true);
    }

    /**
     * The k eigenvectors of the symmetric matrix M with the largest (algebraic) eigenvalues, as the
     * columns of a d×k matrix, largest first. Ties are broken by eigenvector index, which EJML's
     * symmetric QR algorithm produces deterministically.
     */
    public static DMatrixRMaj topEigenvectors(DMatrixRMaj m, int k) {
        int d = m.numRows;
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, true, true);
        if (!eig.decompose(m.copy())) {
            throw new IllegalStateException("symmetric eigendecomposition failed");
        }
        Integer[] order = new Integer[d];
        for (int i = 0; i < d; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (i, j) -> {
            int c = Double.compare(eig.getEigenvalue(j).real, eig.getEigenvalue(i).real);
            return c != 0 ? c : Integer.compare(i, j);
        });
        DMatrixRMaj u = new DMatrixRMaj(d, k);
        for (int a = 0; a < k; a++) {
            DMatrixRMaj vec = eig.getEigenVector(order[a]);
            for (int p = 0; p < d; p++) {
                u.set(p, a, vec.get(p, 0));
            }
        }
        return u;
    }

    /** ‖(I − U* U*ᵀ) U‖_F: how much of span(U) lies outside span(U*); 0 when U ⊆ span(U*). */
    public static double distance(DMatrixRMaj uStar, DMatrixRMaj u) {
        DMatrixRMaj proj = new DMatrixRMaj(uStar.numCols, u.numCols);
        CommonOps_DDRM.multTransA(uStar, u, proj);
        DMatrixRMaj back = new DMatrixRMaj(u.numRows, u.numCols);
        CommonOps_DDRM.mult(uStar, proj, back);
        DMatrixRMaj resid = new DMatrixRMaj(u.numRows, u.numCols);
        CommonOps_DDRM.subtract(u, back, resid);
        return NormOps_DDRM.normF(resid);
    }

    /** ‖U Uᵀ − W Wᵀ‖_F: distance between the projectors of two orthonormal bases. */
    public static double projectorDistance(DMatrixRMaj u, DMatrixRMaj w) {
        DMatrixRMaj pu = new DMatrixRMaj(u.numRows, u.numRows);
        CommonOps_DDRM.multTransB(u, u, pu);
        DMatrixRMaj pw = new DMatrixRMaj(w.numRows, w.numRows);
        CommonOps_DDRM.multTransB(w, w, pw);
        CommonOps_DDRM.subtractEquals(pu, pw);
        return NormOps_DDRM.normF(pu);
    }

    /**
     * sin θ(A, B) = ‖(I − A Aᵀ) B‖_op, the sine of the largest principal angle between the column
     * spaces of two d×k orthonormal bases (Thaker et al. Lemma 5.1): 0 for the same subspace, 1
     * when some direction of B is orthogonal to A. Computed as the square root of the largest
     * eigenvalue of RᵀR, R = (I − A Aᵀ) B (EJML symmetric eigen-decomposition), clamped to [0, 1].
     */
    public static double sinTheta(DMatrixRMaj a, DMatrixRMaj b) {
        DMatrixRMaj proj = new DMatrixRMaj(a.numCols, b.numCols);
        CommonOps_DDRM.multTransA(a, b, proj);
        DMatrixRMaj resid = b.copy();
        DMatrixRMaj back = new DMatrixRMaj(b.numRows, b.numCols);
        CommonOps_DDRM.mult(a, proj, back);
        CommonOps_DDRM.subtractEquals(resid, back);
        DMatrixRMaj gram = new DMatrixRMaj(b.numCols, b.numCols);
        CommonOps_DDRM.multTransA(resid, resid, gram);
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(b.numCols, false, true);
        if (!eig.decompose(gram)) {
            throw new IllegalStateException("symmetric eigendecomposition failed");
        }
        double largest = 0;
        for (int i = 0; i < b.numCols; i++) {
            largest = Math.max(largest, eig.getEigenvalue(i).real);
        }
        return Math.min(1, Math.sqrt(largest));
    }
}
