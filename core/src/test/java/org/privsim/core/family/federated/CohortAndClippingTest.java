package org.privsim.core.family.federated;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.mechanism.FixedCohort;
import org.privsim.core.mechanism.SgdCalibration;
import org.privsim.core.privacy.Accountants;
import org.privsim.core.privacy.BudgetExceededException;
import org.privsim.core.privacy.DpEvent;
import org.privsim.core.privacy.FixedSizeSample;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.SampledWithoutReplacementRdp;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.Progress;
import org.privsim.core.scenario.AdaptiveClip;
import org.privsim.core.scenario.FieldError;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.seam.Step;
import org.privsim.core.sim.RunOutcome;

/**
 * Fixed-size cohorts and adaptive clipping of the federated families: the cohort's draw, σ
 * calibrated to the without-replacement RDP account, the ledger refusing the first round past the
 * budget, the curator's divisor, the clip's geometric update, and the validation of both settings.
 */
class CohortAndClippingTest {
    private static Scenario scenario(String experiment) {
        return FederatedRuns.scenario(50, 10, 6, 2, 0.1, experiment);
    }

    static Stream<FederatedFamily> families() {
        return Stream.of(FedAvgFamily.INSTANCE, FedRepFamily.INSTANCE);
    }

    @Test
    void aFixedSizeSampleIsExactlyMDistinctAscendingIdsFromItsStream() {
        for (int seed = 0; seed < 50; seed++) {
            int[] ids = FixedSizeSample.of(40, 7, new SplittableRandom(seed));
            assertEquals(7, ids.length);
            for (int i = 1; i < ids.length; i++) {
                assertTrue(ids[i - 1] < ids[i], "ascending and distinct");
            }
            assertTrue(ids[0] >= 0 && ids[6] < 40);
            assertArrayEquals(ids, FixedSizeSample.of(40, 7, new SplittableRandom(seed)));
        }
        assertArrayEquals(new int[] {0, 1, 2}, FixedSizeSample.of(3, 3, new SplittableRandom(1)));
        int[] hits = new int[10];
        SplittableRandom rng = new SplittableRandom(3);
        for (int r = 0; r < 20_000; r++) {
            for (int id : FixedSizeSample.of(10, 3, rng)) {
                hits[id]++;
            }
        }
        for (int h : hits) { // each id with probability m/n = 0.3: 6,000 ± 65 (s.d.)
            assertTrue(Math.abs(h - 6000) < 400, "uniform inclusion, got " + h);
        }
    }

