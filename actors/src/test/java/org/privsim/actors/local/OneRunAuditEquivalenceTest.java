package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * One-run audits (method one-run) of dp-fedavg, dp-fedrep, priv-altmin (Kronecker U-step, and with an
 * injected fault) on the local runner give the sequential runner's rows field for field, with
 * serialize-messages on (test application.conf): the canaries' scores crossed the CBOR serializer.
 */
class OneRunAuditEquivalenceTest {

    private static final String SCENARIO = """
            name: one-run-actors
            seed: 11
            task: { type: low-rank-regression, users: 120, samplesPerUser: 8, dimension: 16, rank: 2, labelNoise: 0.05 }
            audits:
              - { algorithm: dp-fedavg, epsilon: 1, delta: 1.0e-5, samplingRate: 0.2, rounds: 6, method: one-run,
                  canaries: 16 }
              - { algorithm: dp-fedrep, epsilon: 2, delta: 1.0e-5, samplingRate: 0.2, rounds: 6, method: one-run,
                  canaries: 12, guesses: 6, inject: { noiseMultiplier: 0.25 } }
              - { algorithm: priv-altmin, uStep: kronecker, threatModel: white-box, epsilon: 1, delta: 1.0e-5,
                  epochs: 3, split: paper, method: one-run, canaries: 16, inject: { noiseMultiplier: 0.5 } }
            """;

    @Test
    void oneRunRowsAreBitIdenticalToSequential() {
        Scenario scenario = ScenarioParser.parse(SCENARIO, "one-run-actors.yaml");
        Report sequential = new SequentialRunner(scenario).run(Progress.NONE).withoutTiming();
        Report local = new LocalRunner(scenario).run(Progress.NONE).withoutTiming();
        assertEquals(3, local.audits().size());
        assertEquals(16, local.audits().get(0).canaries());
        ObjectMapper mapper = new ObjectMapper();
        assertEquals(mapper.valueToTree(sequential), mapper.valueToTree(local));
        assertEquals(sequential, local);
    }
}
