package org.privsim.core.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.NormOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ejml.interfaces.decomposition.QRDecomposition;
import org.junit.jupiter.api.Test;
import org.privsim.core.privacy.GaussianMechanism;

/**
 * The repair of a noisy feature second moment S̃ = S + E ({@link FeatureCovarianceRepair}): the
 * documented rule on releases whose eigen-decomposition is known exactly; on an isotropic S with
 * noise as large as the signal it shrinks almost fully (α near 1) and its inverse is far more
 * accurate than naive flooring of S̃'s eigenvalues at ν = 2√d·σ; on a strongly anisotropic S with
 * small noise it barely shrinks (α small) and Ŝ⁻¹ ≈ S⁻¹; on pure noise it still returns a positive
 * definite Ŝ; and it rejects a σ that is not positive and finite.
 *
 * <p>The statistical bounds below hold for any seed except with the stated small probability, so
 * they are not tuned to the fixed seeds. They rest on three facts about E (σ times a symmetric
 * matrix G of independent N(0, 1) entries on and above the diagonal — exactly what
 * {@link GaussianMechanism#addSymmetricNoise} draws):
 * <ol>
 *   <li>X = ‖E − (tr E/d) I‖_F² = 2σ² Σ_{i<j} z_ij² + σ² χ²_{d−1}: a weighted χ² with weights a =
 *       (2σ² × d(d−1)/2, σ² × (d−1)), Σa = (d² − 1)σ² =: D, ‖a‖₂ = σ²√(2d(d−1) + d − 1),
 *       ‖a‖_∞ = 2σ². Laurent–Massart: P(X ≥ D + 2‖a‖₂√t + 2‖a‖_∞ t) ≤ e^{−t}. With d = 20 and
 *       t = ln 10⁶: ‖a‖₂ = 27.91σ², X ≤ 661.7σ², so α = min(1, D/X) ≥ 399/661.7 = 0.603.</li>
 *   <li>‖E‖₂ ≤ (2√d + 2√t)σ with probability ≥ 1 − 2e^{−t}: Sudakov–Fernique against 2⟨g, u⟩ gives
 *       E λ_max(G) ≤ 2√d (E(uᵀGu − vᵀGv)² ≤ 2‖uuᵀ − vvᵀ‖_F² ≤ 4‖u − v‖²), and λ_max is
 *       √2-Lipschitz in the independent entries (‖G‖_F ≤ √2 ‖z‖), so Gaussian concentration adds
 *       √2·√(2t); the same for −λ_min. With d = 20, t = ln 10⁶: ‖E‖₂ ≤ 16.38σ.</li>
 *   <li>tr E / d ~ N(0, σ²/d), so |tr E/d| ≤ √(2t)·σ/√d = 5.26σ/√d with probability ≥ 1 − 2e^{−t}.</li>
 * </ol>
 */
class FeatureCovarianceRepairTest {
    private static final int D = 20;
    /** t = ln 10⁶: every high-probability bound below fails with probability ≤ 2·10⁻⁶ per draw. */
    private static final double T = Math.log(1e6);
    /** Upper bound on X = ‖E − (tr E/d)I‖_F² in units of σ², fact 1 (d = 20): 661.74. */
    private static final double X_MAX = (D * D - 1) + 2 * Math.sqrt(2.0 * D * (D - 1) + D - 1) * Math.sqrt(T) + 4 * T;
    /** Upper bound on ‖E‖₂ in units of σ, fact 2 (d = 20): 16.38. */
    private static final double NORM_MAX = 2 * Math.sqrt(D) + 2 * Math.sqrt(T);
    /** Exact-arithmetic checks: rounding of a 2×2 or 20×20 symmetric eigen-decomposition is ~1e-13 relative. */
    private static final double EXACT = 1e-9;

    // ---------------------------------------------------------------------------------------------
    // The documented rule, on releases with a known eigen-decomposition.

