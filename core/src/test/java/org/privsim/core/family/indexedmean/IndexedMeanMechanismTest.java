package org.privsim.core.family.indexedmean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.privacy.Calibration;
import org.privsim.core.privacy.Zcdp;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.IndexAssignment;
import org.privsim.core.scenario.IndexedMeanTask;

/**
 * The indexed-mean mechanisms against the closed forms of Aliakbarpour et al. 2025, Appendix C.1.
 */
class IndexedMeanMechanismTest {

    private static final double RHO = Calibration.PAPER.totalRho(1, 1e-5);

    /**
     * Each mechanism's noise, at its threat model's L2 sensitivity, is exactly ρ-zCDP: billboard
     * 2√d/t over all d coordinates, JDP 2√(t−1)/t over the t−1 others' coordinates, 1-out-of-t 2/t
     * over one coordinate (a person's n clipped samples move each coordinate of the mean by ≤ 2/t,
     * whatever n). Checked to 1e-9 relative.
     */
    @ParameterizedTest
    @CsvSource({"indexed-mean-billboard, 60, 50", "indexed-mean-jdp, 60, 50", "indexed-mean-1-out-of-t, 60, 50",
        "indexed-mean-billboard, 7, 1000", "indexed-mean-jdp, 2000, 3"})
    void noiseIsCalibratedToTheThreatModelsSensitivity(String id, int d, int t) {
        Algorithm algorithm = Algorithm.byId(id).orElseThrow();
        double variance = IndexedMeanMechanism.variance(algorithm, d, t, RHO);
        double sensitivity = switch (algorithm) {
            case INDEXED_MEAN_BILLBOARD -> 2 * Math.sqrt(d) / t;
            case INDEXED_MEAN_JDP -> 2 * Math.sqrt(t - 1) / t;
            default -> 2.0 / t;
        };
        assertEquals(RHO, Zcdp.gaussianRho(sensitivity, Math.sqrt(variance)), 1e-9 * RHO);
    }

    @ParameterizedTest
    @CsvSource({"indexed-mean-billboard, 2000.0", "indexed-mean-jdp, 99.0", "indexed-mean-1-out-of-t, 1.0"})
    void paperVariancesForNEqualsOne(String id, double factor) {
        // 2d/(ρt²), 2(t−1)/(ρt²), 2/(ρt²) with d = 2000, t = 100
        assertEquals(factor * 2 / (RHO * 100 * 100),
                IndexedMeanMechanism.variance(Algorithm.byId(id).orElseThrow(), 2000, 100, RHO), 1e-12);
    }

    @ParameterizedTest
    @CsvSource({"indexed-mean-billboard, 0.1", "indexed-mean-jdp, 0.1"})
    void injectedFaultsShrinkTheNoiseButNotTheClaim(String id, double multiplier) {
        Algorithm algorithm = Algorithm.byId(id).orElseThrow();
        IndexedMeanMechanism broken = new IndexedMeanMechanism(algorithm, 50, 40, 1, RHO,
                new Injection(multiplier, false, true));
        IndexedMeanMechanism correct = new IndexedMeanMechanism(algorithm, 50, 40, 1, RHO, Injection.NONE);
        assertEquals(correct.claimedVariance(), broken.claimedVariance(), 0);
        assertEquals(multiplier * Math.sqrt(2 / (RHO * 40 * 40)), broken.sigma(), 1e-12);
    }

