package org.privsim.core.family.federated;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.privsim.core.data.UserDataset;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.scenario.Accountant;
import org.privsim.core.scenario.FedAvgSettings;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

/**
 * DP-FedAvg with local fine-tuning ({@link FedAvgFamily}): local step, aggregation, the reader's
 * checks. Accounting and the ledger: {@link FederatedAccountingTest}.
 */
class FedAvgTest {

    private static Scenario scenario(String experiment) {
        return FederatedRuns.scenario(400, 10, 6, 2, 0.01, experiment);
    }

    /** One local epoch is one full-batch gradient step: Δ = −(η/m) Σ (⟨x, θ⟩ − y) x, then clipped to C. */
    @Test
    void localUpdateIsOneGradientStepClipped() {
        UserDataset data = new UserDataset(0, 2, new double[] {1, 0, 0, 2}, new double[] {1, -1}, null, null);
        double[] theta = {0.5, 0.5};
        // residuals ⟨x, θ⟩ − y: 0.5 − 1 = −0.5 and 1 + 1 = 2; gradient sum (−0.5, 4); step η/m = 0.25
        FedAvgSettings wide = new FedAvgSettings(1, 1, null, 100, 0.5, 1, Accountant.PLD);
        assertArrayEquals(new double[] {0.125, -1.0}, FedAvgFamily.update(data, theta, wide), 1e-15);
        FedAvgSettings tight = new FedAvgSettings(1, 1, null, 0.5, 0.5, 1, Accountant.PLD);
        double norm = Math.hypot(0.125, 1.0);
        assertArrayEquals(new double[] {0.125 * 0.5 / norm, -0.5 / norm}, FedAvgFamily.update(data, theta, tight), 1e-15);
    }

    /**
     * With almost no noise (ε = 10⁸: σ ≈ √(T/2ε) ≈ 7e-4, so σ·C/n ≈ 9e-5 per round at C = 50), no
     * clipping (C = 50 is far above any update: ‖Δ_j‖ ≈ η‖X_jᵀ(y_j − X_jθ)‖/m stays below 5 here) and
     * no sampling (q = 1), one local step makes a round a gradient step of size η on the pooled loss
     * (1/n) Σ_j (1/2m)‖X_j θ − y_j‖², so θ_T tends to the pooled least-squares solution. The pooled
     * Hessian's eigenvalues lie in about [0.9, 1.1] (4,000 rows in d = 6), so the error contracts by
     * about 0.55 a round: after 100 rounds only the noise is left, a stationary error of standard
     * deviation about η·9e-5/√(1 − 0.55²) ≈ 5e-5 per coordinate. Tolerance 5e-4 (ten of them).
     */
    @Test
    void noiselessFullParticipationConvergesToPooledLeastSquares() {
        Scenario s = scenario("{ algorithm: dp-fedavg, epsilon: 1.0e8, delta: 1.0e-6, samplingRate: 1, rounds: 100,"
                + " clipUpdate: 50, learningRate: 0.5, accountant: rdp, repeats: 1 }");
        FederatedFamily.Cell cell = FedAvgFamily.INSTANCE.cells(s).get(0);
        UserPopulation population = FedAvgFamily.INSTANCE.context(cell, 0, s.seed());
        double[] theta = FederatedRuns.lastPublishedModel(FedAvgFamily.INSTANCE, cell, s.seed());
        int d = 6;
        double[] gram = new double[d * d];
        double[] moment = new double[d];
        for (int j = 0; j < 400; j++) {
            UserDataset u = population.user(j);
            for (int i = 0; i < u.samples(); i++) {
                for (int p = 0; p < d; p++) {
                    moment[p] += u.x()[i * d + p] * u.y()[i];
                    for (int q = 0; q < d; q++) {
                        gram[p * d + q] += u.x()[i * d + p] * u.x()[i * d + q];
                    }
                }
            }
        }
        double[] pooled = org.privsim.core.linalg.SmallSolve.symmetric(gram, moment, d);
        assertArrayEquals(pooled, theta, 5e-4);
    }

    /** A given noiseMultiplier that would spend more than ε is refused when the scenario is read. */
    @Test
    void explicitNoiseMultiplierOverBudgetIsRefused() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> scenario(
                "{ algorithm: dp-fedavg, epsilon: 1, delta: 1.0e-6, samplingRate: 0.5, rounds: 100,"
                        + " noiseMultiplier: 0.5 }"));
        assertTrue(e.getMessage().contains("noiseMultiplier"), e.getMessage());
        ScenarioException unused = assertThrows(ScenarioException.class, () -> scenario(
                "{ algorithm: dp-fedavg, epsilon: 1, delta: 1.0e-6, clipModel: 2 }"));
        assertTrue(unused.getMessage().contains("clipModel: not used by dp-fedavg"), unused.getMessage());
    }
}
