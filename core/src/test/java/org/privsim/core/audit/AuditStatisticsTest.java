package org.privsim.core.audit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.StandardNormal;

class AuditStatisticsTest {
    private static final double DELTA = 1e-5;
    private static final double CONFIDENCE = 0.95;
    /** The Bonferroni-split level of each rate bound at confidence 0.95. */
    private static final double LEVEL = 0.975;
    /** The methods that choose one threshold test (gaussian-dp-auc has its own tests in RocAreaTest). */
    private static final AuditMethod[] THRESHOLD_METHODS = {AuditMethod.CLOPPER_PEARSON, AuditMethod.GAUSSIAN_DP};

    /**
     * An audit of {@code perWorldPerHalf} trials per world and half whose world-0 scores are N(0, 1)
     * and world-1 scores N(shift, 1), laid out by the {@link AuditScores#split} convention.
     */
    private static AuditScores gaussianAudit(long seed, int perWorldPerHalf, double shift) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] scores = new double[4 * perWorldPerHalf];
        for (int r = 0; r < scores.length; r++) {
            scores[r] = random.nextGaussian() + (r % 2) * shift;
        }
        return AuditScores.split(scores);
    }

    /** World-0 scores 0..n−1 and world-1 scores 10n..11n−1 in both halves: perfectly separable. */
    private static AuditScores separated(int n) {
        double[] world0 = IntStream.range(0, n).asDoubleStream().toArray();
        double[] world1 = IntStream.range(10 * n, 11 * n).asDoubleStream().toArray();
        return new AuditScores(world0, world1, world0, world1);
    }

    @Test
    void splitFollowsTheTrialConvention() {
        double[] scores = IntStream.range(0, 12).asDoubleStream().toArray();
        AuditScores split = AuditScores.split(scores);
        assertArrayEquals(new double[] {0, 2, 4}, split.selectionWorld0());
        assertArrayEquals(new double[] {1, 3, 5}, split.selectionWorld1());
        assertArrayEquals(new double[] {6, 8, 10}, split.evaluationWorld0());
        assertArrayEquals(new double[] {7, 9, 11}, split.evaluationWorld1());
        // Defensive copies both ways.
        scores[0] = 99;
        split.selectionWorld0()[1] = 99;
        assertArrayEquals(new double[] {0, 2, 4}, split.selectionWorld0());
    }

    @Test
    void perfectSeparationCertifiesTheClosedFormMaximum() {
        // With 0 errors in 1000 trials the CP upper bound is u = 1 − 0.025^(1/1000) for both rates,
        // and the (ε, δ) inequality gives ε = ln((1 − δ − u)/u) ≈ 5.6.
        double u = -Math.expm1(Math.log(0.025) / 1000);
        double expected = Math.log((1 - DELTA - u) / u);
        AuditEvidence violated = AuditStatistics.evaluate(separated(1000), 1, DELTA, CONFIDENCE,
                AuditMethod.CLOPPER_PEARSON);
        assertEquals(expected, violated.maxCertifiableEpsilon(), 1e-9 * expected);
        assertEquals(expected, violated.empiricalEpsilonLower(), 1e-9 * expected);
        assertEquals(u, violated.falsePositiveRateUpper(), 1e-9 * u);
        assertEquals(u, violated.falseNegativeRateUpper(), 1e-9 * u);
        assertEquals(0, violated.falsePositives());
        assertEquals(0, violated.falseNegatives());
        assertEquals(1000, violated.evaluationWorld0());
        assertEquals(1000, violated.evaluationWorld1());
        assertTrue(violated.worldOneAbove());
        assertEquals(999 / 2.0 + 10_000 / 2.0, violated.threshold(), 0);
        assertNull(violated.muLower());
        assertNull(violated.empiricalEpsilonPoint(), "no errors: the point estimate is unbounded");
        assertEquals(Verdict.VIOLATED, violated.verdict());

        AuditEvidence inconclusive = AuditStatistics.evaluate(separated(1000), 10, DELTA, CONFIDENCE,
                AuditMethod.CLOPPER_PEARSON);
        assertEquals(expected, inconclusive.empiricalEpsilonLower(), 1e-9 * expected);
        assertEquals(Verdict.INCONCLUSIVE, inconclusive.verdict());
    }

    @Test
    void perfectSeparationUnderGaussianDp() {
        // μ_lower = Φ⁻¹(1 − u) − Φ⁻¹(u) = −2Φ⁻¹(u), and ε_lower is its exact ε at δ.
        double u = -Math.expm1(Math.log(0.025) / 1000);
        double mu = -2 * StandardNormal.quantile(u);
        double expected = Conversions.analyticGaussianEpsilon(mu, DELTA);
        AuditEvidence evidence = AuditStatistics.evaluate(separated(1000), 1, DELTA, CONFIDENCE,
                AuditMethod.GAUSSIAN_DP);
        assertEquals(mu, evidence.muLower(), 1e-9 * mu);
        assertEquals(expected, evidence.empiricalEpsilonLower(), 1e-9 * expected);
        assertEquals(expected, evidence.maxCertifiableEpsilon(), 1e-9 * expected);
        assertEquals(Verdict.VIOLATED, evidence.verdict());
    }

    @Test
    void evaluationCountsGiveTheDocumentedBoundsAndPointEstimate() {
        // Selection: 8 separable trials per world (enough for a perfect test to certify some ε),
        // so the test is "world 1 when score > 53.5". Evaluation: 10 of 100 world-0 scores above
        // 53.5, 20 of 100 world-1 scores at or below it.
        double[] selection0 = {0, 1, 2, 3, 4, 5, 6, 7};
        double[] selection1 = {100, 101, 102, 103, 104, 105, 106, 107};
        double[] evaluation0 = new double[100];
        double[] evaluation1 = new double[100];
        for (int i = 0; i < 100; i++) {
            evaluation0[i] = i < 10 ? 60 : 40;
            evaluation1[i] = i < 20 ? 50 : 70;
        }
        AuditScores scores = new AuditScores(selection0, selection1, evaluation0, evaluation1);
        AuditEvidence evidence = AuditStatistics.evaluate(scores, 0.5, DELTA, CONFIDENCE, AuditMethod.CLOPPER_PEARSON);
        assertEquals(53.5, evidence.threshold(), 0);
        assertEquals(10, evidence.falsePositives());
        assertEquals(20, evidence.falseNegatives());
        double fpr = ClopperPearson.upper(10, 100, LEVEL);
        double fnr = ClopperPearson.upper(20, 100, LEVEL);
        assertEquals(fpr, evidence.falsePositiveRateUpper(), 0);
        assertEquals(fnr, evidence.falseNegativeRateUpper(), 0);
        double lower = Math.max(Math.log((1 - DELTA - fnr) / fpr), Math.log((1 - DELTA - fpr) / fnr));
        assertEquals(lower, evidence.empiricalEpsilonLower(), 1e-12 * lower);
        // Point: max(ln(0.79999/0.1), ln(0.89999/0.2)) = ln(7.9999).
        assertEquals(Math.log((1 - DELTA - 0.2) / 0.1), evidence.empiricalEpsilonPoint(), 1e-12);

        AuditEvidence gaussian = AuditStatistics.evaluate(scores, 0.5, DELTA, CONFIDENCE, AuditMethod.GAUSSIAN_DP);
        double mu = StandardNormal.quantile(1 - fpr) - StandardNormal.quantile(fnr);
        assertEquals(mu, gaussian.muLower(), 1e-12 * mu);
        assertEquals(Conversions.analyticGaussianEpsilon(mu, DELTA), gaussian.empiricalEpsilonLower(), 1e-12);
        double muPoint = StandardNormal.quantile(0.9) - StandardNormal.quantile(0.2);
        assertEquals(Conversions.analyticGaussianEpsilon(muPoint, DELTA), gaussian.empiricalEpsilonPoint(), 1e-12);
    }

    @Test
    void identicalDistributionsNeverViolate() {
        // Both worlds N(0, 1): every test has true FPR + FNR = 1. For ε_lower ≥ 0.3 the evaluation
        // rates of the selected test would have to beat FPR + e^0.3·FNR ≥ 1 by ~0.15 after their
        // 97.5% upper bounds (each ≥ the rate + ~2 standard errors of ≤ 0.023 with 500 trials per
        // world), i.e. a deviation of many standard errors: far beyond anything 20 seeds can produce.
        for (long seed = 1; seed <= 20; seed++) {
            AuditEvidence evidence = AuditStatistics.evaluate(gaussianAudit(seed, 500, 0), 1, DELTA,
                    CONFIDENCE, AuditMethod.CLOPPER_PEARSON);
            assertTrue(evidence.empiricalEpsilonLower() < 0.3, "seed " + seed + ": " + evidence);
            assertNotEquals(Verdict.VIOLATED, evidence.verdict(), "seed " + seed);
            assertEquals(Verdict.CONSISTENT, evidence.verdict(), "seed " + seed + ": 500 trials can certify ε = 1");
        }
    }

    @Test
    void gaussianShiftOfThreeViolatesEpsilonOne() {
        // N(0, 1) vs N(3, 1). Already the symmetric test (threshold 1.5, FPR = FNR = Φ(−1.5) ≈ 0.067)
        // has 97.5% CP bounds ≈ 0.067 + 2·0.008 ≈ 0.083 with 1000 trials per world, so
        // ε_lower ≈ ln(0.917/0.083) ≈ 2.4; the selected test does at least as well on the selection
        // half (asymmetric tests do better: ≈ 4 here) and on the independent evaluation half only
        // sampling noise of a few standard errors separates it from that. Falling to ε = 1 would
        // need rates of ≈ 0.27 for the symmetric test, some 25 standard errors away.
        AuditEvidence evidence = AuditStatistics.evaluate(gaussianAudit(7, 1000, 3), 1, DELTA,
                CONFIDENCE, AuditMethod.CLOPPER_PEARSON);
        assertTrue(evidence.empiricalEpsilonLower() > 1, evidence.toString());
        assertEquals(Verdict.VIOLATED, evidence.verdict());
        assertTrue(evidence.worldOneAbove());
    }

    @Test
    void gaussianDpIsTighterOnAGaussianShiftAndRarelyOverstatesMu() {
        // μ_lower is a 95% lower confidence bound on the true μ, so it may exceed it on ≤ 5% of seeds
        // (fewer in practice: Bonferroni and the discrete bounds are conservative).
        int overstated = 0;
        for (long seed = 1; seed <= 20; seed++) {
            AuditEvidence evidence = AuditStatistics.evaluate(gaussianAudit(seed, 500, 1), 1, DELTA,
                    CONFIDENCE, AuditMethod.GAUSSIAN_DP);
            overstated += evidence.muLower() > 1 ? 1 : 0;
        }
        assertTrue(overstated <= 2, overstated + " of 20 seeds overstated μ");

        AuditScores scores = gaussianAudit(3, 1000, 2);
        AuditEvidence gaussian = AuditStatistics.evaluate(scores, 1, DELTA, CONFIDENCE, AuditMethod.GAUSSIAN_DP);
        AuditEvidence clopperPearson = AuditStatistics.evaluate(scores, 1, DELTA, CONFIDENCE, AuditMethod.CLOPPER_PEARSON);
        assertTrue(gaussian.muLower() <= 2, gaussian.toString());
        assertTrue(gaussian.empiricalEpsilonLower() >= clopperPearson.empiricalEpsilonLower(),
                gaussian + " vs " + clopperPearson);
    }

    @Test
    void selectedTestMaximisesTheSelectionBound() {
        // Brute force over every candidate of the contract (below all, midpoints, the largest; both
        // directions; first strict maximum wins), with the rate bounds computed directly: the
        // sweep's pruning must not change the choice.
        for (long seed = 1; seed <= 3; seed++) {
            AuditScores scores = gaussianAudit(seed, 60, 1);
            double[] world0 = scores.selectionWorld0();
            double[] world1 = scores.selectionWorld1();
            double[] pooled = DoubleStream.concat(
                    Arrays.stream(world0), Arrays.stream(world1)).sorted().distinct().toArray();
            double[] candidates = new double[pooled.length + 1];
            candidates[0] = pooled[0] - 1;
            for (int i = 1; i < pooled.length; i++) {
                candidates[i] = (pooled[i - 1] + pooled[i]) / 2;
            }
            candidates[pooled.length] = pooled[pooled.length - 1];
            for (AuditMethod method : THRESHOLD_METHODS) {
                double best = Double.NEGATIVE_INFINITY;
                double bestThreshold = Double.NaN;
                boolean bestAbove = false;
                for (double threshold : candidates) {
                    for (boolean above : new boolean[] {true, false}) {
                        long falsePositives = Arrays.stream(world0).filter(x -> (x > threshold) == above).count();
                        long falseNegatives = Arrays.stream(world1).filter(x -> (x > threshold) != above).count();
                        double fpr = ClopperPearson.upper(falsePositives, world0.length, LEVEL);
                        double fnr = ClopperPearson.upper(falseNegatives, world1.length, LEVEL);
                        double bound = method == AuditMethod.CLOPPER_PEARSON
                                ? Math.max(0, Math.max(Math.log((1 - DELTA - fnr) / fpr), Math.log((1 - DELTA - fpr) / fnr)))
                                : Math.max(0, -StandardNormal.quantile(fpr) - StandardNormal.quantile(fnr));
                        if (bound > best) {
                            best = bound;
                            bestThreshold = threshold;
                            bestAbove = above;
                        }
                    }
                }
                AuditEvidence evidence = AuditStatistics.evaluate(scores, 1, DELTA, CONFIDENCE, method);
                assertEquals(bestThreshold, evidence.threshold(), 0, method + " seed " + seed);
                assertEquals(bestAbove, evidence.worldOneAbove(), method + " seed " + seed);
            }
        }
    }

    @Test
    void thresholdIsAlwaysFinite() throws Exception {
        // Constant scores: no test has any power, so the first candidate (below every score) wins.
        double[] constant = {5, 5, 5, 5};
        AuditEvidence flat = AuditStatistics.evaluate(new AuditScores(constant, constant, constant, constant),
                1, DELTA, CONFIDENCE, AuditMethod.CLOPPER_PEARSON);
        assertEquals(4, flat.threshold(), 0);
        assertEquals(0, flat.empiricalEpsilonLower(), 0);
        assertEquals(Verdict.INCONCLUSIVE, flat.verdict(), "4 trials per world certify nothing above ε = 1");
        // Scores too large for min − 1 to move: the lowest candidate is the next double down.
        double[] hugeConstant = {1e300, 1e300, 1e300, 1e300};
        AuditEvidence hugeFlat = AuditStatistics.evaluate(
                new AuditScores(hugeConstant, hugeConstant, hugeConstant, hugeConstant),
                1, DELTA, CONFIDENCE, AuditMethod.GAUSSIAN_DP);
        assertEquals(Math.nextDown(1e300), hugeFlat.threshold(), 0);
        assertEquals(4, hugeFlat.falsePositives(), "the lowest threshold guesses world 1 for every score");
        // Huge scores of both signs, world 1 scoring low: 8 trials per world let a perfect test
        // certify some ε > 0, so it is chosen, below the midpoint 0 of −1e300 and 1e300.
        double[] high = IntStream.rangeClosed(1, 8).mapToDouble(i -> i * 1e300).toArray();
        double[] low = IntStream.rangeClosed(1, 8).mapToDouble(i -> -i * 1e300).toArray();
        for (AuditMethod method : THRESHOLD_METHODS) {
            AuditEvidence evidence = AuditStatistics.evaluate(new AuditScores(high, low, high, low),
                    0, DELTA, CONFIDENCE, method);
            assertEquals(0, evidence.threshold(), 0, evidence.toString());
            assertFalse(evidence.worldOneAbove());
            assertEquals(0, evidence.falsePositives() + evidence.falseNegatives());
            assertEquals(Verdict.VIOLATED, evidence.verdict());
        }
        String json = new ObjectMapper().writeValueAsString(flat);
        assertTrue(json.contains("\"threshold\":4.0"), json);
        assertTrue(json.contains("\"verdict\":\"inconclusive\""), json);
    }

    /**
     * δ = 0 tests a pure claim: randomized response at ε = 1 (the score is the response) is exactly
     * (1, 0)-DP, so a claim of 1 is never refuted, while a claim of 0.5 is (its rates, ≈ 0.27 each,
     * give ε ≈ 1 − the Clopper–Pearson slack of 1000 trials per world, ≈ 0.85 &gt; 0.5).
     */
    @Test
    void deltaZeroTestsPureClaims() {
        double keep = Math.exp(1) / (1 + Math.exp(1));
        SplittableRandom random = new SplittableRandom(3);
        double[] scores = new double[4000];
        for (int r = 0; r < scores.length; r++) {
            boolean truthful = random.nextDouble() < keep;
            scores[r] = truthful == (r % 2 == 1) ? 1 : 0;
        }
        AuditScores split = AuditScores.split(scores);
        AuditEvidence claimOne = AuditStatistics.evaluate(split, 1, 0, CONFIDENCE, AuditMethod.CLOPPER_PEARSON);
        assertEquals(Verdict.CONSISTENT, claimOne.verdict(), claimOne.toString());
        assertTrue(claimOne.empiricalEpsilonLower() < 1);
        AuditEvidence claimHalf = AuditStatistics.evaluate(split, 0.5, 0, CONFIDENCE, AuditMethod.CLOPPER_PEARSON);
        assertEquals(Verdict.VIOLATED, claimHalf.verdict(), claimHalf.toString());
    }

    @Test
    void rejectsInvalidArguments() {
        AuditScores scores = separated(4);
        assertThrows(IllegalArgumentException.class, () -> AuditScores.split(new double[6]));
        assertThrows(IllegalArgumentException.class, () -> AuditScores.split(new double[0]));
        assertThrows(IllegalArgumentException.class, () -> AuditScores.split(new double[] {0, 1, Double.NaN, 3}));
        assertThrows(IllegalArgumentException.class,
                () -> new AuditScores(new double[0], new double[1], new double[1], new double[1]));
        assertThrows(IllegalArgumentException.class,
                () -> new AuditScores(new double[1], new double[1], new double[1], new double[] {Double.POSITIVE_INFINITY}));
        assertThrows(IllegalArgumentException.class,
                () -> AuditStatistics.evaluate(scores, -1, DELTA, CONFIDENCE, AuditMethod.CLOPPER_PEARSON));
        assertThrows(IllegalArgumentException.class,
                () -> AuditStatistics.evaluate(scores, Double.NaN, DELTA, CONFIDENCE, AuditMethod.CLOPPER_PEARSON));
        assertThrows(IllegalArgumentException.class,
                () -> AuditStatistics.evaluate(scores, 1, -1e-9, CONFIDENCE, AuditMethod.CLOPPER_PEARSON));
        assertThrows(IllegalArgumentException.class,
                () -> AuditStatistics.evaluate(scores, 1, 0, CONFIDENCE, AuditMethod.GAUSSIAN_DP));
        assertThrows(IllegalArgumentException.class,
                () -> AuditStatistics.evaluate(scores, 1, 0, CONFIDENCE, AuditMethod.GAUSSIAN_DP_AUC));
        assertThrows(IllegalArgumentException.class,
                () -> AuditStatistics.evaluate(scores, 1, 1, CONFIDENCE, AuditMethod.GAUSSIAN_DP));
        assertThrows(IllegalArgumentException.class,
                () -> AuditStatistics.evaluate(scores, 1, DELTA, 1, AuditMethod.CLOPPER_PEARSON));
        assertThrows(IllegalArgumentException.class,
                () -> AuditStatistics.evaluate(scores, 1, DELTA, 0, AuditMethod.GAUSSIAN_DP));
    }

    @Test
    void idsRoundTripAndSerialize() throws Exception {
        for (AuditMethod method : AuditMethod.values()) {
            assertEquals(Optional.of(method), AuditMethod.byId(method.id()));
        }
        for (Verdict verdict : Verdict.values()) {
            assertEquals(Optional.of(verdict), Verdict.byId(verdict.id()));
        }
        assertEquals(Optional.empty(), AuditMethod.byId("bayesian"));
        assertEquals("clopper-pearson, gaussian-dp, gaussian-dp-auc, sampled-gaussian-auc, one-run", AuditMethod.ids());
        assertEquals("consistent, violated, inconclusive", Verdict.ids());
        ObjectMapper mapper = new ObjectMapper();
        assertEquals("\"gaussian-dp\"", mapper.writeValueAsString(AuditMethod.GAUSSIAN_DP));
        assertEquals("\"violated\"", mapper.writeValueAsString(Verdict.VIOLATED));
    }
}
