package org.privsim.core.family.federated;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.mechanism.BandedRun;
import org.privsim.core.mechanism.SgdCalibration;
import org.privsim.core.mechanism.TreeAggregationRun;
import org.privsim.core.privacy.Accountants;
import org.privsim.core.privacy.BudgetExceededException;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.TreeAggregationRdp;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.Progress;
import org.privsim.core.scenario.FieldError;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.sim.RunOutcome;

/**
 * Correlated noise on the federated families ({@code noise: tree | banded}): the calibration meets
 * the target through the generic calibration, the ledger refuses exactly the first round past the
 * budget, the tree partitions every epoch and releases prefix sums of its noisy nodes, the banded
 * factorization is C⁻¹Z, one band is dp-fedavg bit for bit, and bad settings are refused naming the field.
 */
class CorrelatedNoiseTest {
    private static Scenario scenario(String experiment) {
        return FederatedRuns.scenario(60, 8, 5, 2, 0.1, experiment);
    }

    static Stream<Arguments> familiesAndTargets() {
        return Stream.of(FedAvgFamily.INSTANCE, FedRepFamily.INSTANCE).flatMap(f -> Stream.of(0.5, 2.0, 8.0)
                .map(e -> Arguments.of(f, e)));
    }

    /**
     * σ of the tree is the generic calibration's: ε of T/s epochs meets the target and is within 1 % of
     * it, equals {@link TreeAggregationRdp#epsilon} bit for bit, and is what the run's ledger spends.
     */
    @ParameterizedTest
    @MethodSource("familiesAndTargets")
    void treeCalibrationMeetsTheTargetAndTheLedgerSpendsIt(FederatedFamily family, double epsilon) {
        Scenario s = scenario("{ algorithm: " + family.id() + ", epsilon: " + epsilon + ", delta: 1.0e-5,"
                + " samplingRate: 0.25, rounds: 12, noise: tree, repeats: 1 }");
        FederatedFamily.Cell cell = family.cells(s).get(0);
        SgdCalibration c = cell.calibration();
        assertEquals(4, c.stepsPerEpoch());
        double accounted = c.accountedEpsilon();
        assertTrue(accounted <= epsilon && accounted >= 0.99 * epsilon, "ε " + accounted + " for target " + epsilon);
        assertEquals(TreeAggregationRdp.epsilon(c.noiseMultiplier(), 4, 3, 1e-5), accounted);
        assertEquals("rdp", c.accountant().id());
        RunOutcome outcome = SequentialInterpreter.run(family, cell, 0, s.seed());
        List<Release> log = outcome.releases().releases();
        assertEquals(3, log.size(), "one record per epoch");
        assertEquals(4, log.get(2).count());
        assertEquals(Release.Relation.REPLACE_SPECIAL, log.get(0).relation());
        ExperimentResult row = new SequentialRunner(s).run(Progress.NONE).lowRankRows().get(0);
        assertEquals(accounted, row.accountedEpsilon());
        assertEquals(FederatedFamily.TREE_CONVERSION, row.conversion());
    }

