package org.privsim.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.pekko.actor.typed.ActorSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.privsim.actors.local.LocalRunnerEquivalenceTest;
import org.privsim.core.family.multitask.MultitaskResult;
import org.privsim.core.family.transfer.TransferResult;
import org.privsim.core.scenario.Scenario;
import org.privsim.actors.local.LocalRunner;
import org.privsim.actors.local.FederatedEquivalenceTest;
import org.privsim.actors.local.RatingsEquivalenceTest;
import org.privsim.actors.local.MultitaskEquivalenceTest;
import org.privsim.actors.local.TransferEquivalenceTest;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Placement;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.sim.RoundRecord;

/**
 * The cluster runner's main correctness test: three cluster nodes (three ActorSystems in this JVM
 * on loopback ports, every role on each)
 * produce the local runner's report field for field, except runner and wallMillis — on the demo,
 * on the shipped audit scenario, and on a d = 200, k = 5 population whose partial sums (2.4 MB each,
 * far over Artery's 256 KiB frame) only arrive if chunking works. Every round of every cluster run
 * must also have received a contribution from every asked user.
 */
class ClusterEquivalenceTest {
    /**
     * Extra configuration of the test nodes: three clusters' JMX beans in one JVM, and
     * serialize-messages off — messages between nodes really cross Artery (and its frame limit)
     * serialized, while the node-local ones (a user's answer to its co-located aggregator) are
     * proven serializable by MessageSerializationTest and the local-runner tests, which keep it on.
     */
    static final Config NODES = ConfigFactory.parseString("""
            pekko.cluster.jmx.multi-mbeans-in-same-jvm = on
            pekko.actor.serialize-messages = off
            """);

    private static List<ActorSystem<Void>> nodes;

    @BeforeAll
    static void startCluster() {
        nodes = ClusterRunner.startLocalCluster(3, NODES);
    }

    @AfterAll
    static void stopCluster() {
        ClusterRunner.stop(nodes);
    }

    @Test
    void demoReportEqualsTheLocalReport() {
        ScenarioSource source = ScenarioSource.of(Path.of("../scenarios/demo.yaml"), null);
        Report cluster = ClusterRunner.submit(nodes.get(0), source, Progress.NONE);
        assertEquals(ClusterRunner.NAME, cluster.runner());
        assertSameReport(new LocalRunner(source.scenario()).run(Progress.NONE), cluster);
        assertEveryContributionArrived(cluster);
    }

    @Test
    void auditScenarioReportEqualsTheLocalReport() {
        // The shipped audit-threat-models.yaml in miniature (fewer trials): every threat model, a
        // collusion set, an injected fault, an indexed-mean experiment and a priv-altmin audit.
        ScenarioSource source = new ScenarioSource("""
                name: audits-small
                seed: 11
                task: { type: indexed-mean, dimension: 40, persons: 40, samplesPerPerson: 1, indices: distinct }
                experiments:
                  - { algorithm: indexed-mean-jdp, epsilon: [1], delta: 1.0e-5, persons: [10, 40], repeats: 4 }
                audits:
                  - { algorithm: indexed-mean-1-out-of-t, threatModel: jdp, epsilon: 1, delta: 1.0e-5, trials: 800 }
                  - { algorithm: indexed-mean-jdp, threatModel: jdp, collusion: 5, epsilon: 1, delta: 1.0e-5, trials: 400 }
                  - { algorithm: indexed-mean-billboard, threatModel: billboard, epsilon: 1, delta: 1.0e-5, trials: 400,
                      inject: { noiseMultiplier: 0.1 } }
                  - { algorithm: indexed-mean-1-out-of-t, threatModel: one-out-of-t, epsilon: 1, delta: 1.0e-5, trials: 400 }
                  - { algorithm: priv-altmin, threatModel: billboard, epsilon: 1, delta: 1.0e-5, trials: 40, target: 3,
                      epochs: 2, split: paper,
                      task: { type: low-rank-regression, users: 60, samplesPerUser: 16, dimension: 6, rank: 2, labelNoise: 0.05 } }
                """, "audits-small.yaml", null);
        Report cluster = ClusterRunner.submit(nodes.get(0), source, Progress.NONE);
        assertFalse(cluster.audits().isEmpty());
        assertSameReport(new LocalRunner(source.scenario()).run(Progress.NONE), cluster);
    }