    @Test
    void appliesTheDocumentedRuleToAKnownRelease() {
        // S̃ = 1·v1v1ᵀ + 5·v2v2ᵀ with v1 = (0.6, 0.8), v2 = (−0.8, 0.6); σ = 1/√2, so ν = 2√2·σ = 2 and
        // D = (d² − 1)σ² = 1.5. Mean eigenvalue 3, dispersion (1−3)² + (5−3)² = 8, so α = 1.5/8 = 0.1875,
        // μ = max(3, ν) = 3; λ = 1 < ν is raised to 2 (one floored eigenvalue):
        // λ̂ = 0.8125·2 + 0.1875·3 = 2.1875 and 0.8125·5 + 0.1875·3 = 4.625.
        double[] noisy = {3.56, -1.92, -1.92, 2.44};
        FeatureCovarianceRepair r = FeatureCovarianceRepair.of(noisy, 2, 1 / Math.sqrt(2));
        assertEquals(0.1875, r.shrinkage(), EXACT);
        assertEquals(1, r.flooredEigenvalues());
        double[] v1 = {0.6, 0.8};
        double[] v2 = {-0.8, 0.6};
        double[] expected = new double[4];
        for (int p = 0; p < 2; p++) {
            for (int q = 0; q < 2; q++) {
                expected[p * 2 + q] = v1[p] * v1[q] / 2.1875 + v2[p] * v2[q] / 4.625;
            }
        }
        assertArrayEquals(expected, r.inverse().data, EXACT);
        assertArrayEquals(new double[] {3.56, -1.92, -1.92, 2.44}, noisy, 0.0, "the input must not be modified");
        // solve(Z) = Ŝ⁻¹ Z
        DMatrixRMaj z = new DMatrixRMaj(new double[][] {{1, 2}, {3, -1}});
        DMatrixRMaj want = new DMatrixRMaj(2, 2);
        CommonOps_DDRM.mult(DMatrixRMaj.wrap(2, 2, expected), z, want);
        assertArrayEquals(want.data, r.solve(z).data, EXACT);
    }

    @Test
    void dispersionBelowTheNoiseLevelShrinksFullyToTheMeanEigenvalue() {
        // S̃ = diag(3, 3.5), σ = 1/√2: dispersion 0.125 < D = 1.5, so α = 1 and Ŝ = μI, μ = 3.25 > ν = 2.
        FeatureCovarianceRepair r = FeatureCovarianceRepair.of(new double[] {3, 0, 0, 3.5}, 2, 1 / Math.sqrt(2));
        assertEquals(1.0, r.shrinkage(), 0.0);
        assertEquals(0, r.flooredEigenvalues());
        assertArrayEquals(new double[] {1 / 3.25, 0, 0, 1 / 3.25}, r.inverse().data, EXACT);
    }

    // ---------------------------------------------------------------------------------------------
    // Isotropic S with noise as large as the signal.

