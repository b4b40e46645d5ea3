package org.privsim.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.privsim.core.data.LowRankData;
import org.privsim.core.data.UserStore;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.PopulationMode;
import org.privsim.core.scenario.Scenario;

/**
 * A regenerated population gives the stored population's report bit for bit (every low-rank and
 * federated algorithm, full and batched participation), and it keeps no data set between requests.
 */
class PopulationModeTest {
    private static final String YAML = "name: pop\nseed: 9\n" + Scenarios.task(1200, 8, 6, 2, 0.05)
            + "aggregation: { rangeSize: 300 }\n"
            + "experiments:\n"
            + "  - { algorithm: priv-altmin, epsilon: [1, 4], delta: 1.0e-5, epochs: 2, repeats: 2 }\n"
            + "  - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-5, participation: disjoint-batches, rounds: 3 }\n"
            + "  - { algorithm: non-private-altmin, epochs: 5 }\n"
            + "  - { algorithm: own-data }\n"
            + "  - { algorithm: single-model-dp, epsilon: [3], delta: 1.0e-5 }\n"
            + "  - { algorithm: dp-fedavg, epsilon: [1, 5], delta: 1.0e-6, samplingRate: 0.1, rounds: 4, repeats: 2 }\n"
            + "  - { algorithm: dp-fedrep, epsilon: [2], delta: 1.0e-6, samplingRate: 0.2, rounds: 3 }\n";

    private static final ObjectMapper JSON = new ObjectMapper();

    private static String report(Scenario scenario) throws Exception {
        Report r = new SequentialRunner(scenario).run(Progress.NONE);
        return JSON.writeValueAsString(new Report(r.scenario(), r.seed(), r.runner(), 0, r.experiments(), r.audits()));
    }

    @Test
    void regeneratedGivesTheStoredReportBitForBit() throws Exception {
        Scenario open = Scenarios.parse(YAML);
        String stored = report(open.withPopulation(PopulationMode.STORED));
        assertEquals(stored, report(open.withPopulation(PopulationMode.REGENERATED)));
        assertEquals(stored, report(open));
        assertTrue(stored.contains("dp-fedrep") && stored.contains("single-model-dp"), stored);
    }

    @Test
    void theFieldIsReadAndARegeneratedStoreKeepsNothing() {
        Scenario regenerated = Scenarios.parse(YAML.replace("labelNoise: 0.05", "labelNoise: 0.05, population: regenerated"));
        assertEquals(PopulationMode.REGENERATED, regenerated.population());
        LowRankData data = new LowRankData(regenerated.lowRankTask(), 3);
        UserStore rebuilt = new UserStore(data, 1200, PopulationMode.REGENERATED);
        UserStore kept = new UserStore(data, 1200, PopulationMode.STORED);
        assertTrue(rebuilt.regenerated());
        assertNotSame(rebuilt.user(5), rebuilt.user(5));
        assertSame(kept.user(5), kept.user(5));
        assertTrue(java.util.Arrays.equals(kept.user(7).x(), rebuilt.user(7).x()));
    }
}
