package org.privsim.core.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.family.AuditGames;
import org.privsim.core.privacy.Calibration;
import org.privsim.core.scenario.FieldError;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.scenario.ScenarioParser;

/**
 * The white-box priv-altmin adversary (issue 14; from the ledger's records since issue 29): it scores
 * the Gaussian likelihood ratio of the two worlds over every recorded noisy release. For the correct mechanism its score is the LLR of
 * μ-GDP with μ² the composed Σ‖Δ‖²/σ² ≤ 2ρ (the calibrated total), so the separation
 * (m₁ − m₀)/s of the two worlds' scores estimates a μ no larger than √(2ρ); a mechanism that ignores
 * composition adds each release's noise for the whole ρ and separates the worlds far more.
 */
class WhiteBoxAltMinTest {
    private static final int TRIALS = 400;

    private static Scenario scenario(String inject) {
        return ScenarioParser.parse("name: wb\nseed: 7\n"
                + "task: { type: low-rank-regression, users: 64, samplesPerUser: 16, dimension: 6, rank: 2,"
                + " labelNoise: 0.05 }\n"
                + "audits:\n  - { algorithm: priv-altmin, threatModel: white-box, epsilon: 1, delta: 1.0e-5,"
                + " calibration: tight, epochs: 30, split: paper, trials: 8000, target: 3" + inject + " }\n", "wb.yaml");
    }

    /** (m₁ − m₀)/s of trials [0, TRIALS), world = trial parity, s the pooled standard deviation. */
    private static double separation(DistinguishingGame game) {
        double[] sum = new double[2];
        double[] squares = new double[2];
        for (int r = 0; r < TRIALS; r++) {
            double x = game.score(r, r % 2);
            sum[r % 2] += x;
            squares[r % 2] += x * x;
        }
        int n = TRIALS / 2;
        double m0 = sum[0] / n;
        double m1 = sum[1] / n;
        double v0 = (squares[0] - n * m0 * m0) / (n - 1);
        double v1 = (squares[1] - n * m1 * m1) / (n - 1);
        return (m1 - m0) / Math.sqrt((v0 + v1) / 2);
    }

    /**
     * The standardized difference of two samples of 200 has standard error ≈ √(2/200) = 0.1 at these
     * μ, so the correct mechanism's estimate stays below √(2ρ) + 0.35 (3.5 s.e.) and the faulty one's
     * exceeds the correct one's by more than 0.4 (measured: 0.20 against 0.67 at seed 7).
     */
    @Test
    void ignoringCompositionIsSeenByTheWhiteBoxAdversary() {
        double mu = Math.sqrt(2 * Calibration.TIGHT.totalRho(1, 1e-5));
        double correct = separation(AuditGames.of(scenario(""), 0));
        double ignored = separation(AuditGames.of(scenario(", inject: { ignoreComposition: true }"), 0));
        assertTrue(correct < mu + 0.35, "correct: " + correct + " against μ = " + mu);
        assertTrue(ignored > correct + 0.4, "ignoreComposition " + ignored + " vs correct " + correct);
    }

    @Test
    void whiteBoxIsForGaussianReleasesOnly() {
        List<FieldError> errors = assertThrows(ScenarioException.class, () -> ScenarioParser.parse("name: t\n"
                + "task: { type: indexed-mean, dimension: 10, persons: 5 }\n"
                + "audits:\n  - { algorithm: indexed-mean-nonprivate, threatModel: white-box, epsilon: 1, delta: 1.0e-5 }\n",
                "t.yaml")).errors();
        assertEquals(List.of(new FieldError("audits[0].threatModel",
                "white-box is implemented for priv-altmin, single-model-dp, mp-mtl-* with covarianceNoise gaussian, dp-sgd,"
                        + " sufficient-statistics, dp-fedavg, dp-fedrep, item-mean-dp and the private indexed-mean mechanisms"
                        + " (Gaussian releases), got indexed-mean-nonprivate")), errors);
    }
}
