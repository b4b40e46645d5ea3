package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.privsim.core.family.multitask.MultitaskResult;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * Multi-task cells on task actors (one curator actor per λ × repeat run, one actor per task) give
 * the sequential runner's report field for field — every algorithm, both structures, λ candidates,
 * repeats and the exported model matrices. Runs with serialize-messages on (test application.conf),
 * so every message also crossed the CBOR serializer.
 */
public class MultitaskEquivalenceTest {

    /** A small scenario with every multi-task algorithm (shared with the cluster equivalence test). */
    public static final String SCENARIO = """
            name: multitask-actors
            seed: 13
            task: { type: multitask-regression, tasks: 12, samplesPerTask: 6, dimension: 5, structure: [low-rank, group-sparse], taskRank: 2 }
            experiments:
              - { algorithm: stl-ridge, repeats: 2 }
              - { algorithm: mtl-trace-norm, iterations: 5, lambda: [1, 3], repeats: 2 }
              - { algorithm: mtl-group-lasso, iterations: 5, lambda: [1, 3], acceleration: false }
              - { algorithm: mp-mtl-low-rank, epsilon: [0.5, 5], iterations: 3, lambda: [1, 3], repeats: 2, exportModels: true }
              - { algorithm: mp-mtl-group-sparse, epsilon: [5], iterations: 2, lambda: 2, allocation: "geometric(0.9)",
                  initialModels: uniform, outlierTask: 12 }
              - { algorithm: dp-aggr, epsilon: [1], repeats: 2 }
              - { algorithm: mp-mtl-low-rank, covarianceNoise: gaussian, epsilon: [1], delta: 1.0e-5, iterations: 2,
                  lambda: [1, 3], covarianceShift: [0, 1], repeats: 2 }
            """;

    @Test
    void multitaskCellsAreBitIdenticalToSequential() {
        Scenario scenario = ScenarioParser.parse(SCENARIO, "multitask-actors.yaml");
        Report sequential = new SequentialRunner(scenario).run(Progress.NONE).withoutTiming();
        Report local = new LocalRunner(scenario).run(Progress.NONE).withoutTiming();
        assertEquals(16, local.rows(MultitaskResult.class).size());
        assertNotNull(local.rows(MultitaskResult.class).get(6).models());
        ObjectMapper mapper = new ObjectMapper();
        assertEquals(mapper.valueToTree(sequential), mapper.valueToTree(local));
        assertEquals(sequential, local);
    }

    @Test
    void privateSelectionIsBitIdenticalToSequential() {
        Scenario scenario = ScenarioParser.parse("""
                name: multitask-select
                seed: 13
                task: { type: multitask-regression, tasks: 12, samplesPerTask: 6, dimension: 5, structure: [low-rank, group-sparse], taskRank: 2 }
                experiments:
                  - { algorithm: mp-mtl-low-rank, covarianceNoise: gaussian, epsilon: [1, 4], delta: 1.0e-5, iterations: 2,
                      lambda: [1, 3], covarianceShift: [0, 1], repeats: 2, selection: private }
                """, "multitask-select.yaml");
        Report sequential = new SequentialRunner(scenario).run(Progress.NONE).withoutTiming();
        Report local = new LocalRunner(scenario).run(Progress.NONE).withoutTiming();
        assertEquals("private", local.rows(MultitaskResult.class).get(0).selection());
        assertEquals(sequential, local);
    }
}
