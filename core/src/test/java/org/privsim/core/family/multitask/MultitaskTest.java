package org.privsim.core.family.multitask;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.privsim.core.privacy.BudgetExceededException;
import org.privsim.core.privacy.Calibration;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.CompositionBound;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.run.Progress;
import org.privsim.core.scenario.FieldError;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.scenario.ScenarioParser;

/**
 * MP-MTL (Liang et al.) end to end on the sequential runner: the estimators' defining properties
 * (Prop. 1's fallback to STL under heavy noise, the leakage example of Fig. 2, the non-private
 * estimators' gain on structured data), the accounting, and the scenario validation.
 */
class MultitaskTest {

    private static Scenario parse(String yaml) {
        return ScenarioParser.parse(yaml, "mtl.yaml");
    }

    private static List<MultitaskResult> rows(Scenario scenario) {
        return new SequentialRunner(scenario).run(Progress.NONE).rows(MultitaskResult.class);
    }

    @Test
    void heavyNoiseFallsBackToSingleTaskLearning() {
        // Prop. 1: with E ≫ (ηλ)², M ≈ I and one MP-MTL step from the STL models returns them
        // unchanged. ε = 1e-6 makes E's smallest eigenvalue about s/(4d) ≈ 1e8·K²/120 while
        // ηλ = 0.25·1 — so every S_jj is 1 − O(1e-5) and the nMSE moves by far less than 1%.
        List<MultitaskResult> r = rows(parse("""
                name: fallback
                seed: 3
                task: { type: multitask-regression, tasks: 40, samplesPerTask: 20, dimension: 10, structure: [low-rank, group-sparse] }
                experiments:
                  - { algorithm: stl-ridge }
                  - { algorithm: mp-mtl-low-rank, epsilon: 1.0e-6, iterations: 1, lambda: 1 }
                  - { algorithm: mp-mtl-group-sparse, epsilon: 1.0e-6, iterations: 1, lambda: 1 }
                """));
        for (int s = 0; s < 2; s++) {
            double stl = r.get(s).nmse();
            assertEquals(stl, r.get(2 + s).nmse(), 0.01 * stl, "low-rank estimator, structure " + s);
            assertEquals(stl, r.get(4 + s).nmse(), 0.01 * stl, "group-sparse estimator, structure " + s);
        }
    }

    @Test
    void nonPrivateMultitaskLearningBeatsSingleTaskOnStructuredData() {
        // m = 100 tasks share a rank-3 subspace of R^20 with n = 20 rows each: STL estimates 20
        // parameters per task from 20 rows, trace-norm MTL effectively 3 — its nMSE must be far lower
        // (measured ≈ 4× at this seed; asserting 2× leaves room for other seeds).
        List<MultitaskResult> r = rows(parse("""
                name: gain
                seed: 5
                task: { type: multitask-regression, tasks: 100, samplesPerTask: 20, dimension: 20, structure: [low-rank, group-sparse], taskRank: 3 }
                experiments:
                  - { algorithm: stl-ridge }
                  - { algorithm: mtl-trace-norm, iterations: 60, lambda: [3, 10, 30] }
                  - { algorithm: mtl-group-lasso, iterations: 60, lambda: [3, 10, 30] }
                """));
        assertTrue(r.get(2).nmse() < r.get(0).nmse() / 2, r.get(2) + " vs " + r.get(0));
        assertTrue(r.get(5).nmse() < r.get(1).nmse() / 2, r.get(5) + " vs " + r.get(1));
        assertTrue(r.get(2).nmse() < r.get(4).nmse(), "trace norm suits low-rank data better than group lasso");
        assertEquals(3, r.get(2).lambdasTried().size());
        assertNull(r.get(0).lambdasTried());
    }

    @Test
    void outlierTaskLeaksIntoTheOthersWithoutNoiseAndNotWithIt() {
        // Liang et al. Fig. 2: W0 ~ U(0,1), task 10 scaled by 100, one step with η = 1, λ = 50,
        // K = 100√5. Without noise M is built from Σ̃ dominated by w10 w10ᵀ, so every output column
        // turns toward w10; with ε = 0.1 the Wishart noise dominates Σ̃ and M ≈ a generic shrinkage.
        Scenario scenario = parse("""
                name: leak
                seed: 7
                task: { type: multitask-regression, tasks: 10, samplesPerTask: 5, dimension: 5, structure: low-rank }
                experiments:
                  - { algorithm: mp-mtl-low-rank, epsilon: [1.0e40, 0.1], delta: 0, iterations: 1, stepSize: 1, lambda: 50,
                      clipModel: 223.60679774997897, initialModels: uniform, outlierTask: 10, exportModels: true }
                """);
        List<MultitaskResult> r = rows(scenario);
        double leaked = meanCosineToOutlier(r.get(0).models().output());
        double protectedCos = meanCosineToOutlier(r.get(1).models().output());
        double input = meanCosineToOutlier(r.get(0).models().input());
        assertTrue(leaked > 0.99, "without noise the others align with task 10: " + leaked);
        assertTrue(leaked > input && protectedCos < leaked - 0.01, input + " → " + leaked + " vs " + protectedCos);
        assertEquals(1e40, r.get(0).accountedEpsilon(), 1e25, "δ = 0: CB is the basic sum");
    }

