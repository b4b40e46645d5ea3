package org.privsim.core.family.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.privsim.core.scenario.TransferSettings;
import org.privsim.core.linalg.FlooredSolve;
import org.privsim.core.linalg.Subspaces;
import org.privsim.core.privacy.PldAccountant;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.scenario.FieldError;
import org.privsim.core.scenario.Representation;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.scenario.ScenarioParser;
import org.privsim.core.scenario.SubspaceEstimator;
import org.privsim.core.scenario.TransferRegressionTask;

/**
 * The public→private transfer task and algorithms (Thaker et al.): the generator, both subspace
 * estimators, DP-SGD and its accounting, the sufficient-statistics baseline, the non-private and
 * zero-shot references, determinism and bad input.
 */
class TransferTest {

    private static Scenario parse(String yaml) {
        return ScenarioParser.parse(yaml, "transfer.yaml");
    }

    private static final String SMALL_TASK = "task: { type: transfer-regression, dimension: 8, rank: 2, publicTasks: 10,"
            + " publicSamples: [200], privateSamples: [40] }\n";

    private static TransferRunPlan cell(String experiment) {
        return TransferRunPlan.cells(parse("name: t\nseed: 5\n" + SMALL_TASK + "experiments:\n  - { " + experiment
                + " }\n")).get(0);
    }

