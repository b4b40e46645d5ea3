package org.privsim.core.family.ratings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.privsim.core.audit.WhiteBoxFromRecordsTest.assertGaussianLlr;
import static org.privsim.core.audit.WhiteBoxFromRecordsTest.assertVerdicts;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.family.AuditGames;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.ReleaseTranscript;
import org.privsim.core.audit.WhiteBoxFromRecordsTest;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.scenario.RatingsSettings;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;
import org.privsim.core.seam.RunCurator;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.seam.Step;

/**
 * The white-box audit of the ratings family (priv-altmin and item-mean-dp on a synthetic ratings task),
 * scored from its recorded releases ({@link RatingsWhiteBoxGame}): the score is the exact Gaussian
 * log-likelihood ratio of the releases, N(±μ²/2, μ²) for the closed-form μ² of the canary pair
 * (checked by {@link WhiteBoxFromRecordsTest#assertGaussianLlr}: each world's mean and variance within
 * 4.5 standard errors); the tap changes no bit of a run; verdicts at fixed seeds.
 */
class RatingsWhiteBoxGameTest {
    private static final String TASK = "task: { type: ratings, users: 20, items: 12, rank: 1 }\n";
    private static final String ITEM_MEAN = "algorithm: item-mean-dp, epsilon: 1, delta: 1.0e-5, maxRatingsPerUser: 5,"
            + " target: 3";
    private static final String ALTMIN = "algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5, maxRatingsPerUser: 5,"
            + " target: 3";

    private static Scenario scenario(String... audits) {
        StringBuilder yaml = new StringBuilder("name: wb\nseed: 7\n").append(TASK).append("audits:\n");
        for (String audit : audits) {
            yaml.append("  - { ").append(audit).append(" }\n");
        }
        return ScenarioParser.parse(yaml.toString(), "wb.yaml");
    }

    private static double rho(Scenario scenario, int audit) {
        AuditSpec spec = scenario.audits().get(audit);
        return spec.calibration().totalRho(spec.epsilon(), spec.delta());
    }

    /**
     * item-mean-dp: the canary's mean residual moves the global sum by its whole 2ζ, its disjoint items
     * the counts by their whole √(2L) and the sums by 1/√2 of 2√L·ζ: μ² = 2ρ_g + 2ρ_c + ρ_s with the
     * shares 0.1, 0.45, 0.45, i.e. 1.55ρ; each release calibrated to the whole ρ (ignoreComposition):
     * 2ρ + 2ρ + ρ = 5ρ; half the noise: 4 × 1.55ρ = 6.2ρ.
     */
    @Test
    void itemMeanDpScoreIsTheComposedGaussianLlr() {
        Scenario scenario = scenario(ITEM_MEAN, ITEM_MEAN + ", inject: { ignoreComposition: true }",
                ITEM_MEAN + ", inject: { noiseMultiplier: 0.5 }");
        double share = RatingsSettings.GLOBAL_BUDGET_SHARE;
        double correct = 2 * share + 3 * (1 - share) / 2;
        assertEquals(1.55, correct, 1e-12);
        double[] multiple = {correct, 5, 4 * correct};
        int[] trials = {4000, 2000, 2000};
        for (int a = 0; a < multiple.length; a++) {
            assertGaussianLlr(AuditGames.of(scenario, a), trials[a], multiple[a] * rho(scenario, a));
        }
    }

    /**
     * priv-altmin at rank 1: per round the canary's factor is clipped to w = (±R, 1) and its residuals to
     * ±ζ on L items disjoint from its neighbour's, so A's upper triangles move by 2L(1 + R² + R⁴) against a
     * Frobenius sensitivity² of 2L(1 + R²)² and b by 2Lζ²(1 + R²) against 4Lζ²(1 + R²): μ² = Σ_t
     * [2ρ_A,t·(1 + R² + R⁴)/(1 + R²)² + ρ_b,t] = ρ·[2s(1 + R² + R⁴)/(1 + R²)² + 1 − s] — 1.25ρ at the
     * defaults (R = 1, s = ½, T = 3); at R = ¼, s = 0.8, T = 2 it is 1.7114ρ; ignoreComposition
     * calibrates each of the 2T releases to the whole ρ: T·ρ·[2·¾ + 1] = 7.5ρ.
     */
    @Test
    void privAltMinScoreIsTheComposedGaussianLlr() {
        Scenario scenario = scenario(ALTMIN, ALTMIN + ", clipFactor: 0.25, roundBudgetSplit: 0.8, rounds: 2",
                ALTMIN + ", inject: { ignoreComposition: true }");
        double[] multiple = {altMin(1, 0.5), altMin(0.25, 0.8), 3 * (2 * 0.75 + 1)};
        assertEquals(1.25, multiple[0], 1e-12);
        int[] trials = {4000, 2000, 2000};
        for (int a = 0; a < multiple.length; a++) {
            assertGaussianLlr(AuditGames.of(scenario, a), trials[a], multiple[a] * rho(scenario, a));
        }
    }

