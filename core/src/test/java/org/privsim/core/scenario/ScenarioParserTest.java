package org.privsim.core.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.privsim.core.privacy.Calibration;

class ScenarioParserTest {

    static final String DEMO = """
            name: demo
            seed: 7
            task: { type: low-rank-regression, users: 2000, samplesPerUser: 8, dimension: 20, rank: 2, labelNoise: 0.01 }
            experiments:
              - { algorithm: priv-altmin, epsilon: [1, 2, 5, 10], delta: 1.0e-6, calibration: paper, epochs: 5, participation: epochs, split: reuse }
              - { algorithm: non-private-altmin }
              - { algorithm: own-data }
              - { algorithm: single-model-dp, epsilon: [1, 2, 5, 10], delta: 1.0e-6 }
            """;

    private static final List<Double> EPSILONS = List.of(1.0, 2.0, 5.0, 10.0);

    @Test
    void demoScenarioResolvesEveryDefault() {
        Scenario s = ScenarioParser.parse(DEMO, "demo.yaml");

        assertEquals("demo", s.name());
        assertEquals(7L, s.seed());
        assertEquals(new LowRankRegressionTask(2000, 8, 20, 2, 0.01), s.lowRankTask());
        assertEquals(new Aggregation(Aggregation.DEFAULT_RANGE_SIZE), s.aggregation());
        assertEquals(4, s.experiments().size());

        double clipLabel = 0.01 + Math.sqrt(2);                      // σ_F + √k
        double modelNormBound = Math.sqrt(2) + Math.sqrt(2 * Math.log(2000)); // √k + √(2 ln n)
        assertEquals(new ExperimentSpec(Algorithm.PRIV_ALTMIN, EPSILONS, 1e-6, Calibration.PAPER, List.of(5),
                        Participation.EPOCHS, null, SampleSplit.REUSE, Math.sqrt(20 * 2), clipLabel, 0.2, UStep.FULL,
                        null, null, null, 0.5, null, 1e-6, modelNormBound, null, null, 1, null),
                s.experiments().get(0));
        assertEquals(new ExperimentSpec(Algorithm.NON_PRIVATE_ALTMIN, null, null, null, List.of(100),
                        Participation.EPOCHS, null, SampleSplit.REUSE, null, null, null, null, null, null, null, null, null, 1e-6,
                        modelNormBound, 1e-9, null, 1, null),
                s.experiments().get(1));
        // own-data ridge: max(σ_F²·d/k, 1e-6) = 1e-4 · 20 / 2
        assertEquals(new ExperimentSpec(Algorithm.OWN_DATA, null, null, null, null, null, null, null, null, null,
                        null, null, null, null, null, null, null, 0.01 * 0.01 * 20 / 2, null, null, null, 1, null),
                s.experiments().get(2));
        assertEquals(new ExperimentSpec(Algorithm.SINGLE_MODEL_DP, EPSILONS, 1e-6, Calibration.PAPER, null, null,
                        null, null, Math.sqrt(20), clipLabel, null, null, null, null, null, null, null, 1e-6, null,
                        null, null, 1, null),
                s.experiments().get(3));
    }

    @Test
    void optionalTopLevelFieldsDefault() {
        Scenario s = ScenarioParser.parse("""
                name: minimal
                task: { type: low-rank-regression, users: 10, samplesPerUser: 4, dimension: 3, rank: 1, labelNoise: 0 }
                experiments: [ { algorithm: own-data } ]
                """, "minimal.yaml");

        assertEquals(Defaults.SEED, s.seed());
        assertEquals(Aggregation.DEFAULT_RANGE_SIZE, s.aggregation().rangeSize());
        assertEquals(Defaults.RIDGE, s.experiments().get(0).ridge()); // σ_F = 0: the floor applies
    }