    /**
     * dp_accounting's own answers for {@code SelfComposedDpEvent(SingleEpochTreeAggregationDpEvent(z, s), E)}
     * (the vectors of {@code TreeAggregationRdpTest}): z = 1, s = 100 (q = 0.01), one epoch, δ = 1e-5 gives
     * 15.17541982626362; z = 0.5, s = 7 (q = 0.15), three epochs, δ = 1e-5 gives 45.24549328386881. A run
     * with that σ reports it, and its ledger spends it (relative 1e-12).
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"1.0, 0.01, 100, 15.17541982626362", "0.5, 0.15, 21, 45.24549328386881"})
    void treeRunsReportDpAccountingsEpsilon(double z, double q, int rounds, double expected) {
        Scenario s = FederatedRuns.scenario(200, 4, 3, 1, 0.1, "{ algorithm: dp-fedavg, epsilon: 50, delta: 1.0e-5,"
                + " samplingRate: " + q + ", rounds: " + rounds + ", noiseMultiplier: " + z + ", noise: tree, repeats: 1 }");
        FederatedFamily.Cell cell = FedAvgFamily.INSTANCE.cells(s).get(0);
        assertEquals(expected, cell.calibration().accountedEpsilon(), 1e-12 * expected);
        RunOutcome outcome = SequentialInterpreter.run(FedAvgFamily.INSTANCE, cell, 0, s.seed());
        Ledger ledger = cell.calibration().ledger(200, 50);
        for (Release r : outcome.releases().releases()) {
            for (int i = 0; i < r.count(); i++) {
                ledger.chargeAll(r.atRound(r.round() + i).withCount(1));
            }
        }
        assertEquals(expected, ledger.maxSpent(), 1e-12 * expected);
    }

    /**
     * dp_accounting's RDP accountant on {@code SelfComposedDpEvent(PoissonSampledDpEvent(q·b,
     * GaussianDpEvent(z)), ⌈T/b⌉)} (its Python source with numpy 2.4, scipy 1.17): a banded run with that σ
     * reports it to 1e-3 relative (privsim's RDP accountant, the orders dp-fedavg is charged at).
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"0.01, 4, 1.0, 100, 1.0e-5, 2.2260034774559734",
        "0.05, 4, 1.0, 60, 1.0e-6, 7.671005247970269", "0.05, 4, 3.0, 60, 1.0e-6, 1.4381445055741864",
        "0.002, 8, 0.9, 1000, 1.0e-6, 2.6137789524909816"})
    void bandedRunsReportDpAccountingsEpsilon(double q, int b, double z, int rounds, double delta, double expected) {
        Scenario s = FederatedRuns.scenario(200, 4, 3, 1, 0.1, "{ algorithm: dp-fedavg, epsilon: 20, delta: " + delta
                + ", samplingRate: " + q + ", rounds: " + rounds + ", noiseMultiplier: " + z + ", noise: banded, bands: "
                + b + ", repeats: 1 }");
        FederatedFamily.Cell cell = FedAvgFamily.INSTANCE.cells(s).get(0);
        assertEquals(expected, cell.calibration().accountedEpsilon(), 1e-3 * expected);
        RunOutcome outcome = SequentialInterpreter.run(FedAvgFamily.INSTANCE, cell, 0, s.seed());
        assertEquals((rounds + b - 1) / b, outcome.releases().releases().get(0).count());
    }

    /**
     * With σ halved the tree overspends; the ledger refuses exactly the first round r whose nodes
     * (whole epochs' depth(s) plus depth(r mod s)) take ε past the budget — a round that completes a
     * new level (r mod s a power of two, or a new epoch).
     */
    @ParameterizedTest
    @ValueSource(strings = {"dp-fedavg", "dp-fedrep"})
    void treeLedgerRefusesTheFirstRoundPastTheBudget(String algorithm) {
        Scenario s = scenario("{ algorithm: " + algorithm + ", epsilon: 1, delta: 1.0e-5, samplingRate: 0.125,"
                + " rounds: 32, noise: tree, repeats: 1 }");
        FederatedFamily family = algorithm.equals("dp-fedavg") ? FedAvgFamily.INSTANCE : FedRepFamily.INSTANCE;
        FederatedFamily.Cell calibrated = family.cells(s).get(0);
        double halved = calibrated.noiseMultiplier() / 2;
        SgdCalibration under = SgdCalibration.tree(8, 32, 1e-5, 1, halved, Accountants.RDP);
        FederatedFamily.Cell underNoised = new FederatedFamily.Cell(calibrated.experiment(), calibrated.spec(),
                calibrated.epsilon(), calibrated.epsilonIndex(), calibrated.task(), calibrated.shape(), under);
        int refused = 1;
        while (treeEpsilon(halved, 8, refused) <= 1 + Ledger.RELATIVE_SLACK) {
            refused++;
        }
        assertTrue(refused <= 32, "the halved σ must overspend within the 32 rounds");
        int round = refused;
        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> SequentialInterpreter.run(family, underNoised, 0, s.seed()));
        assertTrue(e.getMessage().contains("'clipped update sum, epoch " + ((round - 1) / 8 + 1) + " " + round + "'"),
                e.getMessage());
    }

    /**
     * With σ halved the banded run overspends; its ledger charges one step at q·b per cycle of b rounds,
     * so it refuses round 1 + (k − 1)·b, k the first count of steps whose ε exceeds the budget.
     */
    @Test
    void bandedLedgerRefusesTheFirstCyclePastTheBudget() {
        Scenario s = scenario("{ algorithm: dp-fedavg, epsilon: 1, delta: 1.0e-5, samplingRate: 0.05, rounds: 40,"
                + " noise: banded, bands: 4, repeats: 1 }");
        FederatedFamily.Cell calibrated = FedAvgFamily.INSTANCE.cells(s).get(0);
        SgdCalibration halved = SgdCalibration.of(0.2, calibrated.noiseMultiplier() / 2, 10, 1e-5, Accountants.RDP);
        FederatedFamily.Cell underNoised = new FederatedFamily.Cell(calibrated.experiment(), calibrated.spec(),
                calibrated.epsilon(), calibrated.epsilonIndex(), calibrated.task(), calibrated.shape(), halved);
        int steps = 1;
        while (Accountants.RDP.epsilon(new org.privsim.core.privacy.DpEvent.PoissonSampledGaussian(0.2,
                halved.noiseMultiplier()).times(steps), 1e-5) <= 1 + Ledger.RELATIVE_SLACK) {
            steps++;
        }
        assertTrue(steps <= 10, "the halved σ must overspend within the 10 cycles");
        int round = 1 + (steps - 1) * 4;
        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> SequentialInterpreter.run(FedAvgFamily.INSTANCE, underNoised, 0, s.seed()));
        assertTrue(e.getMessage().contains("'clipped update sum " + round + "'"), e.getMessage());
    }

    /** ε after {@code rounds} rounds of trees of s leaves: the nodes one user's leaf reaches by then. */
    private static double treeEpsilon(double z, int s, int rounds) {
        int nodes = rounds / s * TreeAggregationRdp.depth(s) + (rounds % s == 0 ? 0 : TreeAggregationRdp.depth(rounds % s));
        double[] orders = org.privsim.core.privacy.SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = TreeAggregationRdp.ofNodes(z, nodes, orders[i]);
        }
        return org.privsim.core.privacy.Conversions.tightEpsilonFromRdp(orders, curve, 1e-5);
    }

    /**
     * Every epoch's cohorts partition the users (each once), and each round's release is the sum of the
     * noisy nodes of its binary decomposition: with zero contributions, prefix(r) − prefix(r − lowbit(r))
     * is the node r completes.
     */
    @Test
    void treePartitionsEveryEpochAndReleasesPrefixSumsOfItsNodes() {
        SgdCalibration c = SgdCalibration.tree(5, 10, 1e-5, 2, null, Accountants.RDP);
        TreeAggregationRun run = new TreeAggregationRun(c, "sum", 1, 1, 23, 2,
                e -> new SplittableRandom(100 + e), key -> new SplittableRandom(key));
        double[][] prefix = new double[11][];
        prefix[0] = new double[3];
        for (int epoch = 0; epoch < 2; epoch++) {
            int[] seen = new int[23];
            for (int r = 1; r <= 5; r++) {
                int step = epoch * 5 + r;
                int[] cohort = run.cohort(step);
                assertTrue(cohort.length == 4 || cohort.length == 5, "cohort " + cohort.length);
                for (int user : cohort) {
                    seen[user]++;
                }
                prefix[step] = run.privatize(step, new double[3]);
                double[] node = run.observed(prefix[step]);
                double[] before = r == Integer.lowestOneBit(r) ? new double[3] : prefix[step - Integer.lowestOneBit(r)];
                for (int p = 0; p < 3; p++) {
                    assertEquals(node[p], prefix[step][p] - before[p], 1e-12);
                }
                assertEquals(step - Integer.lowestOneBit(r) + 1, TreeAggregationRun.nodeStart(step, 5));
            }
            int[] once = new int[23];
            Arrays.fill(once, 1);
            assertArrayEquals(once, seen, "epoch " + epoch + " partitions the users");
        }
        assertEquals(10, run.ledger().charges());
    }

    /**
     * C is the banded square root: the coefficients convolved with themselves are the prefix-sum
     * workload's ones over the squared largest column norm; the released noise w solves C·w = Z.
     */
    @Test
    void bandedNoiseIsTheInverseOfTheBandedSquareRoot() {
        int b = 4;
        double[] c = BandedRun.coefficients(b);
        double norm2 = 0;
        for (double v : c) {
            norm2 += v * v;
        }
        assertEquals(1, norm2, 1e-12);
        double[] raw = {1, 0.5, 0.375, 0.3125};
        double scale = Math.sqrt(1 + 0.25 + 0.140625 + 0.09765625);
        for (int k = 0; k < b; k++) {
            double conv = 0;
            for (int i = 0; i <= k; i++) {
                conv += c[i] * c[k - i];
            }
            assertEquals(1 / (scale * scale), conv, 1e-12);
            assertEquals(raw[k] / scale, c[k], 1e-15);
        }
        SgdCalibration cal = SgdCalibration.calibrate(0.2, 3, 1e-5, 2, null, Accountants.RDP);
        BandedRun run = new BandedRun(cal, "sum", 1, 1, 40, 0.05, b, 2, t -> new SplittableRandom(t),
                t -> new SplittableRandom(1000 + t));
        int steps = 10;
        double[][] w = new double[steps + 1][];
        for (int t = 1; t <= steps; t++) {
            run.cohort(t);
            double[] noisy = run.privatize(t, new double[2]);
            w[t] = new double[2];
            for (int p = 0; p < 2; p++) {
                w[t][p] = noisy[p] / (cal.noiseMultiplier());
            }
            SplittableRandom z = new SplittableRandom(1000 + t);
            for (int p = 0; p < 2; p++) {
                double cw = 0;
                for (int j = 0; j < b && t - j >= 1; j++) {
                    cw += c[j] * w[t - j][p];
                }
                assertEquals(z.nextGaussian(), cw, 1e-9);
            }
        }
        assertEquals(3, run.ledger().charges(), "one charge per cycle of b rounds: ⌈10/4⌉");
    }

    /** Cyclic participation: round t's cohort lies in partition (t − 1) mod b (ids ≡ it mod b). */
    @Test
    void bandedCohortsAreCyclic() {
        SgdCalibration cal = SgdCalibration.calibrate(0.6, 2, 1e-5, 2, null, Accountants.RDP);
        BandedRun run = new BandedRun(cal, "sum", 1, 1, 50, 0.2, 3, 2, t -> new SplittableRandom(t),
                t -> new SplittableRandom(t));
        for (int t = 1; t <= 6; t++) {
            int[] cohort = run.cohort(t);
            assertTrue(cohort.length > 0);
            for (int user : cohort) {
                assertEquals((t - 1) % 3, user % 3, "round " + t + " user " + user);
                assertTrue(user < 50);
            }
        }
    }

    /** One band is dp-fedavg (and dp-fedrep) under rdp: the same σ, cohorts, noise and ledger, so the same row bit for bit. */
    @ParameterizedTest
    @ValueSource(strings = {"dp-fedavg", "dp-fedrep"})
    void oneBandIsIndependentNoiseBitForBit(String algorithm) {
        String common = "{ algorithm: " + algorithm + ", epsilon: [1, 4], delta: 1.0e-5, samplingRate: 0.1, rounds: 7,"
                + " repeats: 2, ";
        List<ExperimentResult> independent = rows(common + "accountant: rdp }");
        List<ExperimentResult> banded = rows(common + "noise: banded, bands: 1 }");
        assertEquals(2, independent.size());
        assertEquals(independent, banded);
        List<ExperimentResult> four = rows(common + "noise: banded, bands: 4 }");
        assertNotEquals(independent.get(0).excessRisk(), four.get(0).excessRisk());
        double accounted = four.get(1).accountedEpsilon();
        assertTrue(accounted <= 4 && accounted >= 0.99 * 4, "ε " + accounted);
    }

    private static List<ExperimentResult> rows(String experiment) {
        return new SequentialRunner(scenario(experiment)).run(Progress.NONE).lowRankRows();
    }

    /** Bad correlated-noise settings are refused, each naming its field. */
    @Test
    void badSettingsAreRefusedNamingTheField() {
        assertRefused("noise: tree, accountant: pld", "accountant",
                "pld is not available with noise tree (dp_accounting's PLD has no event for it); use rdp, the default"
                        + " with correlated noise");
        assertRefused("noise: banded, bands: 2, accountant: pld", "accountant",
                "pld is not available with noise banded (dp_accounting's PLD has no event for it); use rdp, the default"
                        + " with correlated noise");
        assertRefused("noise: tree, rounds: 12", "rounds",
                "with noise tree must be whole epochs of ⌈1/samplingRate⌉ = 10 rounds, got 12");
        assertRefused("bands: 2", "bands", "only used with noise banded");
        assertRefused("noise: banded, bands: 60, samplingRate: 0.01", "bands", "must be at most rounds (50), got 60");
        assertRefused("noise: banded, bands: 11", "bands",
                "samplingRate × bands must be at most 1 (each partition is sampled at that rate), got 0.1 × 11");
        assertRefused("noise: banded, bands: 0", "bands", null);
        assertRefused("noise: banded", "bands", null);
        assertRefused("noise: shuffled", "noise", null);
    }

    private static void assertRefused(String fields, String field, String reason) {
        List<FieldError> errors = assertThrows(ScenarioException.class,
                () -> scenario("{ algorithm: dp-fedavg, epsilon: 1, delta: 1.0e-5, " + fields + " }")).errors();
        assertEquals(1, errors.size(), errors.toString());
        assertEquals("experiments[0]." + field, errors.get(0).path());
        if (reason != null) {
            assertEquals(reason, errors.get(0).reason());
        }
    }
}
