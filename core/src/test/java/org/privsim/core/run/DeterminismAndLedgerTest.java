package org.privsim.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.family.lowrank.LowRankFamily;
import org.privsim.core.family.lowrank.ScenarioPlan;
import org.privsim.core.scenario.Scenario;

/**
 * Same scenario and seed ⇒ identical report except wallMillis; and the ledger's largest per-user
 * spend equals the claimed total ρ for every private row, whatever the participation scheme.
 */
class DeterminismAndLedgerTest {
    private static final String YAML = "name: det\nseed: 5\n" + Scenarios.task(600, 8, 8, 2, 0.05)
            + "aggregation: { rangeSize: 64 }\n"
            + "experiments:\n"
            + "  - { algorithm: priv-altmin, epsilon: [1, 4], delta: 1.0e-5, epochs: [1, 3], participation: epochs }\n"
            + "  - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-5, calibration: tight, participation: disjoint-batches, rounds: 3, split: paper }\n"
            + "  - { algorithm: non-private-altmin, epochs: 20 }\n"
            + "  - { algorithm: own-data }\n"
            + "  - { algorithm: single-model-dp, epsilon: [3], delta: 1.0e-5 }\n";

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void sameSeedGivesIdenticalReport() throws Exception {
        Scenario s = Scenarios.parse(YAML);
        String first = JSON.writeValueAsString(withoutWall(new SequentialRunner(s).run(Progress.NONE)));
        String second = JSON.writeValueAsString(withoutWall(new SequentialRunner(s).run(Progress.NONE)));
        assertEquals(first, second);
        String other = JSON.writeValueAsString(withoutWall(new SequentialRunner(s.withSeed(6)).run(Progress.NONE)));
        assertNotEquals(first, other, "a different seed must change the data and the noise");
    }

    @Test
    void ledgerMaximumEqualsClaimedRho() {
        Report report = new SequentialRunner(Scenarios.parse(YAML)).run(Progress.NONE);
        for (ExperimentResult r : report.lowRankRows()) {
            if (r.epsilon() == null) {
                assertNull(r.zcdpRho());
                assertNull(r.maxLedgerRho());
                continue;
            }
            assertNotNull(r.maxLedgerRho(), r.algorithm());
            // The budget is split into (1 + 2·rounds) shares that are summed back: 1e-12 relative
            // covers the rounding of a dozen additions.
            assertEquals(r.zcdpRho(), r.maxLedgerRho(), 1e-12 * r.zcdpRho(), r.algorithm() + " ε=" + r.epsilon());
        }
    }

    private static Report withoutWall(Report r) {
        return new Report(r.scenario(), r.seed(), r.runner(), 0, r.experiments(), r.audits());
    }

    @Test
    void paperCalibrationChargesTheSameTotalWhateverTheEpochCount() {
        Scenario s = Scenarios.parse("name: cal\nseed: 1\n" + Scenarios.task(200, 4, 5, 1, 0.1)
                + "experiments:\n  - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-6, epochs: [1, 2, 5, 10] }\n");
        double expected = 4.0 / (8 * Math.log(1e6));
        for (RunPlan plan : ScenarioPlan.runs(s)) {
            org.privsim.core.sim.RunOutcome o = LowRankFamily.runOne(s, plan);
            assertEquals(expected, o.zcdpRho(), 1e-15, "epochs " + plan.epochs());
            assertEquals(expected, o.maxLedgerRho(), 1e-12 * expected, "epochs " + plan.epochs());
        }
    }
}