    /**
     * cohort fixed at q = 0.2 of n = 50 (m = 10), 20 rounds: σ is calibrated by RDP so that the
     * without-replacement account of multiplier σ/2 meets ε within 1 %, the row reports that account
     * (privsim account's number), and every round asks exactly m users.
     */
    @ParameterizedTest
    @MethodSource("families")
    void fixedCohortsAreCalibratedByTheWithoutReplacementAccount(FederatedFamily family) {
        Scenario s = scenario("{ algorithm: " + family.id() + ", epsilon: 2, delta: 1.0e-6, samplingRate: 0.2,"
                + " rounds: 20, cohort: fixed, repeats: 1 }");
        FederatedFamily.Cell cell = family.cells(s).get(0);
        SgdCalibration c = cell.calibration();
        assertEquals(new FixedCohort(50, 10), c.cohort());
        assertEquals(Accountants.RDP, c.accountant());
        double z = c.noiseMultiplier();
        double epsilon = SampledWithoutReplacementRdp.epsilon(0.2, z / 2, 20, 1e-6);
        assertEquals(epsilon, c.accountedEpsilon(), 1e-12 * epsilon);
        assertTrue(epsilon <= 2 && epsilon >= 0.99 * 2, "meets ε within 1 %: " + epsilon);
        assertTrue(SampledWithoutReplacementRdp.epsilon(0.2, 0.99 * z / 2, 20, 1e-6) > 2, "the smallest σ");
        ExperimentResult row = new SequentialRunner(s).run(Progress.NONE).lowRankRows().get(0);
        assertEquals(epsilon, row.accountedEpsilon(), 0);
        assertEquals(epsilon, row.rdpEpsilon(), 0);
        assertEquals(FederatedFamily.FIXED_COHORT_CONVERSION, row.conversion());
        List<Release> releases = row.releases().get(0).accountedReleases();
        assertEquals(1, releases.size());
        Release r = releases.get(0);
        assertEquals(Release.Mechanism.SAMPLED_WITHOUT_REPLACEMENT_GAUSSIAN, r.mechanism());
        assertEquals(Release.Relation.REPLACE_ONE, r.relation());
        assertEquals(20, r.count());
        assertEquals(2.0, r.sensitivity(), 0); // 2C
        assertEquals(z, r.sigma(), 0);          // z·C
        assertEquals(z / 2, r.noiseMultiplier(), 0);
        assertEquals(0.2, r.samplingRate(), 0);
        UserPopulation population = family.context(cell, 0, s.seed());
        RunCurator<FederatedFamily.Request, double[], RunOutcome> curator = family.curator(cell, 0, s.seed(), population);
        Step<FederatedFamily.Request, RunOutcome> step = curator.start();
        int rounds = 0;
        while (step instanceof Step.Ask<FederatedFamily.Request, RunOutcome> ask
                && ask.request() instanceof FederatedFamily.Update) {
            assertEquals(10, ask.participants().length, "exactly m users a round");
            List<double[]> zeros = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                zeros.add(new double[cell.shape().dimension() * (family == FedRepFamily.INSTANCE ? 2 : 1)]);
            }
            step = curator.onAnswers(zeros);
            rounds++;
        }
        assertEquals(20, rounds);
    }

    /** With σ halved, the fixed-cohort ledger refuses exactly the first round whose account exceeds ε. */
    @ParameterizedTest
    @MethodSource("families")
    void theFixedCohortLedgerRefusesTheFirstRoundPastTheBudget(FederatedFamily family) {
        Scenario s = scenario("{ algorithm: " + family.id() + ", epsilon: 1, delta: 1.0e-6, samplingRate: 0.2,"
                + " rounds: 20, cohort: fixed, repeats: 1 }");
        FederatedFamily.Cell calibrated = family.cells(s).get(0);
        FixedCohort cohort = calibrated.calibration().cohort();
        SgdCalibration halved = SgdCalibration.of(cohort, calibrated.noiseMultiplier() / 2, 20, 1e-6);
        FederatedFamily.Cell underNoised = new FederatedFamily.Cell(calibrated.experiment(), calibrated.spec(),
                calibrated.epsilon(), calibrated.epsilonIndex(), calibrated.task(), calibrated.shape(), halved);
        int refused = 1;
        while (Accountants.RDP.epsilon(cohort.event(halved.noiseMultiplier()).times(refused), 1e-6)
                <= 1 + Ledger.RELATIVE_SLACK) {
            refused++;
        }
        assertTrue(refused > 1 && refused <= 20, "the halved σ must overspend within the 20 rounds: " + refused);
        BudgetExceededException e = assertThrows(BudgetExceededException.class,
                () -> SequentialInterpreter.run(family, underNoised, 0, s.seed()));
        assertTrue(e.getMessage().contains("'clipped update sum " + refused + "'"), e.getMessage());
    }

    /**
     * The ledger's ε of fixed cohorts against dp_accounting's RdpAccountant on
     * SelfComposedDpEvent(SampledWithoutReplacementDpEvent(n, m, GaussianDpEvent(σ/2)), T) (its Python
     * source run locally; the vectors of docs/dp-fedavg.md), to 1e-12 relative.
     */
    @Test
    void theLedgersEpsilonIsDpAccountingsOnTheListedVectors() {
        double[][] vectors = {
            {2000, 100, 4.625319790692868, 20, 1e-6, 1.0000000000000013},
            {2000, 100, 1.9444409527343787, 20, 1e-6, 4.0},
            {200, 20, 2, 30, 1e-5, 7.574018107320061},
            {10000, 37, 0.8, 500, 1e-6, 19.470991559241856}};
        for (double[] v : vectors) {
            FixedCohort cohort = new FixedCohort((int) v[0], (int) v[1]);
            SgdCalibration c = SgdCalibration.of(cohort, v[2], (int) v[3], v[4]);
            assertEquals(v[5], c.accountedEpsilon(), 1e-12 * v[5]);
            Ledger ledger = c.ledger(cohort.users(), 100);
            for (int t = 1; t <= (int) v[3]; t++) {
                ledger.chargeAll(c.release("clipped update sum", 1, 1, cohort.users()).atRound(t));
            }
            assertEquals(v[5], ledger.maxSpent(), 1e-12 * v[5]);
        }
    }

    /** The RDP accountant accounts the without-replacement event at dp_accounting's orders; PLD refuses it. */
    @Test
    void onlyTheRdpAccountantAccountsTheWithoutReplacementEvent() {
        DpEvent event = new DpEvent.SampledWithoutReplacementGaussian(1000, 10, 1.5).times(100);
        assertEquals(SampledWithoutReplacementRdp.epsilon(0.01, 1.5, 100, 1e-5), Accountants.RDP.epsilon(event, 1e-5),
                0);
        assertTrue(!Accountants.PLD.accounts(event));
        assertThrows(IllegalArgumentException.class, () -> Accountants.PLD.epsilon(event, 1e-5));
        assertThrows(IllegalArgumentException.class, () -> new DpEvent.SampledWithoutReplacementGaussian(10, 11, 1));
    }

    @Test
    void theUpdateSumLeavesTheCountItsShareOfTheNoise() {
        AdaptiveClip clip = new AdaptiveClip(0.5, 1, 0.2);
        assertEquals(1 / Math.sqrt(1 - 0.25), clip.sumMultiplier(1), 1e-15);
        assertEquals(Double.NaN, clip.sumMultiplier(2), 0);
        // 1/z² = 1/z_Δ² + 1/(2σ_b)²: the pair is one Gaussian of multiplier z
        double z = 0.8;
        double zDelta = new AdaptiveClip(0.5, 3, 0.2).sumMultiplier(z);
        assertEquals(1 / (z * z), 1 / (zDelta * zDelta) + 1 / 36.0, 1e-12);
    }

    /**
     * Adaptive clipping from a clip far below every update norm: every bit is 0, so b̄ is about 0
     * and the clip grows by about e^{η_C·γ} a round; each round's record states its clip as the sensitivity, the sum's
     * noise z_Δ·C_t and the accounted multiplier z; the ledger charges the T rounds at z, as the
     * Poisson-sampled Gaussian at z accounts them.
     */
    @ParameterizedTest
    @MethodSource("families")
    void adaptiveClippingFollowsTheNoisyCount(FederatedFamily family) {
        Scenario s = scenario("{ algorithm: " + family.id() + ", epsilon: 2, delta: 1.0e-6, samplingRate: 0.2,"
                + " rounds: 10, clipUpdate: 1.0e-4, clipping: adaptive, countNoise: 5, accountant: rdp, repeats: 1 }");
        FederatedFamily.Cell cell = family.cells(s).get(0);
        double z = cell.noiseMultiplier();
        assertEquals(SgdCalibration.calibrate(0.2, 10, 1e-6, 2, null, Accountants.RDP), cell.calibration());
        AdaptiveClip adaptive = cell.settings().adaptiveClip();
        assertEquals(new AdaptiveClip(0.5, 5, 0.2), adaptive);
        ExperimentResult row = new SequentialRunner(s).run(Progress.NONE).lowRankRows().get(0);
        List<Release> releases = row.releases().get(0).accountedReleases();
        assertEquals(10, releases.size());
        double zDelta = adaptive.sumMultiplier(z);
        for (int t = 0; t < 10; t++) {
            Release r = releases.get(t);
            assertEquals(Release.Mechanism.SAMPLED_GAUSSIAN, r.mechanism());
            assertEquals(z, r.noiseMultiplier(), 0);
            assertEquals(zDelta * r.sensitivity(), r.sigma(), 1e-12 * r.sigma());
            if (t > 0) {
                double ratio = r.sensitivity() / releases.get(t - 1).sensitivity();
                // b̄ = (−|S|/2 + N(0, 25))/(q·n = 10) + 1/2, |S| Poisson of mean 10: the step is e^{0.1 − 0.2·b̄}
                assertTrue(Math.abs(Math.log(ratio) - 0.1) < 0.25, "round " + (t + 1) + ": ratio " + ratio);
            }
        }
        assertEquals(1.0e-4, releases.get(0).sensitivity(), 0);
        assertEquals(Accountants.RDP.epsilon(new DpEvent.PoissonSampledGaussian(0.2, z).times(10), 1e-6),
                row.accountedEpsilon(), 0);
    }

    /** An adaptive answer ends with the centred bit 1[‖Δ‖ ≤ C_t] − 1/2; a fixed-clip answer has none. */
    @ParameterizedTest
    @MethodSource("families")
    void anAdaptiveAnswerCarriesTheUnclippedBit(FederatedFamily family) {
        Scenario s = scenario("{ algorithm: " + family.id() + ", epsilon: 2, delta: 1.0e-6, clipping: adaptive,"
                + " countNoise: 5, repeats: 1 }");
        FederatedFamily.Cell cell = family.cells(s).get(0);
        UserPopulation population = family.context(cell, 0, s.seed());
        Participant<FederatedFamily.Request, double[]> user = family.participant(cell, 0, s.seed(), population, 3);
        int length = cell.shape().dimension() * (family == FedRepFamily.INSTANCE ? 2 : 1);
        double[] model = family.initialModel(cell, population.seed());
        double[] fixed = user.answer(new FederatedFamily.Update(1, model));
        assertEquals(length, fixed.length);
        double[] huge = user.answer(new FederatedFamily.Update(1, model, 1e9));
        double[] tiny = user.answer(new FederatedFamily.Update(1, model, 1e-9));
        assertEquals(length + 1, huge.length);
        assertEquals(0.5, huge[length], 0);
        assertEquals(-0.5, tiny[length], 0);
        assertNull(cell.settings().noiseMultiplier());
    }

    @Test
    void badSettingsAreRefusedNamingTheField() {
        String run = "algorithm: dp-fedavg, epsilon: 1, delta: 1.0e-6, samplingRate: 0.2, rounds: 20";
        assertError(run + ", cohort: fixed, accountant: pld", "experiments[0].accountant",
                "pld cannot account fixed cohorts (cohort fixed): a cohort drawn without replacement is accounted by"
                        + " rdp (the bound of Wang, Balle & Kasiviswanathan 2019); omit accountant or set rdp");
        assertError(run + ", cohort: fixed, clipping: adaptive", "experiments[0].clipping",
                "adaptive is accounted with Poisson cohorts only (cohort poisson); cohort fixed needs clipping fixed");
        assertError(run.replace("0.2", "0.001") + ", cohort: fixed", "experiments[0].samplingRate",
                "cohort fixed draws round(q·n) = 0 users at samplingRate 0.001 of task.users 50; raise samplingRate");
        assertError(run + ", targetQuantile: 0.3", "experiments[0].targetQuantile", "only used with clipping adaptive");
        assertError(run + ", clipping: adaptive, noiseMultiplier: 5, countNoise: 2", "experiments[0].countNoise",
                "adaptive clipping needs noiseMultiplier < 2·countNoise (the update sum's noise multiplier is"
                        + " (z⁻² − (2σ_b)⁻²)^(−1/2)); noiseMultiplier 5.0, countNoise 2.0");
        List<FieldError> errors = assertThrows(ScenarioException.class,
                () -> scenario("{ " + run + ", clipping: adaptive, countNoise: 0.1 }")).errors();
        assertEquals("experiments[0].countNoise", errors.get(0).path());
        assertTrue(errors.get(0).reason().contains("raise countNoise or epsilon"), errors.get(0).reason());
        assertError(run + ", cohort: sometimes", "experiments[0].cohort", null);
        assertError(run + ", clipping: adaptive, countNoise: 50, targetQuantile: 1", "experiments[0].targetQuantile",
                null);
    }

    private static void assertError(String experiment, String path, String reason) {
        List<FieldError> errors = assertThrows(ScenarioException.class, () -> scenario("{ " + experiment + " }"))
                .errors();
        assertEquals(1, errors.size(), errors.toString());
        assertEquals(path, errors.get(0).path());
        if (reason != null) {
            assertEquals(reason, errors.get(0).reason());
        }
    }
}