    @Test
    void shiftedSubspaceHasEveryPrincipalAngleAtTheShift() {
        TransferRegressionTask task = new TransferRegressionTask(10, 3, 4, List.of(20), List.of(5), 0.3, 1, 1);
        TransferPopulation population = new TransferPopulation(task, 9, 2);
        DMatrixRMaj b = population.publicBasis();
        DMatrixRMaj shifted = population.privateBasis();
        // Bᵀ B' = √(1 − γ²) I exactly in exact arithmetic; rounding of the QR is ~1e-15.
        DMatrixRMaj cross = new DMatrixRMaj(3, 3);
        org.ejml.dense.row.CommonOps_DDRM.multTransA(b, shifted, cross);
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                assertEquals(i == j ? Math.sqrt(1 - 0.09) : 0, cross.get(i, j), 1e-12);
            }
        }
        assertEquals(0.3, Subspaces.sinTheta(b, shifted), 1e-12);
        assertEquals(0.3, Subspaces.sinTheta(shifted, b), 1e-12);
        assertEquals(0, Subspaces.sinTheta(b, b), 1e-7);
    }

    @Test
    void rowsArePureInSeedRepeatAndIndex() {
        TransferRegressionTask task = new TransferRegressionTask(6, 2, 3, List.of(10), List.of(5), 0, 1, 1);
        TransferRegressionTask larger = new TransferRegressionTask(6, 2, 3, List.of(1000), List.of(500), 0, 1, 1);
        TransferPopulation a = new TransferPopulation(task, 4, 1);
        TransferPopulation b = new TransferPopulation(larger, 4, 1);
        assertTrue(Arrays.equals(a.publicRow(7), b.publicRow(7)));
        assertTrue(Arrays.equals(a.privateRow(3), b.privateRow(3)));
        assertTrue(Arrays.equals(a.privateModel(), b.privateModel()));
        TransferPopulation other = new TransferPopulation(task, 4, 2);
        assertTrue(!Arrays.equals(a.privateRow(3), other.privateRow(3)));
    }

    /** The pairs partial equals the sum over ordered pairs of distinct same-task rows, computed directly. */
    @Test
    void pairsPartialIsTheSumOverDistinctSameTaskPairs() {
        TransferRegressionTask task = new TransferRegressionTask(5, 2, 3, List.of(17), List.of(5), 0, 1, 1);
        TransferPopulation population = new TransferPopulation(task, 1, 0);
        int d = 5;
        double[] expected = new double[d * d];
        for (int i = 1; i < 17; i += 3) {
            for (int i2 = 1; i2 < 17; i2 += 3) {
                if (i == i2) {
                    continue;
                }
                double[] a = population.publicRow(i);
                double[] b = population.publicRow(i2);
                for (int p = 0; p < d; p++) {
                    for (int q = 0; q < d; q++) {
                        expected[p * d + q] += a[d] * b[d] * a[p] * b[q];
                    }
                }
            }
        }
        double[] pairs = PublicTask.moments(population, 1, 17, SubspaceEstimator.PAIRS);
        for (int i = 0; i < expected.length; i++) {
            // s sᵀ − Σ y² x xᵀ cancels the diagonal terms: relative rounding ~1e-13 of the largest term.
            assertEquals(expected[i], pairs[i], 1e-10 * (1 + Math.abs(expected[i])), "entry " + i);
        }
        // Tasks 0, 1, 2 hold 6, 6 and 5 of the 17 rows: 30 + 30 + 20 ordered pairs.
        assertEquals(80, PublicTask.normaliser(3, 17, SubspaceEstimator.PAIRS));
        assertEquals(17, PublicTask.normaliser(3, 17, SubspaceEstimator.MOMENTS));
    }

    /**
     * With many public rows both estimators find span(B): the empirical moment matrices concentrate
     * (operator-norm error O(√(d/n₁)) against an eigen-gap of 2s²/k for moments and s²/k for pairs),
     * so at d = 6, k = 2, n₁ = 40,000, s = 3 the sine of the largest angle is well below 0.2, and the
     * pairs estimator (no identity part) is at least as accurate as the moments one.
     */
    @Test
    void bothEstimatorsRecoverTheSubspaceFromManyPublicRows() {
        String yaml = "name: t\nseed: 3\ntask: { type: transfer-regression, dimension: 6, rank: 2, publicTasks: 50,"
                + " publicSamples: [40000], privateSamples: [10], taskNorm: 3 }\nexperiments:\n"
                + "  - { algorithm: nonprivate-regression, subspaceEstimator: moments, repeats: 1 }\n"
                + "  - { algorithm: nonprivate-regression, subspaceEstimator: pairs, repeats: 1 }\n";
        Scenario s = parse(yaml);
        TransferResult moments = SequentialInterpreter.row(TransferFamily.INSTANCE, TransferRunPlan.cells(s).get(0), s.seed());
        TransferResult pairs = SequentialInterpreter.row(TransferFamily.INSTANCE, TransferRunPlan.cells(s).get(1), s.seed());
        assertTrue(moments.subspaceError() < 0.2, "moments sin θ " + moments.subspaceError());
        assertTrue(pairs.subspaceError() < 0.2, "pairs sin θ " + pairs.subspaceError());
        assertTrue(pairs.subspaceError() <= moments.subspaceError() * 1.05,
                "pairs " + pairs.subspaceError() + " vs moments " + moments.subspaceError());
    }

    /**
     * The private-altmin representation is Priv-AltMin on the public tasks as users: with 400 tasks of
     * 25 rows in d = 6 and ε = 1e6 its noise is negligible and it recovers B as well as alternating
     * minimization does (sin θ well below the 0.2 the moment estimators reach from 40,000 rows above);
     * at ε = 0.05 every release is noise (σ of A is about 80× its signal here) and the released U is
     * unrelated to B (sin θ near 1). The public tasks' rows are the same in both.
     */
    @Test
    void privateAltMinRepresentationIsAccurateWithoutNoiseAndNoiseWithoutBudget() {
        String yaml = "name: t\nseed: 3\ntask: { type: transfer-regression, dimension: 6, rank: 2, publicTasks: 400,"
                + " publicSamples: [10000], privateSamples: [10], taskNorm: 3 }\nexperiments:\n"
                + "  - { algorithm: nonprivate-regression, representation: private-altmin, representationEpsilon: 1.0e6,"
                + " repeats: 1 }\n"
                + "  - { algorithm: nonprivate-regression, representation: private-altmin, representationEpsilon: 0.05,"
                + " repeats: 1 }\n";
        Scenario s = parse(yaml);
        TransferResult accurate = SequentialInterpreter.row(TransferFamily.INSTANCE, TransferRunPlan.cells(s).get(0), s.seed());
        TransferResult noisy = SequentialInterpreter.row(TransferFamily.INSTANCE, TransferRunPlan.cells(s).get(1), s.seed());
        assertEquals("private-altmin", accurate.representation());
        assertEquals(1.0e6, accurate.representationEpsilon());
        assertEquals(10000, accurate.publicSamples());
        assertTrue(accurate.subspaceError() < 0.1, "ε = 1e6: sin θ " + accurate.subspaceError());
        assertTrue(noisy.subspaceError() > 0.8, "ε = 0.05: sin θ " + noisy.subspaceError());
    }

    /** Non-private regression in d dimensions is ordinary least squares: the same ŵ as a direct solve. */
    @Test
    void nonPrivateRegressionIsLeastSquares() {
        TransferRunPlan cell = cell("algorithm: nonprivate-regression, representation: none, repeats: 1");
        TransferPopulation population = cell.population(5, 0);
        int d = 8;
        double[] a = new double[d * d];
        double[] b = new double[d];
        for (int i = 0; i < 40; i++) {
            double[] xy = population.privateRow(i);
            for (int p = 0; p < d; p++) {
                b[p] += xy[p] * xy[d];
                for (int q = 0; q < d; q++) {
                    a[p * d + q] += xy[p] * xy[q];
                }
            }
        }
        double[] w = FlooredSolve.solve(a, b, d, 0).u();
        double[] target = population.privateModel();
        double err = 0;
        for (int p = 0; p < d; p++) {
            err += (w[p] - target[p]) * (w[p] - target[p]);
        }
        // Same solver, sums in a different association order: agreement to rounding (1e-9 relative).
        assertEquals(Math.sqrt(err), SequentialInterpreter.run(TransferFamily.INSTANCE, cell, 0, 5).parameterError(), 1e-9 * Math.sqrt(err));
    }

    @Test
    void zeroShotErrorIsTheNormOfTheTrueModel() {
        TransferRunPlan cell = cell("algorithm: zero-shot, repeats: 1");
        double[] w = cell.population(5, 0).privateModel();
        double norm = Math.sqrt(Arrays.stream(w).map(x -> x * x).sum());
        assertEquals(norm, SequentialInterpreter.run(TransferFamily.INSTANCE, cell, 0, 5).parameterError(), 1e-12);
        assertNull(SequentialInterpreter.run(TransferFamily.INSTANCE, cell, 0, 5).subspaceError());
    }

    /**
     * DP-SGD calibrated to ε: the sampled-Gaussian account of its σ, q, S converts (tight) to at most
     * ε and within 1e-6 relative of it (bisection to 1e-9 on σ); the ledger charged every one of the S
     * steps and recorded exactly that ε.
     */
    @Test
    void dpSgdSpendsExactlyItsBudget() {
        TransferRunPlan cell = cell("algorithm: dp-sgd, representation: true, epsilon: 0.8, delta: 1.0e-5,"
                + " samplingRate: 0.05, steps: 60, repeats: 1, accountant: rdp");
        SampledGaussianRdp.Epsilon account = cell.account();
        assertTrue(account.tightEpsilon() <= 0.8 * (1 + 1e-12), "spent " + account.tightEpsilon());
        assertEquals(0.8, account.tightEpsilon(), 0.8e-6);
        assertTrue(account.classicEpsilon() >= account.tightEpsilon());
        TransferOutcome outcome = SequentialInterpreter.run(TransferFamily.INSTANCE, cell, 0, 5);
        assertEquals(60, outcome.releases());
        assertEquals(account.tightEpsilon(), outcome.spentEpsilon(), 1e-9);
    }

    /**
     * DP-SGD under {@code accountant: pld}: σ is the PLD's (its PLD ε at most the target and within
     * the bisection's 1e-6 on σ, i.e. a few 1e-6 on ε), smaller than the RDP accountant's σ for the
     * same target; the ledger charged every step and recorded the PLD ε; the row reports it as
     * accountedEpsilon with the RDP ε of the same σ beside, which is larger.
     */
    @Test
    void dpSgdUnderThePldAccountant() {
        String experiment = "algorithm: dp-sgd, representation: true, epsilon: 0.8, delta: 1.0e-5,"
                + " samplingRate: 0.05, steps: 60, repeats: 1";
        TransferRunPlan pld = cell(experiment + ", accountant: pld");
        TransferRunPlan rdp = cell(experiment + ", accountant: rdp");
        double sigma = pld.noiseMultiplier();
        assertTrue(sigma < rdp.noiseMultiplier(), sigma + " vs RDP " + rdp.noiseMultiplier());
        double spent = pld.accountedEpsilon();
        assertEquals(PldAccountant.dpSgdEpsilon(0.05, sigma, 60, 1e-5), spent, 0);
        assertTrue(spent <= 0.8, "spent " + spent);
        assertTrue(PldAccountant.dpSgdEpsilon(0.05, sigma * (1 - 2e-6), 60, 1e-5) > 0.8);
        TransferOutcome outcome = SequentialInterpreter.run(TransferFamily.INSTANCE, pld, 0, 5);
        assertEquals(60, outcome.releases());
        assertEquals(spent, outcome.spentEpsilon(), 0);
        TransferResult row = TransferResult.of(pld, new TransferOutcome[] {outcome});
        assertEquals("pld", row.accountant());
        assertEquals(spent, row.accountedEpsilon(), 0);
        assertEquals(pld.account().tightEpsilon(), row.rdpEpsilon(), 0);
        assertTrue(row.rdpEpsilon() > row.accountedEpsilon());
        TransferResult rdpRow = TransferResult.of(rdp, new TransferOutcome[] {SequentialInterpreter.run(TransferFamily.INSTANCE, rdp, 0, 5)});
        assertEquals("rdp", rdpRow.accountant());
        assertEquals(rdpRow.rdpEpsilon(), rdpRow.accountedEpsilon(), 0);
    }

    /** A fixed noise multiplier is checked against ε by the experiment's accountant. */
    @Test
    void fixedNoiseMultiplierIsCheckedByTheAccountant() {
        // σ = 2.2 over 60 steps at q = 0.05, δ = 1e-5: RDP (tight) gives 0.839, the PLD 0.749.
        String experiment = "algorithm: dp-sgd, representation: true, epsilon: 0.8, delta: 1.0e-5,"
                + " samplingRate: 0.05, steps: 60, noiseMultiplier: 2.2, repeats: 1";
        double rdp = SampledGaussianRdp.epsilon(0.05, 2.2, 60, 1e-5, SampledGaussianRdp.defaultOrders()).tightEpsilon();
        double pld = PldAccountant.dpSgdEpsilon(0.05, 2.2, 60, 1e-5);
        assertTrue(pld < 0.8 && 0.8 < rdp, pld + " < 0.8 < " + rdp);
        assertEquals(2.2, cell(experiment + ", accountant: pld").noiseMultiplier(), 0);
        assertError(SMALL_TASK, experiment + ", accountant: rdp", "experiments[0].noiseMultiplier",
                "2.2 over 60 steps at sampling rate 0.05 spends ε = " + String.format("%.4g", rdp)
                        + " at δ = 1.0E-5 (accountant rdp), more than epsilon 0.8 (omit noiseMultiplier to"
                        + " calibrate it to each epsilon)");
        assertError(SMALL_TASK, "algorithm: dp-sgd, epsilon: 1, delta: 1.0e-5, accountant: prv",
                "experiments[0].accountant", "unknown value \"prv\" (expected one of: rdp, pld)");
        assertError(SMALL_TASK, "algorithm: sufficient-statistics, epsilon: 1, delta: 1.0e-5, accountant: pld",
                "experiments[0].accountant", "not used by sufficient-statistics");
    }

    /**
     * The Poisson sample of a step includes each of the n users with probability q: over S = 400 steps
     * of n = 40 users at q = 0.25 the total sampled is Binomial(16,000, 0.25) — mean 4,000, standard
     * deviation 54.8 — so it lies within ±5 s.d. (±274) except with probability below 1e-6.
     */
    @Test
    void poissonSamplesHaveTheirRate() {
        TransferRunPlan cell = cell("algorithm: dp-sgd, representation: true, epsilon: 50, delta: 1.0e-5,"
                + " samplingRate: 0.25, steps: 400, noiseMultiplier: 2, repeats: 1");
        TransferDriver driver = new TransferDriver(cell, 0, 5);
        TransferRequest request = driver.start();
        long total = 0;
        while (request instanceof TransferRequest.Gradients g) {
            total += g.users().length;
            for (int i = 1; i < g.users().length; i++) {
                assertTrue(g.users()[i] > g.users()[i - 1], "ascending ids");
            }
            double[][] zeros = new double[g.users().length][2];
            request = driver.onAnswers(zeros);
        }
        assertTrue(Math.abs(total - 4000) <= 274, "sampled " + total);
    }

    /** Every per-example gradient a user sends has norm at most the clip. */
    @Test
    void gradientsAreClipped() {
        TransferRunPlan cell = cell("algorithm: dp-sgd, representation: none, epsilon: 1, delta: 1.0e-5, repeats: 1");
        TransferPopulation population = cell.population(5, 0);
        for (int i = 0; i < 40; i++) {
            SampleHolder user = new SampleHolder(population, i, null, 8);
            double[] g = user.gradient(new double[] {3, -2, 1, 0, 0, 1, 2, -1}, 0.5);
            assertTrue(Math.sqrt(Arrays.stream(g).map(x -> x * x).sum()) <= 0.5 * (1 + 1e-12));
        }
    }

    /**
     * With a tiny noise and clips above every row, sufficient-statistics is least squares: at ε = 1e10
     * the tight ρ is ≈ 1e10 (ε ≈ ρ for large ρ), so σ_A = τ²/√(2ρ_A) = 100/√1e10 = 1e-3 against XᵀX ≈ 40 I,
     * and its parameter error matches non-private regression's to 1e-3 relative.
     */
    @Test
    void sufficientStatisticsWithNegligibleNoiseIsLeastSquares() {
        double exact = SequentialInterpreter.run(TransferFamily.INSTANCE, cell("algorithm: nonprivate-regression, repeats: 1"), 0, 5)
                .parameterError();
        double noisy = SequentialInterpreter.run(TransferFamily.INSTANCE, cell("algorithm: sufficient-statistics, epsilon: 1.0e10, delta: 1.0e-5,"
                + " clipFeature: 10, clipLabel: 10, repeats: 1"), 0, 5).parameterError();
        assertEquals(exact, noisy, 1e-3 * exact);
    }

    /**
     * The paper's qualitative ordering in a small instance (d = 20, k = 2, n₂ = 300, ε = 1, 4 repeats):
     * DP-SGD in k dims with the true subspace beats DP-SGD from scratch in d dims, and non-private
     * regression with the true subspace beats both; tail averaging beats the last iterate at the same
     * ε. Fixed seed; the gaps are several standard errors.
     */
    @Test
    void aGoodRepresentationBeatsLearningFromScratch() {
        String yaml = "name: t\nseed: 11\ntask: { type: transfer-regression, dimension: 20, rank: 2, publicTasks: 20,"
                + " publicSamples: [400], privateSamples: [300] }\nexperiments:\n"
                + "  - { algorithm: dp-sgd, representation: none, epsilon: 1, delta: 1.0e-5, samplingRate: 0.05,"
                + " steps: 400, repeats: 4 }\n"
                + "  - { algorithm: dp-sgd, representation: true, epsilon: 1, delta: 1.0e-5, samplingRate: 0.05,"
                + " steps: 400, repeats: 4 }\n"
                + "  - { algorithm: nonprivate-regression, representation: true, repeats: 4 }\n"
                + "  - { algorithm: dp-sgd, representation: true, epsilon: 1, delta: 1.0e-5, samplingRate: 0.05,"
                + " steps: 400, averageIterates: true, repeats: 4 }\n";
        List<TransferResult> rows = new SequentialRunner(parse(yaml)).run(Progress.NONE).rows(TransferResult.class);
        double scratch = rows.get(0).parameterError();
        double trueB = rows.get(1).parameterError();
        double nonPrivate = rows.get(2).parameterError();
        double averaged = rows.get(3).parameterError();
        assertTrue(trueB + 2 * rows.get(1).parameterErrorStdErr() < scratch, "true B " + trueB + " scratch " + scratch);
        assertTrue(nonPrivate < trueB, "non-private " + nonPrivate + " true B " + trueB);
        // Tail averaging (post-processing, same σ) removes part of the last iterate's stationary noise:
        // 0.070 against 0.093 with this seed (in thaker-fig3, 2–3× at 5000 steps).
        assertTrue(averaged < trueB, "averaged " + averaged + " last " + trueB);
        assertEquals(rows.get(1).accountedEpsilon(), rows.get(3).accountedEpsilon());
    }

    @Test
    void cellsAreOrderedAndRunsReproducible() {
        String yaml = "name: t\nseed: 2\ntask: { type: transfer-regression, dimension: 6, rank: 2, publicTasks: 5,"
                + " publicSamples: [50, 100], privateSamples: [20, 30] }\nexperiments:\n"
                + "  - { algorithm: dp-sgd, epsilon: [5, 6], delta: 1.0e-5, samplingRate: 0.05, steps: 5,"
                + " noiseMultiplier: 3, repeats: 2 }\n"
                + "  - { algorithm: zero-shot }\n";
        Scenario s = parse(yaml);
        List<TransferRunPlan> cells = TransferRunPlan.cells(s);
        assertEquals(2 * 2 * 2 + 2, cells.size());
        assertEquals(List.of(50, 50, 50, 50, 100), cells.subList(0, 5).stream().map(TransferRunPlan::publicSamples)
                .toList());
        assertEquals(Representation.PUBLIC, cells.get(0).representation());
        Report a = new SequentialRunner(s).run(Progress.NONE).withoutTiming();
        Report b = new SequentialRunner(s).run(Progress.NONE).withoutTiming();
        assertEquals(a, b);
    }

    @Test
    void badInputNamesTheFieldAndTheReason() {
        assertError(SMALL_TASK, "algorithm: dp-sgd, epsilon: 1, delta: 1.0e-5, samplingRate: 1.5",
                "experiments[0].samplingRate", "must be ≤ 1, got 1.5");
        assertError(SMALL_TASK, "algorithm: dp-sgd, epsilon: 1, delta: 1.0e-5, samplingRate: 0",
                "experiments[0].samplingRate", "must be > 0, got 0");
        assertError(SMALL_TASK, "algorithm: dp-sgd, epsilon: 1, delta: 1.0e-5, noiseMultiplier: 0",
                "experiments[0].noiseMultiplier", "must be > 0, got 0");
        assertError(SMALL_TASK, "algorithm: dp-sgd, epsilon: 1, delta: 1.0e-5, noiseMultiplier: 0.5",
                "experiments[0].noiseMultiplier", "0.5 over 5000 steps at sampling rate 0.01 spends ε = "
                        + String.format("%.4g", PldAccountant.dpSgdEpsilon(0.01, 0.5, 5000, 1e-5))
                        + " at δ = 1.0E-5 (accountant pld), more than epsilon 1.0 (omit noiseMultiplier to calibrate it to each"
                        + " epsilon)");
        assertError(SMALL_TASK, "algorithm: dp-sgd, epsilon: 1, delta: 1.0e-5, representation: none,"
                        + " subspaceEstimator: pairs", "experiments[0].subspaceEstimator",
                "only used with representation public");
        assertError(SMALL_TASK, "algorithm: zero-shot, representation: none", "experiments[0].representation",
                "not used by zero-shot");
        assertError(SMALL_TASK, "algorithm: nonprivate-regression, epsilon: 1", "experiments[0].epsilon",
                "not used by nonprivate-regression");
        assertError("task: { type: transfer-regression, dimension: 4, rank: 5, publicTasks: 10, publicSamples: [20],"
                + " privateSamples: [10] }\n", "algorithm: zero-shot", "task.rank", "must be ≤ dimension (4), got 5");
        assertError("task: { type: transfer-regression, dimension: 4, rank: 2, publicTasks: 10, publicSamples: [20],"
                + " privateSamples: [1] }\n", "algorithm: zero-shot", "task.privateSamples[0]", "must be ≥ 2, got 1");
        assertError("task: { type: transfer-regression, dimension: 5, rank: 3, publicTasks: 10, publicSamples: [20],"
                + " privateSamples: [10], subspaceShift: 0.1 }\n", "algorithm: zero-shot", "task.subspaceShift",
                "a shifted subspace needs k directions orthogonal to B, so 2·rank ≤ dimension (5), got rank 3");
        assertError(SMALL_TASK, "algorithm: nonprivate-regression, representation: private-altmin",
                "experiments[0].representationEpsilon", "required field missing");
        assertError(SMALL_TASK, "algorithm: nonprivate-regression, representation: public, representationEpsilon: 1",
                "experiments[0].representationEpsilon", "only used with representation private-altmin");
        assertError(SMALL_TASK, "algorithm: nonprivate-regression, representation: private-altmin,"
                + " representationEpsilon: 1, representationEpochs: 0", "experiments[0].representationEpochs",
                "must be ≥ 1, got 0");
        assertError("task: { type: transfer-regression, dimension: 8, rank: 2, publicTasks: 10, publicSamples: [200, 205],"
                        + " privateSamples: [40] }\n",
                "algorithm: nonprivate-regression, representation: private-altmin, representationEpsilon: 1",
                "experiments[0].representation", "private-altmin makes each of task.publicTasks (10) a user holding"
                        + " n₁/t rows, so every task.publicSamples must be a multiple of 10 with at least 2 rows per"
                        + " task, got 205");
        // YAML's unquoted true names the true subspace.
        Scenario s = parse("name: t\n" + SMALL_TASK + "experiments:\n  - { algorithm: nonprivate-regression,"
                + " representation: true }\n");
        assertEquals(Representation.TRUE, s.experiments().get(0).settings(TransferSettings.class).representation());
    }

    private static void assertError(String task, String experiment, String path, String reason) {
        String yaml = "name: t\n" + task + "experiments:\n  - { " + experiment + " }\n";
        List<FieldError> errors = assertThrows(ScenarioException.class, () -> parse(yaml)).errors();
        assertEquals(List.of(new FieldError(path, reason)), errors);
    }
}