    /** μ²/ρ of correct rank-1 priv-altmin with clip R and round budget split s. */
    private static double altMin(double r, double split) {
        double eta2 = 1 + r * r;
        return 2 * split * (1 + r * r + r * r * r * r) / (eta2 * eta2) + 1 - split;
    }

    /**
     * With a tap, the curator makes the same run (outcome bits equal, the ledger's log included) and the
     * tap sees exactly the ledger's releases, in order, with the released coordinates: item-mean-dp the
     * global sum, the counts and the sums; priv-altmin per round every item's A upper triangle and b.
     */
    @Test
    void tapSeesTheLedgersReleasesAndChangesNothing() {
        Scenario scenario = scenario(ITEM_MEAN, ALTMIN);
        int items = 12;
        List<List<String>> names = List.of(List.of("sum of user mean residuals", "item counts", "item residual sums"),
                List.of("item Gram matrices A", "item moments b", "item Gram matrices A", "item moments b",
                        "item Gram matrices A", "item moments b"));
        List<List<Integer>> lengths = List.of(List.of(1, items, items),
                List.of(items * PackedSymmetric.length(2), items * 2, items * PackedSymmetric.length(2), items * 2,
                        items * PackedSymmetric.length(2), items * 2));
        for (int a = 0; a < 2; a++) {
            AuditSpec spec = scenario.audits().get(a);
            RatingsFamily family = RatingsFamily.INSTANCE;
            RatingsFamily.Cell cell = RatingsFamily.auditCell((RatingsTask) spec.task(), spec.experiment());
            RatingsFamily.Outcome plain = SequentialInterpreter.run(family, cell, 0, 11);
            RatingsFamily.Context context = family.context(cell, 0, 11);
            ReleaseTranscript transcript = new ReleaseTranscript();
            RunCurator<RatingsRequest, RatingsAnswer, RatingsFamily.Outcome> curator =
                    family.auditedCurator(cell, context, Injection.NONE, transcript);
            Step<RatingsRequest, RatingsFamily.Outcome> step = curator.start();
            while (step instanceof Step.Ask<RatingsRequest, RatingsFamily.Outcome> ask) {
                List<RatingsAnswer> answers = new ArrayList<>();
                for (int user : ask.participants()) {
                    answers.add(family.participant(cell, 0, 11, context, user).answer(ask.request()));
                }
                step = curator.onAnswers(answers);
            }
            RatingsFamily.Outcome tapped = ((Step.Done<RatingsRequest, RatingsFamily.Outcome>) step).outcome();
            assertEquals(plain, tapped);
            transcript.checkAgainst(tapped.releases());
            assertEquals(names.get(a), transcript.entries().stream().map(e -> e.record().name()).toList());
            assertEquals(lengths.get(a), transcript.entries().stream().map(e -> e.released().length).toList());
        }
    }

    /**
     * Verdicts at fixed seeds, at ε = 4 (μ about 1, so 2,000 trials suffice; scenarios/audit-white-box-ratings.yaml
     * measures ε = 1 with 20,000): the correct mechanisms consistent, half the noise (μ × 2) and each
     * release calibrated to the whole ρ (μ × √(5/1.55) and × √6) violated; the seam plays the same rows.
     */
    @Test
    void correctMechanismsAreConsistentAndBrokenOnesViolated() {
        for (String audit : new String[] {ITEM_MEAN, ALTMIN}) {
            String at4 = audit.replace("epsilon: 1", "epsilon: 4") + ", trials: 2000";
            assertVerdicts(scenario(at4, at4 + ", inject: { noiseMultiplier: 0.5 }",
                    at4 + ", inject: { ignoreComposition: true }"));
        }
    }
}