    private static double meanCosineToOutlier(List<List<Double>> models) {
        List<Double> outlier = models.get(models.size() - 1);
        double sum = 0;
        for (int i = 0; i < models.size() - 1; i++) {
            List<Double> w = models.get(i);
            double dot = 0;
            double a = 0;
            double b = 0;
            for (int p = 0; p < w.size(); p++) {
                dot += w.get(p) * outlier.get(p);
                a += w.get(p) * w.get(p);
                b += outlier.get(p) * outlier.get(p);
            }
            sum += dot / Math.sqrt(a * b);
        }
        return sum / (models.size() - 1);
    }

    @Test
    void accountingComposesTheReleasesWithinTheBudget() {
        List<MultitaskResult> r = rows(parse("""
                name: account
                seed: 9
                task: { type: multitask-regression, tasks: 12, samplesPerTask: 6, dimension: 4, structure: group-sparse }
                experiments:
                  - { algorithm: mp-mtl-group-sparse, epsilon: [0.5, 2], delta: 1.0e-4, iterations: 6, lambda: [1, 5],
                      allocation: "geometric(0.9)", repeats: 2 }
                  - { algorithm: dp-aggr, epsilon: 1 }
                """));
        for (MultitaskResult row : r.subList(0, 2)) {
            assertEquals(6, row.releaseEpsilons().size());
            double[] eps = row.releaseEpsilons().stream().mapToDouble(Double::doubleValue).toArray();
            assertEquals(row.epsilon(), CompositionBound.of(eps, 1e-4), 1e-9 * row.epsilon());
            assertEquals(row.accountedEpsilon(), row.maxLedgerEpsilon(), 1e-12);
            assertEquals(eps[1] / eps[0], 1 / 0.9, 1e-9, "geometric(Q): ε_t ∝ Q^-t");
            double rho = 0;
            for (double e : eps) {
                rho += e * e / 2;
            }
            assertEquals(rho, row.zcdpRho(), 1e-15);
            assertEquals("geometric(0.9)", row.allocation());
        }
        assertEquals(1.0, r.get(2).accountedEpsilon());
        assertEquals(1.0, r.get(2).maxLedgerEpsilon());
    }

    /**
     * The Gaussian release is accounted in zCDP: ρ_t = ρ·w_t/Σw of the calibration's ρ, ε the tight
     * conversion of Σρ_t — equal to the target under the tight calibration (to the calibration's
     * bisection tolerance), below it under the paper's ρ = ε²/(8 ln(1/δ)).
     */
    @Test
    void theGaussianReleaseIsAccountedInZcdp() {
        List<MultitaskResult> r = rows(parse("""
                name: gauss
                seed: 9
                task: { type: multitask-regression, tasks: 12, samplesPerTask: 6, dimension: 4, structure: low-rank }
                experiments:
                  - { algorithm: mp-mtl-low-rank, covarianceNoise: gaussian, epsilon: [0.5, 2], delta: 1.0e-5,
                      iterations: 4, lambda: 1, allocation: "power(0.5)", covarianceShift: [0, 1], repeats: 2 }
                  - { algorithm: mp-mtl-group-sparse, covarianceNoise: gaussian, calibration: paper, epsilon: 1,
                      delta: 1.0e-5, iterations: 2, lambda: 1 }
                """));
        for (MultitaskResult row : r.subList(0, 2)) {
            double rho = Calibration.TIGHT.totalRho(row.epsilon(), 1e-5);
            double[] rhos = row.releaseRhos().stream().mapToDouble(Double::doubleValue).toArray();
            assertEquals(4, rhos.length);
            assertEquals(rho, rhos[0] + rhos[1] + rhos[2] + rhos[3], 1e-12 * rho);
            assertEquals(Math.sqrt(2), rhos[1] / rhos[0], 1e-12, "power(0.5): ρ_t ∝ √t");
            assertEquals(row.epsilon(), row.accountedEpsilon(), 1e-6 * row.epsilon());
            assertEquals(row.accountedEpsilon(), row.zcdpEpsilon(), 0);
            assertEquals(row.accountedEpsilon(), row.maxLedgerEpsilon(), 1e-12);
            assertEquals(rho, row.zcdpRho(), 1e-12 * rho);
            assertNull(row.basicEpsilon());
            assertNull(row.releaseEpsilons());
            assertEquals("gaussian", row.covarianceNoise());
            assertEquals("tight", row.calibration());
            assertEquals(2, row.lambdasTried().size(), "one λ × two shifts");
            assertTrue(List.of(0.0, 1.0).contains(row.covarianceShift()));
        }
        MultitaskResult paper = r.get(2);
        assertEquals(1.0 / (8 * Math.log(1e5)), paper.zcdpRho(), 1e-15);
        assertEquals(Conversions.tightEpsilon(paper.zcdpRho(), 1e-5), paper.accountedEpsilon(), 0);
        assertTrue(paper.accountedEpsilon() < 1);
        assertEquals("paper", paper.calibration());
        assertTrue(List.of(0.0, 2.0).contains(paper.covarianceShift()), "the default candidates are 0 and 2");
    }

