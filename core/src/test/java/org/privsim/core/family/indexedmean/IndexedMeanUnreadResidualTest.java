package org.privsim.core.family.indexedmean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.scenario.IndexedMeanTask;
import org.privsim.core.scenario.ScenarioParser;

/**
 * The billboard adversary's score at O(|S|) cost (support explicit, unread coordinates as one exact
 * Gaussian residual) has the law of the O(d) reference, which releases all d coordinates with one
 * N(0, σ²) draw each, removes the known non-target sums and adds up all d residuals — the path the
 * simulator took before issue 14, kept here as the reference.
 *
 * <p>Closed form: world w's score is scale·(s_w·a·d + σ·√d·Z) with s_0 = +1, s_1 = −1, a the
 * (clipped or raw) canary's share of the mean per coordinate, scale = −2a_claimed/σ²_claimed; so
 * its mean is m_w = scale·s_w·a·d and its variance v = scale²·σ²·d. Tolerances, N = 3000 trials per
 * world and path: a sample mean is within 4.5·√(v/N) of m_w, and a sample variance within
 * 4.5·v·√(2/(N − 1)) of v (the standard error of a normal sample variance), each failing with
 * probability ≈ 7e-6 — 16 such checks stay below 2e-4, and all seeds are fixed. The two paths are
 * also compared with each other: their means within 4.5·√(2v/N).
 */
class IndexedMeanUnreadResidualTest {

    private static final int TRIALS = 3000;

    @ParameterizedTest
    @CsvSource({"'', 1", "'canaryScale: 4, inject: { skipClipping: true },', 4", "'inject: { noiseMultiplier: 0.3 },', 1"})
    void scoreHasTheLawOfTheFullDimensionalSum(String extra, double canaryScale) {
        AuditSpec spec = ScenarioParser.parse("""
                name: t
                seed: 5
                task: { type: indexed-mean, dimension: 300, persons: 12, samplesPerPerson: 2, indices: random }
                audits:
                  - { algorithm: indexed-mean-billboard, threatModel: billboard, epsilon: 1, delta: 1.0e-5, %s trials: 100 }
                """.formatted(extra), "t.yaml").audits().get(0);
        IndexedMeanGame game = new IndexedMeanGame(spec, 0, 5);
        IndexedMeanPopulation population = IndexedMeanGame.population(spec, 0, 5);
        IndexedMeanMechanism mechanism = IndexedMeanGame.mechanism(spec);
        IndexedMeanTask task = population.task();
        int d = task.dimension();
        int t = task.persons();
        int n = task.samplesPerPerson();
        assertTrue(population.unreadCount() > 250, "most coordinates are unread");
        double[][] reference = referenceTotals(population, spec, mechanism.clips());
        double[] nonTarget = referenceTotals(population, spec, true)[2];
        double scale = -2 * (Math.min(canaryScale, 1) / t) / mechanism.claimedVariance();
        double a = (mechanism.clips() ? Math.min(canaryScale, 1) : canaryScale) / t;
        double v = scale * scale * mechanism.sigma() * mechanism.sigma() * d;
        for (int world = 0; world < 2; world++) {
            double m = scale * (world == 0 ? 1 : -1) * a * d;
            double[] fast = new double[TRIALS];
            double[] slow = new double[TRIALS];
            for (int r = 0; r < TRIALS; r++) {
                fast[r] = game.score(r, world);
                SplittableRandom noise = new SplittableRandom(1000L * r + world);
                double sum = 0;
                for (int j = 0; j < d; j++) {
                    double released = reference[world][j] / (t * (double) n) + mechanism.sigma() * noise.nextGaussian();
                    sum += released - nonTarget[j] / (t * (double) n);
                }
                slow[r] = scale * sum;
            }
            for (double[] scores : new double[][] {fast, slow}) {
                assertEquals(m, mean(scores), 4.5 * Math.sqrt(v / TRIALS));
                assertEquals(v, variance(scores), 4.5 * v * Math.sqrt(2.0 / (TRIALS - 1)));
            }
            assertEquals(mean(slow), mean(fast), 4.5 * Math.sqrt(2 * v / TRIALS));
        }
    }

    /**
     * The reference's totals over all d coordinates: [0], [1] with the canary of world 0, 1 (its
     * clipped or raw samples), [2] the non-target persons alone, whose samples at all d coordinates
     * come from streams of the test's own (the adversary knows and removes them exactly).
     */
    private static double[][] referenceTotals(IndexedMeanPopulation population, AuditSpec spec, boolean clip) {
        int d = population.task().dimension();
        int n = population.task().samplesPerPerson();
        double[] nonTarget = new double[d];
        for (int i = 0; i < population.persons(); i++) {
            if (i == spec.target()) {
                continue;
            }
            SplittableRandom own = new SplittableRandom(i);
            for (int j = 0; j < d; j++) {
                double sum = 0;
                for (int s = 0; s < n; s++) {
                    sum += own.nextDouble() < (1 + population.mean(j)) / 2 ? 1 : -1;
                }
                nonTarget[j] += sum;
            }
        }
        return new double[][] {withCanary(nonTarget, spec, n, 0, clip), withCanary(nonTarget, spec, n, 1, clip),
            nonTarget};
    }

    private static double[] withCanary(double[] nonTarget, AuditSpec spec, int n, int world, boolean clip) {
        double c = spec.canaryScale();
        double value = (world == 0 ? 1 : -1) * n * (clip ? Math.min(c, 1) : c);
        double[] total = nonTarget.clone();
        for (int j = 0; j < total.length; j++) {
            total[j] += value;
        }
        return total;
    }

    private static double mean(double[] xs) {
        double sum = 0;
        for (double x : xs) {
            sum += x;
        }
        return sum / xs.length;
    }

    private static double variance(double[] xs) {
        double m = mean(xs);
        double sum = 0;
        for (double x : xs) {
            sum += (x - m) * (x - m);
        }
        return sum / (xs.length - 1);
    }
}
