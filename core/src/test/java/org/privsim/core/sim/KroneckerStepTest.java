package org.privsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;
import org.privsim.core.linalg.FeatureCovarianceRepair;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.linalg.Subspaces;
import org.privsim.core.privacy.GaussianMechanism;
import org.privsim.core.privacy.Zcdp;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * The Kronecker U-step ({@code uStep: kronecker}): the linear-algebra fact it rests on (right
 * multiplication by an invertible k×k K⁻¹ leaves the column space, hence the orthonormalized U,
 * unchanged, so K need not be released); the curator's wiring (the published U is Q of QR of Ŝ⁻¹Z,
 * Z the column-major reshape of the noisy b, Ŝ the repaired noisy S, each noise from its documented
 * stream); its accounting (only b each round, S once at init when {@code featureCovariance:
 * private}, every share summing back to ρ, each σ = S/√(2ρ)); its utility against the sampling
 * error and against the full U-step at ε = 2; and that the full U-step's default even budget split
 * is bit-for-bit what it always was.
 */
class KroneckerStepTest {

    private static Scenario parse(String yaml) {
        return ScenarioParser.parse(yaml, "test.yaml");
    }

    private static String task(int n, int m, int d, int k, double sigmaF) {
        return "task: { type: low-rank-regression, users: " + n + ", samplesPerUser: " + m + ", dimension: " + d
                + ", rank: " + k + ", labelNoise: " + sigmaF + " }\n";
    }

    // ---------------------------------------------------------------------------------------------

