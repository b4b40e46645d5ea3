package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;

/**
 * The main correctness test of the actor layer: on the demo scenario (participation epochs and
 * disjoint-batches, own-data, single-model-dp, non-private-altmin) the local runner's report equals
 * the sequential reference bit for bit, except runner and wallMillis; so it does on a generated
 * CSV data set whose users hold different numbers of rows. Runs with
 * serialize-messages on (test application.conf), so every message also crossed a serializer.
 */
public class LocalRunnerEquivalenceTest {

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

    @Test
    void privateSelectionIsBitIdenticalToSequential() throws Exception {
        Report sequential = assertSameReport(ScenarioParser.parse("""
                name: select
                seed: 5
                task: { type: low-rank-regression, users: 61, samplesPerUser: 8, dimension: 5, rank: 2, labelNoise: 0.1 }
                aggregation: { rangeSize: 7 }
                experiments:
                  - { algorithm: priv-altmin, epsilon: [3, 6], delta: 1.0e-5, epochs: [1, 3], repeats: 2, selection: private }
                  - { algorithm: priv-altmin, uStep: kronecker, epsilon: [3], delta: 1.0e-5, epochs: [1, 2],
                      selection: private, selectionShape: 0 }
                """, "select.yaml"), 3);
        assertEquals("private", sequential.lowRankRows().get(0).selection());
    }

    @Test
    void datasetReportIsBitIdenticalToSequential(@TempDir Path dir) throws Exception {
        Path csv = writeDataset(dir.resolve("users.csv"), 23, 7);
        Path yaml = Files.writeString(dir.resolve("d.yaml"), """
                name: data
                seed: 9
                task:
                  type: dataset
                  path: users.csv
                  userColumn: user
                  labelColumn: y
                  features: [a, b, { name: group, categorical: true }]
                aggregation: { rangeSize: 5 }
                experiments:
                  - { algorithm: own-data, repeats: 2 }
                  - { algorithm: single-model-dp, epsilon: [2], delta: 1.0e-5, repeats: 2 }
                  - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-5, rank: 2, epochs: [1, 2], repeats: 2 }
                  - { algorithm: priv-altmin, uStep: kronecker, epsilon: [2], delta: 1.0e-5, rank: 2, epochs: 2 }
                  - { algorithm: priv-altmin, uStep: kronecker, featureCovariance: identity, epsilon: [2],
                      delta: 1.0e-5, rank: 1, epochs: 2 }
                  - { algorithm: non-private-altmin, rank: 2, epochs: 5 }
                """);
        assertTrue(Files.exists(csv));
        Scenario scenario = ScenarioParser.parse(yaml);
        Report sequential = assertSameReport(scenario, 6);
        for (ExperimentResult r : sequential.lowRankRows()) {
            assertNull(r.excessRisk(), "no ground truth on a data set");
            assertNull(r.subspaceDistance());
            assertTrue(r.testMse() > 0 && r.testMseSamples() > 0 && r.r2() < 1, r.algorithm());
        }
        assertEquals(23, sequential.dataset().users());
    }

    /**
     * A CSV of {@code users} users with 3 to {@code 2 + spread} rows each: y = a·w_u + b + noise, two
     * numeric features and a categorical one.
     */
    public static Path writeDataset(Path file, int users, int spread) throws Exception {
        StringBuilder sb = new StringBuilder("user,y,a,b,group\n");
        java.util.SplittableRandom rng = new java.util.SplittableRandom(4);
        for (int u = 0; u < users; u++) {
            double w = rng.nextGaussian();
            int rows = 3 + u % spread;
            for (int i = 0; i < rows; i++) {
                double a = rng.nextGaussian();
                double b = rng.nextGaussian();
                sb.append("u").append(u).append(',').append(a * w + b + 0.1 * rng.nextGaussian()).append(',')
                        .append(a).append(',').append(b).append(',').append("g").append(i % 3).append('\n');
            }
        }
        return Files.writeString(file, sb.toString());
    }

    private static Report assertSameReport(Scenario scenario, int minRows) {
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
        return sequential;
    }
}
