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
        Scenario scenario = ScenarioParser.parse(Path.of("../scenarios/demo.yaml"));
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
        assertTrue(rows.size() >= 10, "demo has many rows: " + rows.size());
        assertEquals(expected, actual);
    }
}
