package org.privsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.data.LowRankData;
import org.privsim.core.data.UserDataset;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.Progress;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.FieldError;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.scenario.ScenarioParser;

/**
 * Held-out users (the metalearning error of Aliakbarpour et al. Def. 1.2): users who never trained
 * fit v on the released U; their excess risk falls with n_pers and, at the training users' own
 * sample count, matches the training users' risk.
 */
class MetalearningTest {

    private static final String TASK = "task: { type: low-rank-regression, users: 3000, samplesPerUser: 10,"
            + " dimension: 20, rank: 2, labelNoise: 0.1 }\n";

    private static Scenario parse(String experiments) {
        return ScenarioParser.parse("name: t\nseed: 7\n" + TASK + "experiments:\n" + experiments, "meta.yaml");
    }

    /**
     * Non-private altmin converges to a fixed U, so the held-out and training users differ only by
     * their own draws: the per-user error ‖Uv − θ*‖² has relative spread about 1 (a scaled χ² with k
     * = 2 degrees of freedom), so the mean over 400 held-out users is within 5% (one s.d.) of its
     * expectation and a 20% band is four s.d. The same users hold more samples at larger n_pers
     * (prefixes), so the error falls monotonically in expectation; with 400 users each step down is
     * many s.d. wide.
     */
    @Test
    void heldOutRiskFallsWithSamplesAndMatchesTrainingUsers() {
        ExperimentResult row = new SequentialRunner(parse("  - { algorithm: non-private-altmin, heldOutUsers: 400,"
                + " personalizationSamples: [1, 5, 10, 40] }\n")).run(Progress.NONE).lowRankRows().get(0);
        List<Double> risk = row.heldOutExcessRisk();
        assertEquals(List.of(1, 5, 10, 40), row.personalizationSamples());
        assertEquals(400, row.heldOutUsers());
        for (int c = 1; c < risk.size(); c++) {
            assertTrue(risk.get(c) < risk.get(c - 1), "risk " + risk);
        }
        assertEquals(row.excessRisk(), risk.get(2), 0.2 * row.excessRisk(), "held-out at n_pers = 10 vs training");
        assertTrue(risk.get(3) < row.excessRisk(), "more samples than training users: lower risk");
        assertNull(row.heldOutExcessRiskStdErr());
    }

    @Test
    void privateRunsReportHeldOutRiskPerRepeat() {
        ExperimentResult row = new SequentialRunner(parse("  - { algorithm: priv-altmin, epsilon: 5, delta: 1.0e-6,"
                + " epochs: 2, heldOutUsers: 100, repeats: 2 }\n")).run(Progress.NONE).lowRankRows().get(0);
        assertEquals(List.of(10), row.personalizationSamples());
        assertEquals(1, row.heldOutExcessRisk().size());
        assertEquals(1, row.heldOutExcessRiskStdErr().size());
    }

    /** A held-out user with more samples than training users extends, not replaces, its data. */
    @Test
    void heldOutUsersArePrefixesOfLongerDraws() {
        LowRankData population = new LowRankData(new LowRankRegressionTask(10, 4, 3, 1, 0.1), 2);
        UserDataset four = population.user(12, 4);
        UserDataset nine = population.user(12, 9);
        assertArrayEquals(four.vStar(), nine.vStar());
        for (int i = 0; i < 4 * 3; i++) {
            assertEquals(four.x()[i], nine.x()[i]);
        }
        assertEquals(four.y()[3], nine.y()[3]);
        assertArrayEquals(population.user(12).x(), four.x());
    }

    @Test
    void badFieldsAreRefused() {
        assertError("  - { algorithm: non-private-altmin, personalizationSamples: [5] }\n",
                "experiments[0].personalizationSamples", "only used with heldOutUsers");
        assertError("  - { algorithm: own-data, heldOutUsers: 5 }\n", "experiments[0].heldOutUsers",
                "not used by own-data");
        assertError("  - { algorithm: non-private-altmin, heldOutUsers: 0 }\n", "experiments[0].heldOutUsers",
                "must be ≥ 1, got 0");
        assertError("  - { algorithm: non-private-altmin, heldOutUsers: 1000000, personalizationSamples: [10] }\n",
                "experiments[0].heldOutUsers", "1000000 held-out users with 10 samples in d = 20 need 1.7 GB of"
                        + " rows (more than 0.8 GB); use fewer users or samples");
    }

    private static void assertError(String experiments, String path, String reason) {
        List<FieldError> errors = assertThrows(ScenarioException.class, () -> parse(experiments)).errors();
        assertEquals(List.of(new FieldError(path, reason)), errors);
    }
}
