package org.privsim.core.linalg;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * Turns a noisy release S̃ = S + E of a feature second moment (E symmetric Gaussian, i.i.d.
 * N(0, σ²) on the upper triangle) into a positive definite Ŝ whose inverse does not amplify the
 * noise, and applies Ŝ⁻¹ — the Kronecker U-step's U = Ŝ⁻¹ Z.
 *
 * <p>The rule (post-processing of S̃ and the public σ only, so it costs no privacy):
 * <ol>
 *   <li>eigen-decompose S̃ = V diag(λ) Vᵀ and raise every λ_i below the noise's expected spectral
 *       norm ν = 2√d·σ to ν (a direction the noise alone could produce is not trusted);</li>
 *   <li>shrink towards the scaled identity μI, μ = max(tr S̃ / d, ν):
 *       λ̂_i = (1 − α)·max(λ_i, ν) + α·μ, with the intensity
 *       α = min(1, (d² − 1)σ² / ‖S̃ − μ̄I‖_F²), μ̄ = tr S̃ / d —
 *       the estimated share of the noise in S̃'s dispersion around its mean eigenvalue
 *       (E‖E − (tr E/d) I‖_F² = (d² − 1)σ²). This is the Frobenius-optimal linear shrinkage
 *       (Ledoit–Wolf) with the noise variance known instead of estimated: an isotropic S
 *       (features standardized) gives α ≈ 1 and Ŝ ≈ μI, as good as assuming the identity; a
 *       strongly anisotropic S gives α ≈ 0 and keeps its shape.</li>
 * </ol>
 * The smallest eigenvalue of Ŝ is at least (1 − α)ν + αμ > 0, so the solve is always finite.
 * Deterministic: EJML's symmetric QR algorithm and fixed-order sums.
 */
public final class FeatureCovarianceRepair {
    private final DMatrixRMaj inverse;
    private final double shrinkage;
    private final int flooredEigenvalues;

    private FeatureCovarianceRepair(DMatrixRMaj inverse, double shrinkage, int flooredEigenvalues) {
        this.inverse = inverse;
        this.shrinkage = shrinkage;
        this.flooredEigenvalues = flooredEigenvalues;
    }

    /**
     * Repairs a noisy symmetric d×d release.
     *
     * @param noisy row-major d×d symmetric S̃ (not modified)
     * @param d     dimension
     * @param sigma noise std of each upper-triangle entry (> 0)
     */
    public static FeatureCovarianceRepair of(double[] noisy, int d, double sigma) {
        if (!(sigma > 0) || Double.isInfinite(sigma)) {
            throw new IllegalArgumentException("sigma must be positive and finite, got " + sigma);
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, true, true);
        if (!eig.decompose(DMatrixRMaj.wrap(d, d, noisy.clone()))) {
            throw new IllegalStateException("symmetric eigendecomposition of the noisy S failed");
        }
        double[] lambda = new double[d];
        double trace = 0;
        for (int i = 0; i < d; i++) {
            lambda[i] = eig.getEigenvalue(i).real;
            trace += lambda[i];
        }
        double meanEig = trace / d;
        double dispersion = 0;
        for (int i = 0; i < d; i++) {
            double dev = lambda[i] - meanEig;
            dispersion += dev * dev;
        }
        double noiseDispersion = ((double) d * d - 1) * sigma * sigma;
        double alpha = dispersion > noiseDispersion ? noiseDispersion / dispersion : 1.0;
        double nu = 2 * Math.sqrt(d) * sigma;
        double mu = Math.max(meanEig, nu);
        int floored = 0;
        DMatrixRMaj inv = new DMatrixRMaj(d, d);
        for (int i = 0; i < d; i++) {
            double raised = lambda[i];
            if (raised < nu) {
                raised = nu;
                floored++;
            }
            double repaired = (1 - alpha) * raised + alpha * mu;
            DMatrixRMaj vec = eig.getEigenVector(i);
            double w = 1.0 / repaired;
            for (int p = 0; p < d; p++) {
                double vp = w * vec.data[p];
                for (int q = 0; q < d; q++) {
                    inv.data[p * d + q] += vp * vec.data[q];
                }
            }
        }
        return new FeatureCovarianceRepair(inv, alpha, floored);
    }

    /** Ŝ⁻¹ Z for a d×k Z (a new matrix). */
    public DMatrixRMaj solve(DMatrixRMaj z) {
        DMatrixRMaj out = new DMatrixRMaj(z.numRows, z.numCols);
        CommonOps_DDRM.mult(inverse, z, out);
        return out;
    }

    /** A copy of Ŝ⁻¹ (row-major d×d). */
    public DMatrixRMaj inverse() {
        return inverse.copy();
    }

    /** The shrinkage intensity α ∈ [0, 1] the rule chose (1: Ŝ = μI). */
    public double shrinkage() {
        return shrinkage;
    }

    /** How many eigenvalues of S̃ were below the noise norm 2√d·σ and raised to it. */
    public int flooredEigenvalues() {
        return flooredEigenvalues;
    }
}