    @Test
    void multitaskReportEqualsTheSequentialReport() {
        ScenarioSource source = new ScenarioSource(MultitaskEquivalenceTest.SCENARIO, "multitask.yaml", null);
        Report cluster = ClusterRunner.submit(nodes.get(0), source, Progress.NONE);
        assertFalse(cluster.rows(MultitaskResult.class).isEmpty());
        assertSameReport(new SequentialRunner(source.scenario()).run(Progress.NONE), cluster);
        assertParticipantsOnEveryNode(cluster, source.scenario().experiments().size());
    }

    /**
     * A generated CSV data set: every node reads the file itself (same path) and the report equals
     * the local one; a submission whose file hash differs from the curator's read is refused.
     */
    @Test
    void datasetReportEqualsTheLocalReportAndAnotherFileIsRefused(@TempDir Path dir) throws Exception {
        LocalRunnerEquivalenceTest.writeDataset(dir.resolve("users.csv"), 17, 5);
        Path yaml = Files.writeString(dir.resolve("data.yaml"), """
                name: data
                seed: 4
                task:
                  type: dataset
                  path: users.csv
                  userColumn: user
                  labelColumn: y
                  features: [a, b, { name: group, categorical: true }]
                aggregation: { rangeSize: 6 }
                experiments:
                  - { algorithm: own-data }
                  - { algorithm: single-model-dp, epsilon: [2], delta: 1.0e-5 }
                  - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-5, rank: 2, epochs: 2, repeats: 2 }
                  - { algorithm: priv-altmin, uStep: kronecker, epsilon: [2], delta: 1.0e-5, rank: 2, epochs: 2 }
                  - { algorithm: non-private-altmin, rank: 2, epochs: 4 }
                """);
        ScenarioSource source = ScenarioSource.of(yaml, null);
        Report cluster = ClusterRunner.submit(nodes.get(0), source, Progress.NONE);
        assertSameReport(new LocalRunner(source.scenario()).run(Progress.NONE), cluster);
        assertEveryContributionArrived(cluster);

        // The submitter read one file; the nodes now hold another (same path): refused at submit.
        Scenario submitted = source.scenario();
        LocalRunnerEquivalenceTest.writeDataset(dir.resolve("users.csv"), 18, 5);
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> ClusterRunner.submit(nodes.get(0), source, Progress.NONE, submitted));
        assertTrue(refused.getMessage().contains("error: task.path: " + dir.resolve("users.csv").toAbsolutePath()
                + " has SHA-256"), refused.getMessage());
        assertTrue(refused.getMessage().contains("every node needs the same file"), refused.getMessage());
    }

    @Test
    void transferReportEqualsTheSequentialReport() {
        ScenarioSource source = new ScenarioSource(TransferEquivalenceTest.SCENARIO, "transfer.yaml", null);
        Report cluster = ClusterRunner.submit(nodes.get(0), source, Progress.NONE);
        assertFalse(cluster.rows(TransferResult.class).isEmpty());
        assertSameReport(new SequentialRunner(source.scenario()).run(Progress.NONE), cluster);
        assertParticipantsOnEveryNode(cluster, source.scenario().experiments().size());
    }

    /** dp-fedavg and dp-fedrep, families that exist only in core, run spread over the cluster and report the local numbers. */
    @Test
    void federatedReportEqualsTheSequentialReport() {
        ScenarioSource source = new ScenarioSource(FederatedEquivalenceTest.SCENARIO, "federated.yaml", null);
        Report cluster = ClusterRunner.submit(nodes.get(0), source, Progress.NONE);
        assertSameReport(new SequentialRunner(source.scenario()).run(Progress.NONE), cluster);
        assertEquals(List.of(0, 1, 2, 3, 4), cluster.placement().stream().map(Placement::experiment).toList());
        // 60 users per run, and every user is asked at the personalization step of each run (the
        // priv-altmin run of experiment 0 asks every user too): experiments 1 and 3 have 2 ε × 2
        // repeats, experiments 0, 2 and 4 one run.
        for (int e = 0; e < 5; e++) {
            int runs = e % 2 == 1 ? 4 : 1;
            assertEquals(runs * 60, cluster.placement().get(e).participants().values().stream().mapToInt(i -> i).sum());
        }
    }

    /** The ratings family, core only, runs spread over the cluster and reports the sequential numbers. */
    @Test
    void ratingsReportEqualsTheSequentialReport() {
        ScenarioSource source = new ScenarioSource(RatingsEquivalenceTest.SCENARIO, "ratings.yaml", null);
        Report cluster = ClusterRunner.submit(nodes.get(0), source, Progress.NONE);
        assertSameReport(new SequentialRunner(source.scenario()).run(Progress.NONE), cluster);
        assertParticipantsOnEveryNode(cluster, source.scenario().experiments().size());
    }

    /** Every seam experiment of the report placed participants, and together they used all three nodes. */
    private static void assertParticipantsOnEveryNode(Report report, int experiments) {
        assertTrue(report.placement() != null && !report.placement().isEmpty(), "no placement");
        java.util.Set<String> nodesUsed = new java.util.TreeSet<>();
        report.placement().forEach(p -> nodesUsed.addAll(p.participants().keySet()));
        assertEquals(3, nodesUsed.size(), "participants ran on " + nodesUsed);
        assertTrue(report.placement().size() <= experiments);
    }

    @Test
    void megabytePartialsAtD200K5CrossInChunksBitIdentically() {
        ScenarioSource source = new ScenarioSource("""
                name: wide
                seed: 19
                task: { type: low-rank-regression, users: 60, samplesPerUser: 10, dimension: 200, rank: 5, labelNoise: 0.1 }
                aggregation: { rangeSize: 20 }
                experiments:
                  - { algorithm: priv-altmin, epsilon: [5], delta: 1.0e-6, epochs: 2, split: reuse }
                """, "wide.yaml", null);
        Report cluster = ClusterRunner.submit(nodes.get(0), source, Progress.NONE);
        assertSameReport(new SequentialRunner(source.scenario()).run(Progress.NONE), cluster);
        assertEveryContributionArrived(cluster);
    }

    /**
     * Back to back: a scenario submitted the moment the previous report arrived is accepted, not
     * refused as "the cluster is running job …". A job waits for its submitter to leave before it
     * stops (so that its stop cannot overtake its report) but frees the curator as soon as the report
     * goes out; on loopback the submitter's stop usually reaches the job first anyway, so this checks
     * the behaviour, not that particular race.
     */
    @Test
    void aScenarioSubmittedTheMomentAReportArrivesIsAccepted() {
        ScenarioSource source = new ScenarioSource("""
                name: back-to-back
                seed: 23
                task: { type: indexed-mean, dimension: 8, persons: 6, samplesPerPerson: 1, indices: distinct }
                experiments:
                  - { algorithm: indexed-mean-jdp, epsilon: [1], delta: 1.0e-5, persons: [6], repeats: 2 }
                """, "back-to-back.yaml", null);
        Report first = ClusterRunner.submit(nodes.get(0), source, Progress.NONE);
        Report second = ClusterRunner.submit(nodes.get(0), source, Progress.NONE);
        assertSameReport(first, second);
    }

    static void assertSameReport(Report expected, Report actual) {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode want = mapper.valueToTree(expected.withoutTiming());
        JsonNode got = mapper.valueToTree(actual.withoutTiming());
        assertEquals(want, got, () -> "first difference at " + firstDifference(want, got, ""));
    }

    /** The JSON path of the first difference between two trees, with both values. */
    private static String firstDifference(JsonNode a, JsonNode b, String path) {
        if (a.equals(b)) {
            return null;
        }
        if (a.isContainerNode() && b.isContainerNode() && a.size() == b.size()) {
            var names = a.fieldNames();
            if (a.isArray()) {
                for (int i = 0; i < a.size(); i++) {
                    String d = firstDifference(a.get(i), b.get(i), path + "[" + i + "]");
                    if (d != null) {
                        return d;
                    }
                }
            }
            while (names.hasNext()) {
                String name = names.next();
                String d = b.has(name) ? firstDifference(a.get(name), b.get(name), path + "." + name)
                        : path + "." + name + " missing";
                if (d != null) {
                    return d;
                }
            }
        }
        return path + ": expected " + a + " but was " + b;
    }

    /** Contributions received equal contributions expected in every round of every run. */
    static void assertEveryContributionArrived(Report report) {
        List<ExperimentResult> rows = report.lowRankRows();
        assertFalse(rows.isEmpty());
        for (ExperimentResult row : rows) {
            for (RoundRecord round : row.roundLog()) {
                assertTrue(round.asked() > 0);
                assertEquals(round.asked(), round.contributors(), row.algorithm() + " round " + round.round());
            }
        }
    }
}