    @Test
    void explicitValuesOverrideDefaults() {
        Scenario s = ScenarioParser.parse("""
                name: explicit_1.0
                seed: -9000000000000000000
                aggregation: { rangeSize: 64 }
                task: { type: low-rank-regression, users: 100, samplesPerUser: 12, dimension: 5, rank: 5, labelNoise: 0.5 }
                experiments:
                  - algorithm: priv-altmin
                    epsilon: 3
                    delta: 0.001
                    calibration: tight
                    epochs: [1, 10, 3]
                    split: paper
                    clipModel: 2.5
                    clipLabel: 1
                    initBudgetFraction: 0.5
                    ridge: 0
                    modelNormBound: 4
                  - { algorithm: non-private-altmin, epochs: 7.0, tolerance: 1.0e-3 }
                """, "explicit.yaml");

        assertEquals(-9_000_000_000_000_000_000L, s.seed());
        assertEquals(64, s.aggregation().rangeSize());
        assertEquals(new ExperimentSpec(Algorithm.PRIV_ALTMIN, List.of(3.0), 0.001, Calibration.TIGHT,
                        List.of(1, 10, 3), Participation.EPOCHS, null, SampleSplit.PAPER, 2.5, 1.0, 0.5, UStep.FULL, null,
                        null, null, 0.5, null, 0.0, 4.0, null, null, 1, null),
                s.experiments().get(0));
        assertEquals(List.of(7), s.experiments().get(1).epochs());
        assertEquals(1e-3, s.experiments().get(1).tolerance());
    }

    @Test
    void disjointBatchesUsesRoundsAndOneEpoch() {
        Scenario s = ScenarioParser.parse("""
                name: batches
                task: { type: low-rank-regression, users: 50, samplesPerUser: 8, dimension: 4, rank: 2, labelNoise: 0.1 }
                experiments:
                  - { algorithm: priv-altmin, epsilon: 1, delta: 1.0e-5, participation: disjoint-batches }
                  - { algorithm: non-private-altmin, participation: disjoint-batches, rounds: 50 }
                """, "batches.yaml");

        ExperimentSpec priv = s.experiments().get(0);
        assertEquals(Participation.DISJOINT_BATCHES, priv.participation());
        assertEquals(Defaults.DISJOINT_BATCH_ROUNDS, priv.rounds());
        assertEquals(List.of(1), priv.epochs());
        ExperimentSpec nonPrivate = s.experiments().get(1);
        assertEquals(50, nonPrivate.rounds());
        assertEquals(List.of(1), nonPrivate.epochs());
    }

    @Test
    void roundsStayNullWithEpochParticipation() {
        assertNull(ScenarioParser.parse(DEMO, "demo.yaml").experiments().get(0).rounds());
    }

    @Test
    void jsonTextIsAccepted() {
        String json = """
                {
                \t"name": "json-demo",
                \t"seed": 3,
                \t"task": {"type": "low-rank-regression", "users": 2000, "samplesPerUser": 8,
                \t         "dimension": 20, "rank": 2, "labelNoise": 0.01},
                \t"experiments": [
                \t\t{"algorithm": "priv-altmin", "epsilon": [1, 2], "delta": 1e-6},
                \t\t{"algorithm": "own-data"}
                \t]
                }
                """;
        Scenario fromJson = ScenarioParser.parse(json, "demo.json");
        Scenario fromYaml = ScenarioParser.parse(json.replace('\t', ' '), "demo.yaml");

        assertEquals("json-demo", fromJson.name());
        assertEquals(List.of(1.0, 2.0), fromJson.experiments().get(0).epsilons());
        assertEquals(fromJson, fromYaml);
    }

    @Test
    void filesAreReadByExtension(@TempDir Path dir) throws IOException {
        Path yaml = Files.writeString(dir.resolve("demo.yaml"), DEMO);
        Path json = Files.writeString(dir.resolve("demo.json"), """
                {"name": "demo", "seed": 7,
                 "task": {"type": "low-rank-regression", "users": 2000, "samplesPerUser": 8, "dimension": 20,
                          "rank": 2, "labelNoise": 0.01},
                 "experiments": [{"algorithm": "own-data"}]}
                """);

        assertEquals(ScenarioParser.parse(DEMO, "demo.yaml"), ScenarioParser.parse(yaml));
        assertEquals(Algorithm.OWN_DATA, ScenarioParser.parse(json).experiments().get(0).algorithm());
    }
}