    /**
     * σ_t = K²/√ρ_t: the sensitivity of Σ̃ = Σ w̃w̃ᵀ to replacing one model of norm ≤ K is √2·K²
     * (Frobenius, hence also on the upper triangle), attained by orthogonal models of norm K (the
     * canary pair of {@code MpMtlGaussianCanaryGameTest}, whose scores show μ = √(2ρ) exactly);
     * random pairs never exceed it.
     */
    @Test
    void theGaussianReleaseIsCalibratedToTheCovarianceSensitivity() {
        assertEquals(4 / Math.sqrt(0.5), MultitaskCurator.gaussianSigma(2, 0.5), 1e-12);
        assertEquals(2 * Math.sqrt(7) * 4 / Math.sqrt(0.5), MultitaskCurator.gaussianShift(2, 0.5, 7), 1e-12);
        SplittableRandom rng = new SplittableRandom(4);
        double k = 1.5;
        for (int trial = 0; trial < 1000; trial++) {
            double[] w = new double[5];
            double[] v = new double[5];
            double nw = 0;
            double nv = 0;
            for (int p = 0; p < 5; p++) {
                w[p] = rng.nextGaussian();
                v[p] = rng.nextGaussian();
                nw += w[p] * w[p];
                nv += v[p] * v[p];
            }
            double sw = k * rng.nextDouble() / Math.sqrt(nw);
            double sv = k / Math.sqrt(nv);
            double frobenius = 0;
            for (int p = 0; p < 5; p++) {
                for (int q = 0; q < 5; q++) {
                    double diff = sw * sw * w[p] * w[q] - sv * sv * v[p] * v[q];
                    frobenius += diff * diff;
                }
            }
            assertTrue(Math.sqrt(frobenius) <= Math.sqrt(2) * k * k * (1 + 1e-12));
        }
    }

    @Test
    void theCuratorReleasesExactlyTTimesAndTheLedgerRefusesMore() {
        Scenario scenario = parse("""
                name: refuse
                seed: 1
                task: { type: multitask-regression, tasks: 4, samplesPerTask: 4, dimension: 4, structure: low-rank }
                experiments:
                  - { algorithm: mp-mtl-low-rank, epsilon: 1, delta: 0, iterations: 3, lambda: 1, allocation: uniform }
                """);
        MultitaskCurator curator = new MultitaskCurator(MultitaskRunPlan.cells(scenario).get(0), 0, 0, 1);
        double[][] models = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
        assertTrue(curator.start() instanceof TaskRequest.Begin);
        for (int t = 0; t < 3; t++) {
            assertTrue(curator.onModels(models) instanceof TaskRequest.Project);
        }
        assertTrue(curator.onModels(models) instanceof TaskRequest.Evaluate, "after T releases the tasks are scored");
        // The same budget in a ledger: three uniform shares of ε = 1 at δ = 0 fill it; a fourth is refused.
        Ledger ledger = Ledger.pure(4, 1, 0);
        for (int t = 1; t <= 3; t++) {
            ledger.chargeAll(Release.pure(t, "WWᵀ", Release.Mechanism.WISHART, 1, 1.5, 1.0 / 3, 4));
        }
        assertThrows(BudgetExceededException.class,
                () -> ledger.chargeAll(Release.pure(4, "WWᵀ", Release.Mechanism.WISHART, 1, 1.5, 1.0 / 3, 4)));
        assertEquals(3, ledger.charges());
    }

