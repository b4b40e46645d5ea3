package org.privsim.core.family.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.family.AuditGames;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.scenario.FieldError;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.scenario.ScenarioParser;

/**
 * The DP-SGD canary game: a correct DP-SGD run is judged consistent with its (ε, δ) claim, and one
 * with a tenth of the noise or without clipping is caught; trials are pure in (trial, world); bad
 * audit fields are refused with their path.
 */
class DpSgdAuditTest {

    private static final String TASK = "task: { type: transfer-regression, dimension: 4, rank: 2, publicTasks: 4,"
            + " publicSamples: [40], privateSamples: [50] }\n";
    private static final String RUN = "algorithm: dp-sgd, representation: none, epsilon: 1, delta: 1.0e-5,"
            + " samplingRate: 0.1, steps: 60, trials: 2000";

    private static Scenario parse(String audits) {
        return ScenarioParser.parse("name: t\nseed: 4\n" + TASK + "audits:\n" + audits, "dp-sgd-audit.yaml");
    }

    /**
     * The claim is the exact RDP accounting of the mechanism the game runs, and the Clopper–Pearson
     * bound is valid at 95%: a correct run's ε lower bound exceeds ε = 1 with probability ≤ 5%; with a
     * fixed seed the outcome is fixed. With σ × 0.1 one sampled step moves z by 1/σ against noise 0.1,
     * so the worlds separate almost surely; without clipping the canary's gradient is ≈ 10¹² C.
     */
    @Test
    void correctIsConsistentAndBrokenIsViolated() {
        Scenario s = parse("  - { " + RUN + " }\n"
                + "  - { " + RUN + ", inject: { noiseMultiplier: 0.1 } }\n"
                + "  - { " + RUN + ", inject: { skipClipping: true } }\n");
        AuditResult correct = AuditGames.play(s, 0);
        AuditResult quiet = AuditGames.play(s, 1);
        AuditResult unclipped = AuditGames.play(s, 2);
        assertEquals("consistent", correct.verdict(), "ε lower " + correct.empiricalEpsilonLower());
        assertTrue(correct.empiricalEpsilonLower() <= 1);
        assertEquals("violated", quiet.verdict(), "ε lower " + quiet.empiricalEpsilonLower());
        assertTrue(quiet.empiricalEpsilonLower() > 2, "ε lower " + quiet.empiricalEpsilonLower());
        assertEquals("violated", unclipped.verdict(), "ε lower " + unclipped.empiricalEpsilonLower());
    }

    @Test
    void scoresArePureInTrialAndWorld() {
        Scenario s = parse("  - { " + RUN + " }\n");
        DistinguishingGame a = AuditGames.of(s, 0);
        DistinguishingGame b = AuditGames.of(s, 0);
        for (int r = 0; r < 6; r++) {
            assertEquals(a.score(r, r % 2), b.score(r, r % 2));
        }
        assertTrue(a.score(0, 0) != a.score(2, 0), "independent trials differ");
    }

    @Test
    void badAuditFieldsAreRefused() {
        assertError("  - { " + RUN + ", threatModel: jdp }\n", "audits[0].threatModel",
                "dp-sgd is audited under billboard or white-box only (every iterate is public; users receive no"
                        + " separate outputs), got jdp");
        assertError("  - { " + RUN + ", calibration: tight }\n", "audits[0].calibration",
                "not used by dp-sgd (its σ is set by the sampled-Gaussian RDP accountant)");
        assertError("  - { " + RUN + ", noiseMultiplier: 2 }\n", "audits[0].noiseMultiplier",
                "not used by audits (σ is calibrated to the audit's epsilon; to break the mechanism use"
                        + " inject.noiseMultiplier)");
        assertError("  - { " + RUN + ", method: gaussian-dp }\n", "audits[0].method",
                "gaussian-dp is valid only for Gaussian mechanisms; dp-sgd subsamples (use clopper-pearson or"
                        + " sampled-gaussian-auc)");
        assertError("  - { " + RUN.replace("representation: none", "representation: private-altmin,"
                        + " representationEpsilon: 1") + " }\n", "audits[0].representation",
                "a dp-sgd audit runs with representation none, public or true (the private-altmin representation's"
                        + " own Priv-AltMin run is audited as priv-altmin)");
    }

    private static void assertError(String audits, String path, String reason) {
        List<FieldError> errors = assertThrows(ScenarioException.class, () -> parse(audits)).errors();
        assertEquals(List.of(new FieldError(path, reason)), errors);
    }
}
