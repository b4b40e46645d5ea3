package org.privsim.core.family.multitask;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.privsim.core.family.AuditGames;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * The MP-MTL canary game: pure in (trial, world), and the verdicts the Wishart support argument
 * predicts (see {@link MpMtlCanaryGame}). With one spectral release and an invertible M, world-1
 * scores are ≥ 0 up to rounding and a world-0 score is ≥ 0 with probability exactly e^{−ε/k} for a
 * noise multiplier k (1/(cᵀE⁻¹c) ~ (K²/(2ε))·k·χ²₂). With 400 trials the evaluation half has 100
 * trials per world, so the Clopper–Pearson upper bound on 0 false negatives is 1 − 0.025^{1/100} ≈
 * 0.036, and even 55 false positives in 100 (the expected count at ε = 1 is 37, sd 5) give
 * ε_lower ≥ ln((1 − 0.66)/0.036) ≈ 2.2 &gt; 1: "violated" is reliable, not a lucky draw.
 */
class MpMtlCanaryGameTest {

    private static final String TASK = "task: { type: multitask-regression, tasks: 10, samplesPerTask: 10, dimension: 5,"
            + " testSamplesPerTask: 1, validationSamplesPerTask: 1, structure: low-rank, taskRank: 2 }\n";

    private static Scenario scenario(String... audits) {
        StringBuilder yaml = new StringBuilder("name: t\nseed: 5\n" + TASK + "audits:\n");
        for (String a : audits) {
            yaml.append("  - { ").append(a).append(" }\n");
        }
        return ScenarioParser.parse(yaml.toString(), "t.yaml");
    }

    private static final String AUDIT = "algorithm: mp-mtl-low-rank, epsilon: 1, delta: 0, iterations: 1,"
            + " lambda: 1.0e-3, trials: 400, target: 3";

    @Test
    void scoresArePureInTrialAndWorld() {
        Scenario s = scenario(AUDIT.replace("iterations: 1", "iterations: 2"),
                AUDIT.replace("low-rank", "group-sparse") + ", task: { type: multitask-regression, tasks: 10,"
                        + " samplesPerTask: 10, dimension: 5, structure: group-sparse }");
        for (int audit = 0; audit < 2; audit++) {
            DistinguishingGame first = AuditGames.of(s, audit);
            DistinguishingGame second = AuditGames.of(s, audit);
            double[] forward = new double[8];
            for (int r = 0; r < 8; r++) {
                forward[r] = first.score(r, r % 2);
            }
            for (int r = 7; r >= 0; r--) {
                assertEquals(Double.doubleToLongBits(forward[r]), Double.doubleToLongBits(second.score(r, r % 2)));
                assertEquals(Double.doubleToLongBits(forward[r]), Double.doubleToLongBits(first.score(r, r % 2)));
            }
            assertTrue(Arrays.stream(forward).distinct().count() == forward.length, "trials draw fresh noise");
        }
    }

    @Test
    void theCanaryIsPublicAndUnit() {
        MpMtlCanaryGame game = (MpMtlCanaryGame) AuditGames.of(scenario(AUDIT), 0);
        double[] c = game.direction();
        assertEquals(1, Arrays.stream(c).map(x -> x * x).sum(), 1e-12);
        assertEquals(Arrays.toString(c), Arrays.toString(((MpMtlCanaryGame) AuditGames.of(scenario(AUDIT), 0))
                .direction()));
    }

    @Test
    void theWishartSupportRefutesThePureClaimAndTheBrokenMechanismLeaksMore() {
        Scenario s = scenario(AUDIT, AUDIT + ", inject: { noiseMultiplier: 0.25 }");
        AuditResult correct = AuditGames.play(s, 0);
        AuditResult broken = AuditGames.play(s, 1);
        assertEquals(0, correct.delta());
        assertEquals(1, correct.claimedEpsilon(), 1e-12);
        // World 1 never leaves its support; world 0 lands in it with probability e^{-1} ≈ 0.37.
        assertTrue(correct.falseNegatives() <= 1, correct.toString());
        assertTrue(correct.falsePositives() >= 20 && correct.falsePositives() <= 55, correct.toString());
        assertEquals("violated", correct.verdict());
        // A quarter of the noise: e^{-4} ≈ 0.02.
        assertTrue(broken.falsePositives() <= 8, broken.toString());
        assertEquals("violated", broken.verdict());
        assertTrue(broken.empiricalEpsilonLower() > correct.empiricalEpsilonLower());
    }
}