    @Test
    void runsAreReproducibleAndPureInTheSeed() throws Exception {
        Scenario scenario = parse("""
                name: pure
                seed: 21
                task: { type: multitask-regression, tasks: 15, samplesPerTask: 8, dimension: 6, structure: [low-rank, group-sparse] }
                experiments:
                  - { algorithm: mp-mtl-low-rank, epsilon: 1, iterations: 3, lambda: [1, 4], repeats: 2 }
                  - { algorithm: dp-aggr, epsilon: 1 }
                """);
        ObjectMapper mapper = new ObjectMapper();
        Report a = new SequentialRunner(scenario).run(Progress.NONE).withoutTiming();
        Report b = new SequentialRunner(scenario).run(Progress.NONE).withoutTiming();
        assertEquals(mapper.writeValueAsString(a), mapper.writeValueAsString(b));
        MultitaskRunPlan cell = MultitaskRunPlan.cells(scenario).get(0);
        TaskData task3 = cell.population(21, 1).task(3);
        assertEquals(List.of(task3.y()[0], task3.testY()[5]), List.of(cell.population(21, 1).task(3).y()[0],
                cell.population(21, 1).task(3).testY()[5]));
        assertEquals(SequentialInterpreter.row(MultitaskFamily.INSTANCE, cell, 21), a.rows(MultitaskResult.class).get(0));
    }

    @Test
    void badInputNamesTheFieldAndTheReason() {
        String task = "task: { type: multitask-regression, tasks: 10, samplesPerTask: 5, dimension: 6, structure: low-rank }\n";
        assertError(task, "algorithm: mp-mtl-low-rank, epsilon: 1, lambda: 0",
                "experiments[0].lambda", "must be > 0, got 0");
        assertError(task, "algorithm: mp-mtl-low-rank, epsilon: 1, lambda: 1, clipModel: -1",
                "experiments[0].clipModel", "must be > 0, got -1");
        assertError(task, "algorithm: mp-mtl-low-rank, epsilon: 1, lambda: 1, iterations: 0",
                "experiments[0].iterations", "must be ≥ 1, got 0");
        assertError(task, "algorithm: mp-mtl-low-rank, epsilon: 1, lambda: 1, allocation: \"cubic(2)\"",
                "experiments[0].allocation",
                "unknown allocation \"cubic(2)\" (expected one of: uniform, power(α), geometric(Q))");
        assertError(task, "algorithm: mp-mtl-low-rank, epsilon: 1, lambda: 1, outlierTask: 11",
                "experiments[0].outlierTask", "must be ≤ task.tasks (10), got 11");
        assertError(task, "algorithm: mp-mtl-low-rank, epsilon: 1, lambda: 1, covarianceNoise: laplace",
                "experiments[0].covarianceNoise", "unknown value \"laplace\" (expected one of: wishart, gaussian)");
        assertError(task, "algorithm: mp-mtl-low-rank, epsilon: 1, lambda: 1, calibration: tight",
                "experiments[0].calibration",
                "only used with covarianceNoise gaussian (the Wishart releases claim pure ε_t)");
        assertError(task, "algorithm: mp-mtl-low-rank, epsilon: 1, lambda: 1, covarianceShift: 1",
                "experiments[0].covarianceShift", "only used with covarianceNoise gaussian");
        assertError(task, "algorithm: mp-mtl-low-rank, epsilon: 1, lambda: 1, covarianceNoise: gaussian,"
                + " covarianceShift: [0, -1]", "experiments[0].covarianceShift[1]", "must be ≥ 0, got -1");
        assertError(task, "algorithm: mp-mtl-low-rank, epsilon: 1, lambda: 1, covarianceNoise: gaussian, delta: 0",
                "experiments[0].delta", "must be > 0 with covarianceNoise gaussian (a Gaussian release is not pure ε-DP)");
        assertError(task, "algorithm: mtl-trace-norm, lambda: 1, covarianceNoise: gaussian",
                "experiments[0].covarianceNoise", "not used by mtl-trace-norm");
        assertError(task, "algorithm: mtl-trace-norm, lambda: 1, allocation: uniform",
                "experiments[0].allocation", "not used by mtl-trace-norm");
        assertError("task: { type: multitask-regression, tasks: 3, samplesPerTask: 5, dimension: 6, structure: low-rank,"
                        + " taskRank: 4 }\n", "algorithm: stl-ridge",
                "task.taskRank", "must be ≤ min(dimension, tasks) = 3, got 4");
        assertError("task: { type: multitask-regression, tasks: 10, samplesPerTask: 5, dimension: 3, structure: group-sparse }\n",
                "algorithm: stl-ridge", "task.dimension",
                "group-sparse models have 4 nonzero rows, so dimension must be ≥ 4, got 3");
        assertError("task: { type: multitask-regression, tasks: 10, samplesPerTask: 5, dimension: 6, structure: sparse }\n",
                "algorithm: stl-ridge", "task.structure",
                "unknown value \"sparse\" (expected one of: low-rank, group-sparse)");
    }

    private static void assertError(String task, String experiment, String path, String reason) {
        String yaml = "name: t\n" + task + "experiments:\n  - { " + experiment + " }\n";
        List<FieldError> errors = assertThrows(ScenarioException.class, () -> parse(yaml)).errors();
        assertEquals(List.of(new FieldError(path, reason)), errors);
    }
}
