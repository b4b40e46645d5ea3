package org.privsim.core.audit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.privsim.core.family.AuditFamily;
import org.privsim.core.family.AuditGames;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;
import org.privsim.core.seam.SequentialInterpreter;

/**
 * One-run audits (method one-run) of dp-fedavg, dp-fedrep, dp-sgd and priv-altmin with the Kronecker
 * U-step on small populations (64 canaries, one per coordinate): with these fixed seeds the correct
 * mechanisms are consistent (their bound ≤ the claim) and a tenth of the noise violated; the seam plays
 * the same run; the guessing rule and its bound are {@link OneRunBound}'s.
 */
class OneRunAuditTest {

    private static final String FEDERATED = "epsilon: 1, delta: 1.0e-5, samplingRate: 0.2, rounds: 20, clipUpdate: 1,"
            + " learningRate: 0.5, method: one-run, canaries: 64";
    private static final String DP_SGD = "algorithm: dp-sgd, threatModel: white-box, representation: none, epsilon: 1,"
            + " delta: 1.0e-5, samplingRate: 0.2, steps: 20, method: one-run, canaries: 64";
    private static final String ALTMIN = "algorithm: priv-altmin, uStep: kronecker, threatModel: white-box, epsilon: 1,"
            + " delta: 1.0e-5, calibration: tight, epochs: 5, split: paper, method: one-run, canaries: 64";
    private static final String TENTH = ", inject: { noiseMultiplier: 0.1 }";

    static Scenario lowRank(int users, String... audits) {
        StringBuilder yaml = new StringBuilder("name: t\nseed: 3\ntask: { type: low-rank-regression, users: " + users
                + ", samplesPerUser: 8, dimension: 64, rank: 2, labelNoise: 0.05 }\naudits:\n");
        for (String a : audits) {
            yaml.append("  - { ").append(a).append(" }\n");
        }
        return ScenarioParser.parse(yaml.toString(), "t.yaml");
    }

    private static Scenario transfer(String... audits) {
        StringBuilder yaml = new StringBuilder("name: t\nseed: 3\ntask: { type: transfer-regression, dimension: 64,"
                + " rank: 2, publicTasks: 4, publicSamples: [40], privateSamples: [400] }\naudits:\n");
        for (String a : audits) {
            yaml.append("  - { ").append(a).append(" }\n");
        }
        return ScenarioParser.parse(yaml.toString(), "t.yaml");
    }

    @Test
    void federatedCorrectConsistentQuietViolated() {
        assertVerdicts(lowRank(400, "algorithm: dp-fedavg, " + FEDERATED, "algorithm: dp-fedavg, " + FEDERATED + TENTH,
                "algorithm: dp-fedrep, " + FEDERATED, "algorithm: dp-fedrep, " + FEDERATED + TENTH));
    }

    @Test
    void dpSgdCorrectConsistentQuietViolated() {
        assertVerdicts(transfer(DP_SGD, DP_SGD + TENTH));
    }

    @Test
    void kroneckerAltMinCorrectConsistentQuietViolated() {
        assertVerdicts(lowRank(200, ALTMIN, ALTMIN + TENTH));
    }

    /** Even audits are correct mechanisms, odd ones a tenth of the noise; the seam's row is the core's. */
    private static void assertVerdicts(Scenario s) {
        for (int a = 0; a < s.audits().size(); a++) {
            AuditResult row = AuditGames.play(s, a);
            assertEquals("one-run", row.method());
            assertEquals(1, row.trials());
            assertEquals(64, row.canaries());
            assertEquals(a % 2 == 0 ? "consistent" : "violated", row.verdict(),
                    "audit " + a + ": ε_lower " + row.empiricalEpsilonLower());
            assertTrue(row.empiricalEpsilonLower() <= row.maxCertifiableEpsilon());
            assertEquals(OneRunBound.epsilonLowerBound(64, row.guesses(), row.correctGuesses(), 1e-5,
                    1 - 0.05 / OneRunEvidence.guessGrid(64).length), row.empiricalEpsilonLower());
            assertEquals(row, SequentialInterpreter.row(AuditFamily.INSTANCE, AuditFamily.INSTANCE.cells(s).get(a),
                    s.seed()), "the seam plays the same run");
        }
    }

    /** An explicit guess count is used as given, at the audit's whole confidence. */
    @Test
    void givenGuessesAreUsedAtFullConfidence() {
        Scenario s = lowRank(400, "algorithm: dp-fedavg, " + FEDERATED + ", guesses: 20" + TENTH);
        AuditResult row = AuditGames.play(s, 0);
        assertEquals(20, row.guesses());
        assertEquals(OneRunBound.epsilonLowerBound(64, 20, row.correctGuesses(), 1e-5, 0.95),
                row.empiricalEpsilonLower());
    }

    /**
     * The rule: ⌈r/2⌉ highest scores guessed in, ⌊r/2⌋ lowest out. Canaries 0–5 scored 0…5, the odd
     * ones included: r = 4 guesses 5, 4 in (one right) and 0, 1 out (one right); r = 6 (all) gets 3 of 6
     * (2 in 3, 4, 5 right: 3, 5; 1 out 0, 1, 2 right: 0, 2) — 4.
     */
    @Test
    void guessesTakeTheHighestInAndTheLowestOut() {
        double[] scores = {0, 1, 2, 3, 4, 5};
        boolean[] included = {false, true, false, true, false, true};
        OneRunEvidence four = OneRunEvidence.of(scores, included, 4, 0, 0.95, 1);
        assertEquals(2, four.correct());
        OneRunEvidence all = OneRunEvidence.of(scores, included, 6, 0, 0.95, 1);
        assertEquals(4, all.correct());
        assertEquals(Math.log(2), all.epsilonPoint(), 1e-15);
        boolean[] perfect = {false, false, false, true, true, true};
        OneRunEvidence right = OneRunEvidence.of(scores, perfect, 6, 0, 0.95, 1);
        assertEquals(6, right.correct());
        assertNull(right.epsilonPoint());
        assertEquals(right.maxCertifiableEpsilon(), right.epsilonLower());
    }

    /** The default grid: m, m/2, … while ≥ 2, at most six counts. */
    @Test
    void guessGrid() {
        assertArrayEquals(new int[] {1000, 500, 250, 125, 62, 31}, OneRunEvidence.guessGrid(1000));
        assertArrayEquals(new int[] {5, 2}, OneRunEvidence.guessGrid(5));
        assertArrayEquals(new int[] {2}, OneRunEvidence.guessGrid(2));
    }
}
