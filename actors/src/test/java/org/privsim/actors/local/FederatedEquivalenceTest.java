package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * dp-fedavg and dp-fedrep — families that exist only in core, through the seam — on actors give the
 * sequential runner's report field for field, next to priv-altmin rows of the same scenario: rounds
 * with empty and full Poisson samples, repeats, two ε, both accountants, several local steps. Runs
 * with serialize-messages on (test application.conf), so every request and answer also crossed the
 * CBOR serializer.
 */
public class FederatedEquivalenceTest {

    /** A small low-rank scenario with the federated algorithms beside priv-altmin (shared with the cluster test). */
    public static final String SCENARIO = """
            name: federated-actors
            seed: 17
            task: { type: low-rank-regression, users: 60, samplesPerUser: 8, dimension: 5, rank: 2, labelNoise: 0.05 }
            experiments:
              - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-5, epochs: [1] }
              - { algorithm: dp-fedavg, epsilon: [1, 4], delta: 1.0e-5, samplingRate: 0.05, rounds: 6, localEpochs: 2,
                  repeats: 2 }
              - { algorithm: dp-fedavg, epsilon: [3], delta: 1.0e-5, samplingRate: 1, rounds: 2, accountant: rdp,
                  repeats: 1 }
              - { algorithm: dp-fedrep, epsilon: [1, 4], delta: 1.0e-5, samplingRate: 0.1, rounds: 6, localEpochs: 2,
                  repeats: 2 }
              - { algorithm: dp-fedrep, epsilon: [3], delta: 1.0e-5, samplingRate: 1, rounds: 2, accountant: rdp,
                  repeats: 1 }
            """;

    /** Fixed-size cohorts and adaptive clipping of both federated algorithms (shared with the spread test). */
    public static final String COHORT_CLIP_SCENARIO = """
            name: federated-cohort-clip
            seed: 19
            task: { type: low-rank-regression, users: 60, samplesPerUser: 8, dimension: 5, rank: 2, labelNoise: 0.05 }
            experiments:
              - { algorithm: dp-fedavg, epsilon: [1, 4], delta: 1.0e-5, samplingRate: 0.1, rounds: 6, cohort: fixed,
                  repeats: 2 }
              - { algorithm: dp-fedrep, epsilon: [2], delta: 1.0e-5, samplingRate: 0.2, rounds: 4, cohort: fixed,
                  repeats: 2 }
              - { algorithm: dp-fedavg, epsilon: [2], delta: 1.0e-5, samplingRate: 0.2, rounds: 6, clipping: adaptive,
                  clipUpdate: 0.05, countNoise: 2, repeats: 2 }
              - { algorithm: dp-fedrep, epsilon: [4], delta: 1.0e-5, samplingRate: 0.2, rounds: 4, clipping: adaptive,
                  countNoise: 3, targetQuantile: 0.8, clipLearningRate: 0.5, accountant: rdp, repeats: 2 }
            """;

    /** Fixed cohorts are drawn, and adaptive clips updated, identically by the local runner and the sequential one. */
    @Test
    void cohortsAndAdaptiveClipsAreBitIdenticalToSequential() {
        Scenario scenario = ScenarioParser.parse(COHORT_CLIP_SCENARIO, "federated-cohort-clip.yaml");
        Report sequential = new SequentialRunner(scenario).run(Progress.NONE).withoutTiming();
        Report local = new LocalRunner(scenario).run(Progress.NONE).withoutTiming();
        assertEquals(5, local.lowRankRows().size());
        ObjectMapper mapper = new ObjectMapper();
        assertEquals(mapper.valueToTree(sequential), mapper.valueToTree(local));
    }

    /** Correlated noise: tree aggregation and banded factorization on both federated algorithms (shared with the cluster test). */
    public static final String CORRELATED = """
            name: federated-correlated
            seed: 19
            task: { type: low-rank-regression, users: 60, samplesPerUser: 8, dimension: 5, rank: 2, labelNoise: 0.05 }
            experiments:
              - { algorithm: dp-fedavg, epsilon: [1, 4], delta: 1.0e-5, samplingRate: 0.25, rounds: 8, noise: tree,
                  repeats: 2 }
              - { algorithm: dp-fedrep, epsilon: [2], delta: 1.0e-5, samplingRate: 0.25, rounds: 8, noise: tree }
              - { algorithm: dp-fedavg, epsilon: [1, 4], delta: 1.0e-5, samplingRate: 0.1, rounds: 9, noise: banded,
                  bands: 3, repeats: 2 }
              - { algorithm: dp-fedrep, epsilon: [2], delta: 1.0e-5, samplingRate: 0.1, rounds: 9, noise: banded,
                  bands: 3 }
            """;

    @Test
    void correlatedNoiseCellsAreBitIdenticalToSequential() {
        Scenario scenario = ScenarioParser.parse(CORRELATED, "federated-correlated.yaml");
        Report sequential = new SequentialRunner(scenario).run(Progress.NONE).withoutTiming();
        Report local = new LocalRunner(scenario).run(Progress.NONE).withoutTiming();
        assertEquals(6, local.lowRankRows().size());
        assertEquals(new ObjectMapper().valueToTree(sequential), new ObjectMapper().valueToTree(local));
        assertEquals(sequential, local);
    }

    @Test
    void federatedCellsAreBitIdenticalToSequential() {
        Scenario scenario = ScenarioParser.parse(SCENARIO, "federated-actors.yaml");
        Report sequential = new SequentialRunner(scenario).run(Progress.NONE).withoutTiming();
        Report local = new LocalRunner(scenario).run(Progress.NONE).withoutTiming();
        assertEquals(7, local.lowRankRows().size());
        assertEquals("dp-fedavg", local.lowRankRows().get(3).algorithm());
        assertEquals("dp-fedrep", local.lowRankRows().get(6).algorithm());
        ObjectMapper mapper = new ObjectMapper();
        assertEquals(mapper.valueToTree(sequential), mapper.valueToTree(local));
        assertEquals(sequential, local);
    }
}
