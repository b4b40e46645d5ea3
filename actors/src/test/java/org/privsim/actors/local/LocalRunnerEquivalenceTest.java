package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.run.SequentialRunner;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * The main correctness test of the actor layer: on the demo scenario (participation epochs and
 * disjoint-batches, own-data, single-model-dp, non-private-altmin) the local runner's report equals
 * the sequential reference bit for bit, except runner and wallMillis. Runs with
 * serialize-messages on (test application.conf), so every message also crossed a serializer.
 */
class LocalRunnerEquivalenceTest {

    @Test
    void demoReportIsBitIdenticalToSequential() throws Exception {
        assertSameReport(ScenarioParser.parse(Path.of("../scenarios/demo.yaml")), 10);
    }

    @Test
    void unevenRangesAndPaperSplitAreBitIdenticalToSequential() throws Exception {
        assertSameReport(ScenarioParser.parse("""
                name: uneven
                seed: 5
                task: { type: low-rank-regression, users: 61, samplesPerUser: 8, dimension: 5, rank: 2, labelNoise: 0.1 }
                aggregation: { rangeSize: 7 }
                experiments:
                  - { algorithm: priv-altmin, epsilon: [3], delta: 1.0e-5, epochs: [1, 3], split: paper }
                  - { algorithm: priv-altmin, epsilon: [3], delta: 1.0e-5, rounds: 3, participation: disjoint-batches }
                  - { algorithm: single-model-dp, epsilon: [3], delta: 1.0e-5 }
                """, "uneven.yaml"), 3);
    }

    private static void assertSameReport(Scenario scenario, int minRows) {
        Report sequential = new SequentialRunner(scenario).run(Progress.NONE);
        Report local = new LocalRunner(scenario).run(Progress.NONE);

        assertEquals(LocalRunner.NAME, local.runner());
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode expected = mapper.valueToTree(sequential);
        ObjectNode actual = mapper.valueToTree(local);
        for (ObjectNode tree : new ObjectNode[] {expected, actual}) {
            tree.remove("wallMillis");
            tree.remove("runner");
        }
        JsonNode rows = actual.get("experiments");
        assertTrue(rows.size() >= minRows, "rows: " + rows.size());
        assertEquals(expected, actual);
    }
}
