package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.run.SequentialRunner;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * dp-fedavg — a family that exists only in core, through the seam — on actors gives the sequential
 * runner's report field for field, next to priv-altmin rows of the same scenario: rounds with empty
 * and full Poisson samples, repeats, two ε. Runs with serialize-messages on (test application.conf),
 * so every request and answer also crossed the CBOR serializer.
 */
public class FedAvgEquivalenceTest {

    /** A small low-rank scenario with dp-fedavg beside priv-altmin (shared with the cluster equivalence test). */
    public static final String SCENARIO = """
            name: fedavg-actors
            seed: 17
            task: { type: low-rank-regression, users: 60, samplesPerUser: 8, dimension: 5, rank: 2, labelNoise: 0.05 }
            experiments:
              - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-5, epochs: [1] }
              - { algorithm: dp-fedavg, epsilon: [1, 4], delta: 1.0e-5, samplingRate: 0.05, rounds: 6, localEpochs: 2,
                  repeats: 2 }
              - { algorithm: dp-fedavg, epsilon: [3], delta: 1.0e-5, samplingRate: 1, rounds: 2, repeats: 1 }
            """;

    @Test
    void fedAvgCellsAreBitIdenticalToSequential() {
        Scenario scenario = ScenarioParser.parse(SCENARIO, "fedavg-actors.yaml");
        Report sequential = new SequentialRunner(scenario).run(Progress.NONE).withoutTiming();
        Report local = new LocalRunner(scenario).run(Progress.NONE).withoutTiming();
        assertEquals(4, local.lowRankRows().size());
        assertEquals("dp-fedavg", local.lowRankRows().get(3).algorithm());
        ObjectMapper mapper = new ObjectMapper();
        assertEquals(mapper.valueToTree(sequential), mapper.valueToTree(local));
        assertEquals(sequential, local);
    }
}