    /**
     * Empirical loss against E[loss | p] = mean_i ¼((1 − p_{j_i}²)/(tn) + σ²). The per-repeat losses
     * are i.i.d. given the task, so their mean is within 4 standard errors of its expectation except
     * with probability ≈ 6e-5 (normal approximation; 400 repeats make it accurate); the closed form
     * averaged over the same repeats' p has negligible extra error by comparison, and all seeds are
     * fixed, so the test is deterministic.
     */
    @ParameterizedTest
    @CsvSource({
        "indexed-mean-nonprivate, 1, distinct, 40", "indexed-mean-billboard, 1, distinct, 40",
        "indexed-mean-jdp, 1, distinct, 40", "indexed-mean-1-out-of-t, 1, distinct, 40",
        "indexed-mean-billboard, 3, random, 40", "indexed-mean-jdp, 3, random, 40",
        "indexed-mean-1-out-of-t, 3, random, 40", "indexed-mean-nonprivate, 5, random, 40",
        "indexed-mean-billboard, 2, random, 1000000000", "indexed-mean-jdp, 2, random, 1000000000",
        "indexed-mean-nonprivate, 2, distinct, 1000000000"})
    void lossMatchesTheClosedForm(String id, int n, String indices, int d) {
        Algorithm algorithm = Algorithm.byId(id).orElseThrow();
        IndexedMeanTask task = new IndexedMeanTask(d, 30, n,
                indices.equals("distinct") ? IndexAssignment.DISTINCT : IndexAssignment.RANDOM);
        ExperimentSpec spec = new ExperimentSpec(algorithm, algorithm.isPrivate() ? List.of(1.0) : null,
                algorithm.isPrivate() ? 1e-5 : null, algorithm.isPrivate() ? Calibration.PAPER : null,
                null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                List.of(30), 400, null);
        IndexedMeanRunPlan cell = new IndexedMeanRunPlan(0, spec, algorithm.isPrivate() ? 1.0 : null, 0, task);
        IndexedMeanResult result = SequentialInterpreter.row(IndexedMeanFamily.INSTANCE, cell, 42);
        assertTrue(result.lossStdErr() > 0);
        assertEquals(result.lossClosedForm(), result.loss(), 4 * result.lossStdErr(),
                () -> id + ": loss " + result.loss() + " ± " + result.lossStdErr() + " vs " + result.lossClosedForm());
    }

    @org.junit.jupiter.api.Test
    void populationIsAPureFunctionOfSeedAndKey() {
        IndexedMeanTask task = new IndexedMeanTask(20, 10, 2, IndexAssignment.RANDOM);
        IndexedMeanPopulation a = new IndexedMeanPopulation(task, 5, 0, 10, 3);
        IndexedMeanPopulation b = new IndexedMeanPopulation(task, 5, 0, 10, 3);
        IndexedMeanPopulation other = new IndexedMeanPopulation(task, 5, 0, 10, 4);
        assertEquals(List.of(a.mean(0), a.index(7)), List.of(b.mean(0), b.index(7)));
        assertEquals(a.person(7).clippedSums()[3], b.person(7).clippedSums()[3], 0);
        assertTrue(a.mean(0) != other.mean(0));
        assertEquals(a.supportSize(), a.person(7).clippedSums().length);
        for (double s : a.person(7).clippedSums()) {
            assertTrue(s == -2 || s == 0 || s == 2, "two ±1 samples sum to −2, 0 or 2");
        }
        PersonData canary = a.canary(7, 1, 10);
        assertEquals(-2, canary.clippedSums()[0], 0);
        assertEquals(-20, canary.rawSums()[0], 0);
        assertEquals(-2.0 * (20 - a.supportSize()), canary.clippedUnread(), 0);
        assertEquals(-20.0 * (20 - a.supportSize()), canary.rawUnread(), 0);
        assertEquals(0, a.person(7).unread(true), 0);
    }

    /**
     * p_j, a person's samples at j and the noise at j are pure in (seed, key, person, coordinate):
     * the same at d = 20 as at d = 10⁹ (distinct indices give both the support 0..9), and the noise
     * a coordinate gets does not depend on which other coordinates are released.
     */
    @org.junit.jupiter.api.Test
    void everyRandomQuantityIsPureInItsCoordinate() {
        IndexedMeanPopulation small = new IndexedMeanPopulation(new IndexedMeanTask(20, 10, 3,
                IndexAssignment.DISTINCT), 5, 0, 10, 3);
        IndexedMeanPopulation huge = new IndexedMeanPopulation(new IndexedMeanTask(1_000_000_000, 10, 3,
                IndexAssignment.DISTINCT), 5, 0, 10, 3);
        assertEquals(small.mean(4), huge.mean(4), 0);
        assertEquals(java.util.Arrays.toString(small.person(6).clippedSums()),
                java.util.Arrays.toString(huge.person(6).clippedSums()));
        assertEquals(999_999_990L, huge.unreadCount());
        IndexedMeanMechanism mechanism = new IndexedMeanMechanism(Algorithm.INDEXED_MEAN_JDP, 20, 10, 3, RHO,
                Injection.NONE);
        ReleaseNoise noise = new ReleaseNoise(9, "test-noise", 1);
        double[] both = mechanism.release(new int[] {3, 5}, new double[] {0, 0}, noise, 7);
        double[] alone = mechanism.release(new int[] {5}, new double[] {0}, noise, 7);
        assertEquals(both[1], alone[0], 0);
        assertTrue(both[0] != both[1]);
        assertTrue(alone[0] != mechanism.release(new int[] {5}, new double[] {0}, noise, 8)[0], "rounds differ");
    }
}