    @Test
    void isotropicSignalWithSignalSizedNoiseShrinksAlmostFullyAndBeatsNaiveFlooring() {
        double n = 1e4;
        // 2√d σ = 0.5 N: the noise's spectrum fills [N − 0.5N, N + 0.5N] and ν = 0.5 N.
        double sigma = 0.25 * n / Math.sqrt(D);
        double nu = 2 * Math.sqrt(D) * sigma;
        for (long seed = 1; seed <= 10; seed++) {
            double[] noisy = new double[D * D];
            for (int i = 0; i < D; i++) {
                noisy[i * D + i] = n;
            }
            GaussianMechanism.addSymmetricNoise(noisy, D, sigma, new SplittableRandom(seed));
            FeatureCovarianceRepair r = FeatureCovarianceRepair.of(noisy, D, sigma);
            String at = "seed " + seed;

            // α is exactly the documented estimate (computed here from the entries, not the eigenvalues) ...
            assertEquals(expectedShrinkage(noisy, D, sigma), r.shrinkage(), EXACT, at);
            assertEquals(countBelow(eigenvalues(noisy, D), nu), r.flooredEigenvalues(), at);
            // ... and, S being isotropic, S̃'s dispersion is the noise's: X ≤ 661.7σ² (fact 1) ⇒ α ≥ 0.603.
            assertTrue(r.shrinkage() >= (D * D - 1) / X_MAX, at + ": α = " + r.shrinkage());

            // Relative spectral error of the inverse, ‖N·Ŝ⁻¹ − I‖₂. With μ = N + tr E/d (≥ ν by fact 3),
            // λ̂_i − N = (1 − α)(max(λ_i, ν) − N) + α·tr E/d, max(λ_i, ν) − N ∈ [−0.5N, ‖E‖₂] and
            // ‖E‖₂ ≤ 16.38σ = 0.916N, |tr E/d| ≤ 5.26σ/√d = 0.066N: with 1 − α ≤ 0.397 this gives
            // λ̂_i/N ∈ [0.735, 1.43] and an error ≤ 1/0.735 − 1 = 0.361 for every seed but a fraction ~1e-5.
            // Typically 1 − α ≈ 0.04 and the error is ~0.03.
            double repaired = relativeError(r.inverse(), n);
            double bound = 1 / (1 - (1 - (D * D - 1) / X_MAX) * 0.5 - Math.sqrt(2 * T) * sigma / Math.sqrt(D) / n) - 1;
            assertTrue(repaired <= bound, at + ": repaired error " + repaired + " > " + bound);

            // Naive flooring keeps S̃'s spread: its smallest eigenvalue is N + λ_min(E), and λ_min(E) sits near
            // the semicircle's edge −ν = −0.5N (Tracy–Widom corrections at d = 20 move it in by ~10–30 %),
            // so N/max(λ_min, ν) − 1 is ≈ 0.6–1 — the inverse error is dominated by noise-sized directions.
            // (Over the semicircle the RMS error per direction is 0.31, Frobenius ≈ √20·0.31 = 1.37.)
            double naive = relativeError(naiveFlooredInverse(noisy, D, nu), n);
            assertTrue(naive >= 0.5, at + ": naive error " + naive);
            // "Far below": typically 0.03 against 0.6–1, a factor ≥ 20; we ask for 4 (over 200 seeds the
            // smallest ratio observed was 6.2).
            assertTrue(repaired <= naive / 4, at + ": repaired " + repaired + " vs naive " + naive);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Strongly anisotropic S with small noise.

    @Test
    void anisotropicSignalKeepsItsShapeAndItsInverse() {
        // S = Q diag(λ) Qᵀ, λ log-spaced from 100 to 10⁴ (two orders of magnitude), Q a random rotation.
        double[] lambda = new double[D];
        for (int i = 0; i < D; i++) {
            lambda[i] = 100 * Math.pow(100, i / (double) (D - 1));
        }
        DMatrixRMaj q = randomRotation(D, new SplittableRandom(42));
        double[] s = new double[D * D];
        for (int i = 0; i < D; i++) {
            for (int p = 0; p < D; p++) {
                for (int c = 0; c < D; c++) {
                    s[p * D + c] += lambda[i] * q.get(p, i) * q.get(c, i);
                }
            }
        }
        symmetrize(s, D);
        // Small noise: ν = 2√d σ = 2 = 2 % of λ_min(S).
        double sigma = 1 / Math.sqrt(D);
        double nu = 2 * Math.sqrt(D) * sigma;
        double[] noisy = s.clone();
        GaussianMechanism.addSymmetricNoise(noisy, D, sigma, new SplittableRandom(7));
        FeatureCovarianceRepair r = FeatureCovarianceRepair.of(noisy, D, sigma);

        assertEquals(expectedShrinkage(noisy, D, sigma), r.shrinkage(), EXACT);
        // α = (d²−1)σ²/‖S_c + E_c‖_F² ≤ (d²−1)σ²/(‖S_c‖_F − ‖E_c‖_F)², ‖E_c‖_F ≤ √661.7·σ (fact 1),
        // with S_c = S − (tr S/d)I. Here ‖S_c‖_F ≈ 1.2·10⁴ and σ² = 0.05, so α ≲ 1.3·10⁻⁷: the shape of S
        // is kept. (The bound is tight: with noise this small α is within 0.2 % of it.)
        double sc = centeredFrobenius(s, D);
        double alphaMax = (D * D - 1) * sigma * sigma / Math.pow(sc - Math.sqrt(X_MAX) * sigma, 2);
        assertTrue(r.shrinkage() > 0 && r.shrinkage() <= alphaMax, "α = " + r.shrinkage() + " > " + alphaMax);
        assertTrue(alphaMax < 1e-5, "the bound itself must be small: " + alphaMax);
        // λ_min(S̃) ≥ 100 − ‖E‖₂ ≥ 100 − 16.38σ = 96.3 > ν: nothing is floored.
        assertTrue(lambda[0] - NORM_MAX * sigma > nu);
        assertEquals(0, r.flooredEigenvalues());

        // Ŝ − S = (1 − α)E + α(μI − S), λ_min(Ŝ) ≥ min(λ_min(S̃), μ) ≥ 100 − ‖E‖₂, so
        // ‖Ŝ⁻¹ − S⁻¹‖₂/‖S⁻¹‖₂ ≤ ‖Ŝ − S‖₂/λ_min(Ŝ) ≤ (‖E‖₂ + α(10⁴ + ‖E‖₂))/(100 − ‖E‖₂) ≤ 0.038
        // (typically ‖E‖₂ ≈ 2√d σ = 2, i.e. ≲ 0.02; seed 7 gives 0.004).
        double normE = NORM_MAX * sigma;
        double bound = (normE + alphaMax * (lambda[D - 1] + normE)) / (lambda[0] - normE);
        DMatrixRMaj sInv = new DMatrixRMaj(D, D);
        CommonOps_DDRM.invert(DMatrixRMaj.wrap(D, D, s.clone()), sInv);
        DMatrixRMaj diff = r.inverse();
        CommonOps_DDRM.subtractEquals(diff, sInv);
        double relative = NormOps_DDRM.normP2(diff) * lambda[0];
        assertTrue(relative <= bound, "‖Ŝ⁻¹ − S⁻¹‖/‖S⁻¹‖ = " + relative + " > " + bound);
        // Full shrinkage to μI would be off by |λ_min/μ − 1| ≈ 0.97 in the same norm: the test can tell.
        double mu = trace(noisy, D) / D;
        assertTrue(Math.abs(lambda[0] / mu - 1) > 10 * bound);
    }

    // ---------------------------------------------------------------------------------------------
    // Pure noise.

    @Test
    void pureNoiseStillGivesAPositiveDefiniteEstimate() {
        double sigma = 1.0;
        double nu = 2 * Math.sqrt(D) * sigma;
        int fullyShrunk = 0;
        int seeds = 50;
        for (long seed = 1; seed <= seeds; seed++) {
            double[] noisy = new double[D * D];
            GaussianMechanism.addSymmetricNoise(noisy, D, sigma, new SplittableRandom(seed));
            FeatureCovarianceRepair r = FeatureCovarianceRepair.of(noisy, D, sigma);
            String at = "seed " + seed;
            // Ŝ's eigenvalues are (1 − α)max(λ_i, ν) + αμ with μ ≥ ν, so every eigenvalue of Ŝ⁻¹ lies in
            // (0, 1/ν]; and λ̂_i ≤ max(‖E‖₂, ν) ≤ 16.38σ (fact 2) bounds them below by 1/(16.38σ).
            double[] inv = eigenvalues(r.inverse().data, D);
            for (double e : inv) {
                assertTrue(Double.isFinite(e) && e > 0, at + ": eigenvalue " + e + " of Ŝ⁻¹");
                assertTrue(e <= (1 / nu) * (1 + EXACT), at + ": eigenvalue " + e + " of Ŝ⁻¹ above 1/ν");
                assertTrue(e >= 1 / (NORM_MAX * sigma), at + ": eigenvalue " + e + " of Ŝ⁻¹ too small");
            }
            // Nearly the whole spectrum of E lies below its edge ν. ‖E‖_F² = X + (tr E)²/d ≤ 661.7σ² +
            // 2tσ² = 689.4σ² (facts 1, 3) and each eigenvalue ≥ ν adds ≥ ν² = 80σ², so at most 8 are not floored.
            assertTrue(r.flooredEigenvalues() >= D - 8, at + ": floored " + r.flooredEigenvalues());
            // α is the documented min(1, D/X): exactly 1 when the dispersion is at most the noise's
            // expectation, else D/X ≥ 0.603 (fact 1) — "≈ 1", not always 1.
            double alpha = expectedShrinkage(noisy, D, sigma);
            assertEquals(alpha, r.shrinkage(), EXACT, at);
            assertTrue(r.shrinkage() >= (D * D - 1) / X_MAX, at + ": α = " + r.shrinkage());
            if (alpha == 1.0) {
                assertEquals(1.0, r.shrinkage(), 0.0, at);
                fullyShrunk++;
            } else {
                assertTrue(r.shrinkage() < 1.0, at);
            }
        }
        // X fluctuates around its mean D (relative sd ≈ 0.1), so α = 1 in about half the draws; both
        // branches of the min occur in 50 draws except with probability ~2·2⁻⁵⁰.
        assertTrue(fullyShrunk > 0 && fullyShrunk < seeds, "α = 1 in " + fullyShrunk + " of " + seeds);
    }

    // ---------------------------------------------------------------------------------------------

    @Test
    void rejectsASigmaThatIsNotPositiveAndFinite() {
        double[] s = {1, 0, 0, 1};
        for (double bad : new double[] {0.0, -0.0, -1.0, Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY}) {
            assertThrows(IllegalArgumentException.class, () -> FeatureCovarianceRepair.of(s, 2, bad), "σ = " + bad);
        }
        // while any positive finite σ, however small or large, is accepted
        assertDoesNotThrow(() -> FeatureCovarianceRepair.of(s, 2, Double.MIN_NORMAL));
        assertDoesNotThrow(() -> FeatureCovarianceRepair.of(s, 2, 1e300));
    }

    // ---------------------------------------------------------------------------------------------
    // Helpers (independent of the class under test).

    /** min(1, (d² − 1)σ²/‖S̃ − (tr S̃/d) I‖_F²), computed from the entries. */
    private static double expectedShrinkage(double[] a, int d, double sigma) {
        double x = centeredFrobenius(a, d);
        return Math.min(1.0, ((double) d * d - 1) * sigma * sigma / (x * x));
    }

    private static double centeredFrobenius(double[] a, int d) {
        double mean = trace(a, d) / d;
        double sum = 0;
        for (int p = 0; p < d; p++) {
            for (int c = 0; c < d; c++) {
                double v = a[p * d + c] - (p == c ? mean : 0);
                sum += v * v;
            }
        }
        return Math.sqrt(sum);
    }

    private static double trace(double[] a, int d) {
        double t = 0;
        for (int i = 0; i < d; i++) {
            t += a[i * d + i];
        }
        return t;
    }

    /** The rule the repair replaces: eigenvalues below ν raised to ν, nothing else. */
    private static DMatrixRMaj naiveFlooredInverse(double[] a, int d, double nu) {
        EigenDecomposition_F64<DMatrixRMaj> eig = decompose(a, d);
        DMatrixRMaj inv = new DMatrixRMaj(d, d);
        for (int i = 0; i < d; i++) {
            double l = Math.max(eig.getEigenvalue(i).real, nu);
            DMatrixRMaj v = eig.getEigenVector(i);
            for (int p = 0; p < d; p++) {
                for (int c = 0; c < d; c++) {
                    inv.data[p * d + c] += v.data[p] * v.data[c] / l;
                }
            }
        }
        return inv;
    }

    /** ‖n·inv − I‖₂. */
    private static double relativeError(DMatrixRMaj inv, double n) {
        DMatrixRMaj m = inv.copy();
        CommonOps_DDRM.scale(n, m);
        for (int i = 0; i < m.numRows; i++) {
            m.add(i, i, -1);
        }
        return NormOps_DDRM.normP2(m);
    }

    private static double[] eigenvalues(double[] a, int d) {
        EigenDecomposition_F64<DMatrixRMaj> eig = decompose(a, d);
        double[] l = new double[d];
        for (int i = 0; i < d; i++) {
            l[i] = eig.getEigenvalue(i).real;
        }
        Arrays.sort(l);
        return l;
    }

    private static int countBelow(double[] values, double threshold) {
        int c = 0;
        for (double v : values) {
            if (v < threshold) {
                c++;
            }
        }
        return c;
    }

    private static EigenDecomposition_F64<DMatrixRMaj> decompose(double[] a, int d) {
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, true, true);
        assertTrue(eig.decompose(DMatrixRMaj.wrap(d, d, a.clone())));
        return eig;
    }

    /** Q of the QR decomposition of a d×d standard Gaussian matrix. */
    private static DMatrixRMaj randomRotation(int d, SplittableRandom rng) {
        DMatrixRMaj g = new DMatrixRMaj(d, d);
        for (int i = 0; i < g.data.length; i++) {
            g.data[i] = rng.nextGaussian();
        }
        QRDecomposition<DMatrixRMaj> qr = DecompositionFactory_DDRM.qr(d, d);
        assertTrue(qr.decompose(g));
        return qr.getQ(null, false);
    }

    private static void symmetrize(double[] a, int d) {
        for (int p = 0; p < d; p++) {
            for (int c = p + 1; c < d; c++) {
                double m = 0.5 * (a[p * d + c] + a[c * d + p]);
                a[p * d + c] = m;
                a[c * d + p] = m;
            }
        }
    }
}