    @Test
    void rightMultiplyingByAnInvertibleKDoesNotChangeTheColumnSpace() {
        SplittableRandom rng = new SplittableRandom(2024);
        int d = 12;
        for (int k = 1; k <= 4; k++) {
            for (int trial = 0; trial < 25; trial++) {
                DMatrixRMaj z = gaussian(d, k, rng, 1 + trial);
                // K = BBᵀ + 0.1·I: random SPD with condition number up to ~10³.
                DMatrixRMaj b = gaussian(k, k, rng, 1);
                DMatrixRMaj kk = new DMatrixRMaj(k, k);
                CommonOps_DDRM.multTransB(b, b, kk);
                for (int i = 0; i < k; i++) {
                    kk.add(i, i, 0.1);
                }
                DMatrixRMaj kInv = new DMatrixRMaj(k, k);
                assertTrue(CommonOps_DDRM.invert(kk, kInv));
                DMatrixRMaj zk = new DMatrixRMaj(d, k);
                CommonOps_DDRM.mult(z, kInv, zk);
                // Exact in exact arithmetic; in floating point the projectors differ by ~cond(K)·cond(Z)·1e-16,
                // at most ~1e-12 here, so 1e-10 is a rounding bound, not a statistical one.
                double same = Subspaces.projectorDistance(Subspaces.orthonormalize(zk), Subspaces.orthonormalize(z));
                assertTrue(same <= 1e-10, "k=" + k + " trial " + trial + ": " + same);
                // Not vacuous: multiplying from the left by a generic d×d matrix does move the column space
                // (a random k-plane in R^12 is at projector distance ~√(2k) from another; ask for 0.1).
                DMatrixRMaj left = gaussian(d, d, rng, 1);
                DMatrixRMaj lz = new DMatrixRMaj(d, k);
                CommonOps_DDRM.mult(left, z, lz);
                double moved = Subspaces.projectorDistance(Subspaces.orthonormalize(lz), Subspaces.orthonormalize(z));
                assertTrue(moved > 0.1, "k=" + k + " trial " + trial + ": left multiplication moved only " + moved);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------

    @Test
    void theCuratorPublishesTheOrthonormalizedRepairedSolveOfTheNoisyB() {
        int d = 4;
        int k = 2;
        int n = 10;
        // A strongly anisotropic S (eigenvalues 10⁶ … 10³ on a rotated basis): with σ_S ≈ 10², α ≈ 10⁻⁸, so
        // Ŝ⁻¹ ≈ S⁻¹ visibly turns Z — and a driver that skipped it would publish another subspace.
        SplittableRandom rng = new SplittableRandom(99);
        DMatrixRMaj q = Subspaces.orthonormalize(gaussian(d, d, rng, 1));
        double[] sPacked = new double[PackedSymmetric.length(d)];
        double[] initPacked = new double[PackedSymmetric.length(d)];
        for (int i = 0; i < d; i++) {
            double[] col = {q.get(0, i), q.get(1, i), q.get(2, i), q.get(3, i)};
            PackedSymmetric.addWeightedGram(sPacked, col, 0, d, new double[] {Math.pow(10, 6 - i)}, 1);
            PackedSymmetric.addWeightedGram(initPacked, col, 0, d, new double[] {1e4 * (d - i)}, 1);
        }
        double[] h = gaussian(d * k, 1, rng, 1e4).data;

        DMatrixRMaj published = null;
        for (String covariance : new String[] {"private", "identity"}) {
            boolean privateS = covariance.equals("private");
            Scenario s = parse("name: wiring\nseed: 5\n" + task(n, 8, d, k, 0.1) + "experiments:\n"
                    + "  - { algorithm: priv-altmin, epsilon: [10], delta: 1.0e-6, epochs: 1, uStep: kronecker,"
                    + " featureCovariance: " + covariance + " }\n");
            RunKey key = new RunKey(s.seed(), 0, 0, 1);
            AltMinSettings settings = AltMinSettings.privateRun(s.lowRankTask(), s.experiments().get(0), 10, 1, key);
            AltMinDriver driver = new AltMinDriver(s.lowRankTask(), settings, key, Subspaces.orthonormalize(
                    gaussian(d, k, rng, 1)));
            int[] everyone = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};

            UserTask.Init init = (UserTask.Init) ((Step.Collect) driver.start()).task();
            assertEquals(privateS ? Double.valueOf(2.0) : null, init.clipFeature(), covariance);
            double[] packed = new double[(privateS ? 2 : 1) * PackedSymmetric.length(d)];
            System.arraycopy(initPacked, 0, packed, 0, initPacked.length);
            if (privateS) {
                System.arraycopy(sPacked, 0, packed, initPacked.length, sPacked.length);
            }
            UserTask.Round round = (UserTask.Round) ((Step.Collect) driver.onInit(
                    InitSum.of(d, privateS ? 2 : 1, packed, everyone))).task();
            assertFalse(round.gram(), "Kronecker users send no G_j");
            UserTask.Evaluate evaluate = (UserTask.Evaluate) ((Step.Collect) driver.onRound(
                    RoundSum.of(d, k, false, new double[0], h, everyone))).task();

            // The documented pipeline, step by step: b̃ = b + N(0, σ_b²) from stream noise(2·round);
            // Z its column-major d×k reshape; with a private S, Ŝ⁻¹Z from S̃ = S + N_sym(0, σ_S²) drawn
            // from the featureNoise stream; U = Q of QR.
            NoiseParameters noise = settings.noise();
            double[] bNoisy = GaussianMechanism.addNoise(h, noise.sigmaB(), key.noise(2));
            DMatrixRMaj z = new DMatrixRMaj(d, k);
            for (int c = 0; c < k; c++) {
                for (int p = 0; p < d; p++) {
                    z.set(p, c, bNoisy[c * d + p]);
                }
            }
            DMatrixRMaj solved = z;
            if (privateS) {
                double[] sNoisy = PackedSymmetric.toFull(sPacked, d);
                GaussianMechanism.addSymmetricNoise(sNoisy, d, noise.sigmaFeature(),
                        key.featureNoise());
                FeatureCovarianceRepair repair = FeatureCovarianceRepair.of(sNoisy, d, noise.sigmaFeature());
                assertTrue(repair.shrinkage() < 1e-6, "α = " + repair.shrinkage());
                solved = repair.solve(z);
            }
            DMatrixRMaj expected = Subspaces.orthonormalize(solved);
            // Same operations on the same bits: equal up to rounding, 1e-12 on entries of an orthonormal U.
            for (int i = 0; i < expected.data.length; i++) {
                assertEquals(expected.data[i], evaluate.params()[i], 1e-12, covariance + " entry " + i);
            }
            DMatrixRMaj u = DMatrixRMaj.wrap(d, k, evaluate.params());
            if (privateS) {
                published = u;
                // Ŝ⁻¹ really turned the column space (else the check above could not tell it was applied).
                double turn = Subspaces.projectorDistance(u, Subspaces.orthonormalize(z));
                assertTrue(turn > 0.1, "Ŝ⁻¹ moved span(Z) by only " + turn);
            } else {
                assertTrue(Subspaces.projectorDistance(published, u) > 0.1, "identity and private S agree");
            }
        }
    }

    // ---------------------------------------------------------------------------------------------

    private static final String ACCOUNTING = "name: kron-accounting\nseed: 3\n" + task(400, 8, 6, 2, 0.05)
            + "experiments:\n"
            + "  - { algorithm: priv-altmin, epsilon: [1, 4], delta: 1.0e-6, epochs: 3, participation: epochs,"
            + " uStep: kronecker, featureCovariance: private, featureBudgetFraction: 0.15, initBudgetFraction: 0.25 }\n"
            + "  - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-6, epochs: 3, participation: epochs,"
            + " uStep: kronecker, featureCovariance: identity }\n"
            // the defaults: featureCovariance private, φ = 0.1, f = 0.2, τ = √d
            + "  - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-6, epochs: 3, uStep: kronecker }\n";

    @Test
    void kroneckerAccountingChargesExactlyTheBudget() {
        Scenario s = parse(ACCOUNTING);
        Report report = new SequentialRunner(s).run(Progress.NONE);
        List<ExperimentResult> rows = report.lowRankRows();
        assertEquals(4, rows.size());
        int m = 8;
        int d = 6;
        int k = 2;
        int epochs = 3;
        double tau = Math.sqrt(d);
        double zeta = 0.05 + Math.sqrt(k);
        double eta = Math.sqrt(d * k);
        // {row, experiment, f, φ (0 for identity)}
        double[][] cases = {{0, 0, 0.25, 0.15}, {1, 0, 0.25, 0.15}, {2, 1, 0.2, 0}, {3, 2, 0.2, 0.1}};
        for (double[] c : cases) {
            ExperimentResult row = rows.get((int) c[0]);
            ExperimentSpec spec = s.experiments().get((int) c[1]);
            double f = c[2];
            double phi = c[3];
            boolean privateS = phi > 0;
            String at = "experiment " + row.experiment() + " ε=" + row.epsilon();
            double rho = row.epsilon() * row.epsilon() / (8 * Math.log(1e6));
            // ρ's shares are summed back by the ledger: 1e-12 relative covers the rounding of a few additions.
            assertEquals(rho, row.zcdpRho(), 1e-12 * rho, at);
            assertEquals(rho, row.maxLedgerRho(), 1e-12 * rho, at + ": ledger");
            assertEquals("kronecker", row.uStep(), at);
            assertEquals(privateS ? "private" : "identity", row.featureCovariance(), at);
            assertEquals(epochs, row.rounds(), at);

            NoiseParameters noise = row.noise();
            assertNull(noise.sensitivityA(), at);
            assertNull(noise.sigmaA(), at);
            assertNull(noise.rhoA(), at);
            assertEquals(f * rho, noise.rhoInit(), 1e-12 * rho, at);
            assertEquals((1 - f - phi) * rho / epochs, noise.rhoB(), 1e-12 * rho, at);
            // init: 2·m_I·ζ² with m_I = m/2 pairs (reuse); b: 2·min(C, m_U ζ η) (user-level clip C).
            assertEquals(2 * (m / 2) * zeta * zeta, noise.sensitivityInit(), 1e-12 * noise.sensitivityInit(), at);
            double sB = 2 * Math.min(spec.clipMoment(), m * zeta * eta);
            assertEquals(sB, noise.sensitivityB(), 1e-12 * sB, at);
            // σ = S/√(2ρ) for every release (1e-9 relative: accounting precision).
            assertEquals(noise.sensitivityInit() / Math.sqrt(2 * noise.rhoInit()), noise.sigmaInit(),
                    1e-9 * noise.sigmaInit(), at);
            assertEquals(noise.sensitivityB() / Math.sqrt(2 * noise.rhoB()), noise.sigmaB(), 1e-9 * noise.sigmaB(), at);
            // The shares add up to ρ: init + S + epochs × b.
            double total = noise.rhoInit() + epochs * noise.rhoB() + (privateS ? noise.rhoFeature() : 0);
            assertEquals(rho, total, 1e-12 * rho, at);

            RoundRecord init = row.roundLog().get(0);
            assertEquals(0, init.round(), at);
            assertEquals(epochs + 1, row.roundLog().size(), at);
            if (privateS) {
                assertEquals(tau, row.clipFeature(), 1e-15, at);
                assertEquals(phi, row.featureBudgetFraction(), 0.0, at);
                assertEquals(phi * rho, noise.rhoFeature(), 1e-12 * rho, at);
                double sS = Math.sqrt(2) * m * tau * tau;
                assertEquals(sS, noise.sensitivityFeature(), 1e-12 * sS, at);
                assertEquals(noise.sensitivityFeature() / Math.sqrt(2 * noise.rhoFeature()), noise.sigmaFeature(),
                        1e-9 * noise.sigmaFeature(), at);
                assertNotNull(init.featureShrinkage(), at);
                assertTrue(init.featureShrinkage() >= 0 && init.featureShrinkage() <= 1, at);
            } else {
                assertNull(row.clipFeature(), at);
                assertNull(row.featureBudgetFraction(), at);
                assertNull(noise.sensitivityFeature(), at);
                assertNull(noise.sigmaFeature(), at);
                assertNull(noise.rhoFeature(), at);
                assertNull(init.featureShrinkage(), at);
                assertEquals((1 - f) * rho / epochs, noise.rhoB(), 1e-12 * rho, at);
            }
            // Each later round is a b-only release: no A floor, a billboard change recorded.
            for (RoundRecord round : row.roundLog().subList(1, row.roundLog().size())) {
                assertEquals(0, round.flooredEigenvalues(), at);
                assertNotNull(round.projectorChange(), at);
                assertNull(round.featureShrinkage(), at);
            }
        }
    }

    // ---------------------------------------------------------------------------------------------

    @Test
    void kroneckerStepReachesTheSamplingErrorAndBeatsTheFullStepAtEpsilonTwo() {
        int n = 5000;
        int m = 10;
        int d = 10;
        int k = 2;
        Scenario s = parse("name: kron-utility\nseed: 11\n" + task(n, m, d, k, 0.01)
                + "experiments:\n"
                + "  - { algorithm: priv-altmin, epsilon: [2, 50], delta: 1.0e-6, epochs: 3, uStep: kronecker,"
                + " featureCovariance: identity }\n"
                + "  - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-6, epochs: 3 }\n");
        List<ExperimentResult> rows = new SequentialRunner(s).run(Progress.NONE).lowRankRows();
        ExperimentResult kron2 = rows.get(0);
        ExperimentResult kron50 = rows.get(1);
        ExperimentResult full2 = rows.get(2);
        assertEquals("kronecker", kron50.uStep());
        assertEquals("full", full2.uStep());

        // At ε = 50 (ρ = 22.6, ρ_b = 0.8ρ/3, σ_b = 2·min(C, mζη)/√(2ρ_b) ≈ 17) the noise on Z,
        // ‖N‖_F ≈ √(dk)·σ_b ≈ 75, is ~0.2 % of Z's signal
        // ≈ n·m·σ_min(E v vᵀ) ≈ 5·10⁴, so sampling error dominates. With x ~ N(0, I), Z = Σ_ij y_ij x_ij v_jᵀ;
        // its part outside span(U*) is Σ P⊥x_ij ⟨x_ij, θ_j⟩ v_jᵀ, (d − k)·k entries of variance
        // ≈ n·m·‖θ‖²·v_c² ≈ n·m·k, so the subspace distance ≈ √((d − k)k·k/(nm)) = √(32/50000) ≈ 0.025
        // (the "√(dk/(nm))" scale, times √k). We allow 3× for the v-step's fitting error and the seed: 0.076
        // (seed 11 gives 0.032).
        double sampling = Math.sqrt((double) (d - k) * k * k / ((double) n * m));
        assertTrue(kron50.subspaceDistance() < 3 * sampling,
                "Kronecker/identity at ε=50: subspace distance " + kron50.subspaceDistance() + " ≥ " + 3 * sampling);

        // At ε = 2 the full step's A noise (σ_A ≈ 2.9·10³ on a dk×dk matrix, floor 2√(dk)σ_A ≈ 2.6·10⁴, half
        // of A's signal ≈ nm) decides its answer, while the Kronecker step only pays σ_b ≈ 4·10²
        // on Z (≈ 1 % of the signal): the Kronecker row must be better (seed 11: 0.0096 against 0.085;
        // the full step floors 7–11 of A's 20 eigenvalues every round).
        assertTrue(kron2.excessRisk() < full2.excessRisk(),
                "ε=2: Kronecker " + kron2.excessRisk() + " should beat full " + full2.excessRisk());
        // and both are the same budget
        assertEquals(kron2.zcdpRho(), full2.zcdpRho(), 0.0);
    }

    // ---------------------------------------------------------------------------------------------

    @Test
    void theFullStepsDefaultEvenSplitIsBitIdentical() {
        Scenario s = parse("name: full-split\nseed: 1\n" + task(100, 8, 5, 2, 0.1)
                + "experiments:\n"
                + "  - { algorithm: priv-altmin, epsilon: [0.7, 2, 9], delta: 1.0e-6, epochs: [1, 3, 7],"
                + " initBudgetFraction: 0.3 }\n"
                + "  - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-5, calibration: tight, epochs: 4 }\n");
        for (int e = 0; e < s.experiments().size(); e++) {
            ExperimentSpec spec = s.experiments().get(e);
            LowRankRegressionTask task = s.lowRankTask();
            for (double epsilon : spec.epsilons()) {
                for (int epochs : spec.epochs()) {
                    AltMinSettings set = AltMinSettings.privateRun(task, spec, epsilon, epochs,
                            new RunKey(s.seed(), e, 0, epochs));
                    double rho = spec.calibration().totalRho(epsilon, spec.delta());
                    double f = spec.initBudgetFraction();
                    double even = (1 - f) * rho / (2 * epochs);
                    NoiseParameters noise = set.noise();
                    String at = "experiment " + e + " ε=" + epsilon + " epochs=" + epochs;
                    assertTrue(set.fullStep(), at);
                    // Bit equality: this is what keeps reports of the full U-step identical to before.
                    assertEquals(even, noise.rhoA(), 0.0, at);
                    assertEquals(even, noise.rhoB(), 0.0, at);
                    assertEquals(f * rho, noise.rhoInit(), 0.0, at);
                    assertEquals(Zcdp.sigmaForRho(noise.sensitivityA(), even), noise.sigmaA(), 0.0, at);
                    assertEquals(Zcdp.sigmaForRho(noise.sensitivityB(), even), noise.sigmaB(), 0.0, at);
                    assertNull(noise.rhoFeature(), at);
                    assertNull(set.clipFeature(), at);
                    assertEquals(Double.POSITIVE_INFINITY, set.clipMoment(), 0.0, at);
                }
            }
        }
    }

    @Test
    void anUnevenRoundSplitGivesItsShareToA() {
        Scenario s = parse("name: uneven\nseed: 1\n" + task(100, 8, 5, 2, 0.1)
                + "experiments:\n"
                + "  - { algorithm: priv-altmin, epsilon: [3], delta: 1.0e-6, epochs: 4, roundBudgetSplit: 0.7 }\n");
        ExperimentSpec spec = s.experiments().get(0);
        AltMinSettings set = AltMinSettings.privateRun(s.lowRankTask(), spec, 3.0, 4, new RunKey(1, 0, 0, 4));
        double rho = 9 / (8 * Math.log(1e6));
        double round = 0.8 * rho / 4;
        assertEquals(0.7 * round, set.noise().rhoA(), 1e-12 * rho);
        assertEquals(0.3 * round, set.noise().rhoB(), 1e-12 * rho);
        assertFalse(set.noise().rhoA().equals(set.noise().rhoB()));
    }

    private static DMatrixRMaj gaussian(int rows, int cols, SplittableRandom rng, double scale) {
        DMatrixRMaj z = new DMatrixRMaj(rows, cols);
        for (int i = 0; i < z.data.length; i++) {
            z.data[i] = scale * rng.nextGaussian();
        }
        return z;
    }
}
