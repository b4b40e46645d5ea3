package org.privsim.core.family.indexedmean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.privsim.core.family.AuditGames;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.audit.TracingAuc;
import org.privsim.core.privacy.StandardNormal;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * The tracing attack (Aliakbarpour et al. 2025, proof of Thm. 4.7) against indexed-mean releases,
 * its AUC and the (ε, δ)-DP ceiling on it.
 *
 * <p>Closed form of the score (n = 1, p_j uniform on [−1, 1]): with p̂_j − p_j = (1/t)Σ_i(x_ij − p_j)
 * + σZ_j, a member's T has mean (1/t)Σ_j(1 − p_j²) ≈ (2/3)·d/t and a non-member's 0; both have
 * variance ≈ Σ_j (1 − p_j²)((1 − p_j²)/t + σ²) ≈ d·((8/15)/t + (2/3)σ²) (E[1 − p²] = 2/3,
 * E[(1 − p²)²] = 8/15). With T normal (a sum over d coordinates), AUC = Φ(Δ/√2) with
 * Δ = (2/3)(d/t)/√(d((8/15)/t + (2/3)σ²)). Nonprivate: Δ = 0.913·√(d/t), so AUC → 1 once d ≫ t.
 * Billboard: σ² = 2d/(ρt²) grows with d as fast as the signal, so Δ → √(ρ/3) and AUC stays near ½.
 */
class TracingTest {

    /** At δ = 0 the ceiling is e^ε/(1 + e^ε); with δ the closed form equals a fine Riemann sum of min(1, e^ε x + δ, 1 − e^−ε(1 − δ − x)). */
    @Test
    void ceilingIsTheAreaUnderTheDpRocCeiling() {
        assertEquals(Math.E / (1 + Math.E), TracingAuc.ceiling(1, 0), 1e-12);
        for (double[] c : new double[][] {{1, 1e-5}, {0.3, 0.01}, {3, 0.1}}) {
            double e = Math.exp(c[0]);
            int steps = 2_000_000;
            double sum = 0;
            for (int i = 0; i < steps; i++) {
                double x = (i + 0.5) / steps;
                sum += Math.min(1, Math.min(e * x + c[1], 1 - (1 - c[1] - x) / e));
            }
            // midpoint rule on a piecewise-linear function: exact but at the two kinks, error ≤ 2/steps²
            assertEquals(sum / steps, TracingAuc.ceiling(c[0], c[1]), 1e-9);
        }
    }

    @Test
    void aucIsTheMannWhitneyProbability() {
        assertEquals(1, TracingAuc.of(2, 2, new double[] {3, 4}, new double[] {1, 2}, 0.95, null, 0).auc(), 0);
        // pairs (1,2) lose, (3,2) wins, ties (2,2) count ½: members {1, 3, 2} vs non-member {2} → (0 + 1 + ½)/3
        assertEquals(0.5, TracingAuc.of(2, 2, new double[] {1, 3, 2}, new double[] {2}, 0.95, null, 0).auc(), 1e-15);
        TracingAuc same = TracingAuc.of(2, 2, new double[] {5, 5, 5}, new double[] {5, 5}, 0.95, 1.0, 0);
        assertEquals(0.5, same.auc(), 0);
        assertEquals(Math.E / (1 + Math.E), same.aucCeiling(), 1e-12);
    }

    /**
     * Nonprivate at d = 32t: Δ = 0.913·√32 = 5.2, AUC = Φ(3.65) = 0.99987. Its Mann–Whitney
     * estimate over 200 + 200 trials has standard deviation below √(AUC(1 − AUC)/200) ≈ 0.0008, so
     * AUC ≥ 0.99 fails only with negligible probability (fixed seed).
     */
    @Test
    void nonprivateReleaseIsTracedOnceDimensionExceedsPersons() {
        AuditResult result = play("indexed-mean-nonprivate", 640, 400);
        assertTrue(result.tracing().auc() >= 0.99, "AUC " + result.tracing().auc());
        assertEquals(1, result.tracing().aucCeiling(), 0);
    }

    /**
     * Billboard at ε = 1, d = 320, t = 20, 2000 trials: the AUC is within 4.5 DeLong standard errors
     * (interval half-width / 1.96) of Φ(Δ/√2) from the class comment, and its upper confidence end
     * is under the DP ceiling e^ε/(1 + e^ε) + O(δ) = 0.731 (an undernoised release would rise above).
     */
    @Test
    void billboardReleaseStaysNearGuessingAndUnderTheDpCeiling() {
        AuditResult result = play("indexed-mean-billboard", 320, 2000);
        double sigma2 = 2 * 320 / (org.privsim.core.privacy.Calibration.PAPER.totalRho(1, 1e-5) * 400);
        double delta = (2.0 / 3) * 16 / Math.sqrt(320 * ((8.0 / 15) / 20 + (2.0 / 3) * sigma2));
        double expected = StandardNormal.cdf(delta / Math.sqrt(2));
        TracingAuc auc = result.tracing();
        double se = (auc.aucUpper() - auc.aucLower()) / (2 * 1.959964);
        assertEquals(expected, auc.auc(), 4.5 * se, "AUC " + auc.auc() + " vs closed form " + expected);
        assertTrue(auc.aucUpper() < auc.aucCeiling(), auc.toString());
        assertEquals(TracingAuc.ceiling(1, 1e-5), auc.aucCeiling(), 1e-15);
    }

    /**
     * An undernoised billboard (0.02 × its noise) is traced: the AUC interval lies above the DP
     * ceiling, and the default method (gaussian-dp-auc, which takes "higher ⇒ world 1" as given)
     * calls it violated — members score higher and are world 1. The correct billboard stays
     * consistent.
     */
    @Test
    void undernoisedBillboardRisesAboveTheCeiling() {
        AuditResult result = play("indexed-mean-billboard", 320, 2000, "inject: { noiseMultiplier: 0.02 }, ");
        assertTrue(result.tracing().aucLower() > result.tracing().aucCeiling(), result.tracing().toString());
        assertEquals("gaussian-dp-auc", result.method());
        assertEquals("violated", result.verdict(), result.toString());
        assertEquals("consistent", play("indexed-mean-billboard", 320, 2000).verdict());
    }

    private static AuditResult play(String algorithm, int d, int trials) {
        return play(algorithm, d, trials, "");
    }

    private static AuditResult play(String algorithm, int d, int trials, String extra) {
        Scenario scenario = ScenarioParser.parse("""
                name: t
                seed: 21
                task: { type: indexed-mean, dimension: %d, persons: 20, samplesPerPerson: 1 }
                audits:
                  - { algorithm: %s, threatModel: billboard, adversary: tracing, epsilon: 1, delta: 1.0e-5, %strials: %d }
                """.formatted(d, algorithm, extra, trials), "t.yaml");
        return AuditGames.play(scenario, 0);
    }
}
