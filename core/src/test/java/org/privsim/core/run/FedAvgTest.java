package org.privsim.core.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.data.UserDataset;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.privacy.BudgetExceededException;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.scenario.FedAvgSettings;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.scenario.ScenarioParser;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.seam.Step;
import org.junit.jupiter.api.Test;

/** DP-FedAvg with local fine-tuning ({@link FedAvgFamily}): local step, aggregation, accounting, ledger. */
class FedAvgTest {

    private static Scenario scenario(String experiment) {
        return ScenarioParser.parse("""
                name: fedavg
                seed: 5
                task: { type: low-rank-regression, users: 400, samplesPerUser: 10, dimension: 6, rank: 2, labelNoise: 0.01 }
                experiments:
                  - %s
                """.formatted(experiment), "fedavg.yaml");
    }

    /** One local epoch is one full-batch gradient step: Δ = −(η/m) Σ (⟨x, θ⟩ − y) x, then clipped to C. */
    @Test
    void localUpdateIsOneGradientStepClipped() {
        UserDataset data = new UserDataset(0, 2, new double[] {1, 0, 0, 2}, new double[] {1, -1}, null, null);
        double[] theta = {0.5, 0.5};
        // residuals ⟨x, θ⟩ − y: 0.5 − 1 = −0.5 and 1 + 1 = 2; gradient sum (−0.5, 4); step η/m = 0.25
        FedAvgSettings wide = new FedAvgSettings(1, 1, null, 100, 0.5, 1);
        assertArrayEquals(new double[] {0.125, -1.0}, FedAvgFamily.update(data, theta, wide), 1e-15);
        FedAvgSettings tight = new FedAvgSettings(1, 1, null, 0.5, 0.5, 1);
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
                + " clipUpdate: 50, learningRate: 0.5, repeats: 1 }");
        FedAvgFamily.Cell cell = FedAvgFamily.INSTANCE.cells(s).get(0);
        UserPopulation population = FedAvgFamily.INSTANCE.context(cell, 0, s.seed());
        double[] theta = finalGlobalModel(cell, population, s.seed());
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

    /** Drives one run's curator and participants to its fine-tuning request and returns the θ_T it carries. */
    private static double[] finalGlobalModel(FedAvgFamily.Cell cell, UserPopulation population, long seed) {
        RunCurator<FedAvgFamily.Request, double[], org.privsim.core.sim.RunOutcome> curator =
                FedAvgFamily.INSTANCE.curator(cell, 0, seed, population);
        List<Participant<FedAvgFamily.Request, double[]>> users = new ArrayList<>();
        for (int j = 0; j < cell.shape().users(); j++) {
            users.add(FedAvgFamily.INSTANCE.participant(cell, 0, seed, population, j));
        }
        Step<FedAvgFamily.Request, org.privsim.core.sim.RunOutcome> step = curator.start();
        while (step instanceof Step.Ask<FedAvgFamily.Request, org.privsim.core.sim.RunOutcome> ask) {
            if (ask.request() instanceof FedAvgFamily.Personalize personalize) {
                return personalize.model();
            }
            List<double[]> answers = new ArrayList<>();
            for (int id : ask.participants()) {
                answers.add(users.get(id).answer(ask.request()));
            }
            step = curator.onAnswers(answers);
        }
        throw new AssertionError("the run ended without fine-tuning");
    }

    /**
     * The calibrated σ spends at most ε (tight conversion), and the row reports that account: σ is
     * the smallest meeting ε, so the accounted ε is within 1 % of the target.
     */
    @Test
    void calibratedNoiseMeetsTheTargetAndTheRowReportsIt() {
        Scenario s = scenario("{ algorithm: dp-fedavg, epsilon: [1, 4], delta: 1.0e-6, samplingRate: 0.2, rounds: 20,"
                + " repeats: 2 }");
        Report report = new SequentialRunner(s).run(Progress.NONE);
        assertEquals(2, report.lowRankRows().size());
        for (ExperimentResult row : report.lowRankRows()) {
            assertEquals("dp-fedavg", row.algorithm());
            assertTrue(row.accountedEpsilon() <= row.epsilon(), row.accountedEpsilon() + " > " + row.epsilon());
            assertTrue(row.accountedEpsilon() > 0.99 * row.epsilon(), "σ not the smallest: " + row.accountedEpsilon());
            assertTrue(row.classicEpsilon() >= row.accountedEpsilon());
            assertEquals(FedAvgFamily.CONVERSION, row.conversion());
            assertNull(row.zcdpRho());
            assertEquals(2, row.repeats());
            assertTrue(row.excessRiskStdErr() != null && row.excessRiskStdErr() >= 0);
        }
        // More privacy budget, less noise: the excess risk at ε = 4 is not worse than at ε = 1 by more than noise.
        assertTrue(report.lowRankRows().get(1).excessRisk() <= report.lowRankRows().get(0).excessRisk() + 0.05);
    }

    /** A σ too small for the budget: the ledger refuses the round that would overspend, before its release. */
    @Test
    void ledgerRefusesTheRoundPastTheBudget() {
        Scenario s = scenario("{ algorithm: dp-fedavg, epsilon: 1, delta: 1.0e-6, samplingRate: 0.2, rounds: 20,"
                + " repeats: 1 }");
        FedAvgFamily.Cell calibrated = FedAvgFamily.INSTANCE.cells(s).get(0);
        FedAvgFamily.Cell underNoised = new FedAvgFamily.Cell(calibrated.experiment(), calibrated.spec(),
                calibrated.epsilon(), calibrated.epsilonIndex(), calibrated.task(), calibrated.shape(),
                calibrated.noiseMultiplier() / 2);
        double spent = SampledGaussianRdp.epsilon(0.2, underNoised.noiseMultiplier(), 20, 1e-6,
                SampledGaussianRdp.defaultOrders()).tightEpsilon();
        assertTrue(spent > 1, "the halved σ must overspend: " + spent);
        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> SequentialInterpreter.run(FedAvgFamily.INSTANCE, underNoised, 0, s.seed()));
        assertTrue(e.getMessage().contains("clipped update sum"), e.getMessage());
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
