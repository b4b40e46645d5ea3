package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.privsim.core.family.transfer.TransferResult;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * Transfer cells on actors (one curator per cell × repeat, one actor per public task and per
 * private row) give the sequential runner's report field for field — both subspace estimators, every
 * representation, DP-SGD steps with empty and full Poisson samples, sufficient statistics, the
 * non-private and zero-shot references, repeats. Runs with serialize-messages on (test
 * application.conf), so every message also crossed the CBOR serializer.
 */
public class TransferEquivalenceTest {

    /** A small scenario with every transfer algorithm and representation (shared with the cluster test). */
    public static final String SCENARIO = """
            name: transfer-actors
            seed: 21
            task: { type: transfer-regression, dimension: 6, rank: 2, publicTasks: 4, publicSamples: [32, 60],
                    privateSamples: [12, 25], subspaceShift: 0.2, taskNorm: 2 }
            experiments:
              - { algorithm: dp-sgd, representation: public, epsilon: [1, 4], delta: 1.0e-5, samplingRate: 0.1,
                  steps: 30, repeats: 2 }
              - { algorithm: dp-sgd, representation: none, epsilon: 2, delta: 1.0e-5, samplingRate: 1, steps: 5 }
              - { algorithm: sufficient-statistics, representation: public, subspaceEstimator: pairs, epsilon: 1,
                  delta: 1.0e-5, repeats: 2 }
              - { algorithm: nonprivate-regression, representation: true, repeats: 2 }
              - { algorithm: zero-shot, repeats: 2 }
              - { algorithm: dp-sgd, representation: private-altmin, representationEpsilon: 5, representationEpochs: 2,
                  epsilon: 2, delta: 1.0e-5, samplingRate: 0.2, steps: 10, repeats: 2 }
            """;

    @Test
    void transferCellsAreBitIdenticalToSequential() {
        Scenario scenario = ScenarioParser.parse(SCENARIO, "transfer-actors.yaml");
        Report sequential = new SequentialRunner(scenario).run(Progress.NONE).withoutTiming();
        Report local = new LocalRunner(scenario).run(Progress.NONE).withoutTiming();
        assertEquals(2 * 2 * 2 + 2 + 2 * 2 + 2 + 2 + 2 * 2, local.rows(TransferResult.class).size());
        ObjectMapper mapper = new ObjectMapper();
        assertEquals(mapper.valueToTree(sequential), mapper.valueToTree(local));
        assertEquals(sequential, local);
    }

    /** A DP-SGD canary audit played by game workers gives the sequential game's row. */
    @Test
    void dpSgdAuditIsBitIdenticalToSequential() {
        Scenario scenario = ScenarioParser.parse("""
                name: dp-sgd-audit-actors
                seed: 9
                task: { type: transfer-regression, dimension: 3, rank: 1, publicTasks: 2, publicSamples: [10],
                        privateSamples: [20] }
                audits:
                  - { algorithm: dp-sgd, representation: public, epsilon: 2, delta: 1.0e-5, samplingRate: 0.05,
                      steps: 20, trials: 200, target: 7 }
                """, "dp-sgd-audit-actors.yaml");
        Report sequential = new SequentialRunner(scenario).run(Progress.NONE).withoutTiming();
        Report local = new LocalRunner(scenario).run(Progress.NONE).withoutTiming();
        assertEquals(sequential, local);
    }
}
