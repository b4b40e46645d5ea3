package org.privsim.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.pekko.actor.typed.ActorSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.privsim.actors.local.FederatedEquivalenceTest;
import org.privsim.actors.local.RatingsEquivalenceTest;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.run.Placement;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;

/**
 * Runs spread over the users nodes ({@code runPlacement: spread}) on three cluster nodes in this JVM
 * (every message between nodes serialized over Artery): each report equals the sequential runner's
 * field for field, every run's participants are held by all three nodes, each counted once, and the
 * report says what crossed the network — for the low-rank family (every algorithm, folds in
 * aggregation ranges that straddle no node), ratings and the federated family (asks), a statistic
 * of 2.4 MB (ten times an Artery frame), and a fold's bytes per step that do not grow with the
 * population.
 */
class SpreadRunTest {
    private static List<ActorSystem<Void>> nodes;

    @BeforeAll
    static void startCluster() {
        nodes = ClusterRunner.startLocalCluster(3, ClusterEquivalenceTest.NODES);
    }

    @AfterAll
    static void stopCluster() {
        ClusterRunner.stop(nodes);
    }

    /** {@code scenario} with {@code runPlacement: spread} added after its first line. */
    static String spread(String scenario) {
        int line = scenario.indexOf('\n') + 1;
        return scenario.substring(0, line) + "runPlacement: spread\n" + scenario.substring(line);
    }

    private static org.privsim.core.scenario.Scenario source(String yaml) {
        return new ScenarioSource(yaml, "s.yaml", null).scenario();
    }

    private static Report submitted(String yaml, String name) {
        ScenarioSource source = new ScenarioSource(yaml, name, null);
        Report cluster = ClusterRunner.submit(nodes.get(0), source, Progress.NONE);
        ClusterEquivalenceTest.assertSameReport(new SequentialRunner(source.scenario()).run(Progress.NONE), cluster);
        return cluster;
    }

    /**
     * Experiment e's participants sit on {@code nodes[e]} nodes, {@code perExperiment[e]} of them (each
     * run's counted once).
     */
    private static void assertSpread(Report report, int[] nodes, int... perExperiment) {
        assertEquals(perExperiment.length, report.placement().size(), report.placement().toString());
        for (int e = 0; e < perExperiment.length; e++) {
            Placement placement = report.placement().get(e);
            assertEquals(nodes[e], placement.participants().size(), placement.toString());
            assertEquals(perExperiment[e], placement.participants().values().stream().mapToInt(i -> i).sum(),
                    placement.toString());
            assertNotNull(placement.wireBytesPerStep(), placement.toString());
            assertTrue(placement.spreadSteps() > 0, placement.toString());
            if (nodes[e] > 1) { // on one node, the participants may share it with the run's curator: no network
                assertTrue(placement.wireBytes() > 0, placement.toString());
            }
        }
    }

    @Test
    void lowRankRunsSpreadGiveTheSequentialReport() {
        Report report = submitted("""
                name: spread-low-rank
                seed: 5
                task: { type: low-rank-regression, users: 900, samplesPerUser: 8, dimension: 6, rank: 2, labelNoise: 0.05 }
                aggregation: { rangeSize: 70 }
                experiments:
                  - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-5, epochs: [1, 2], split: reuse, repeats: 2 }
                  - { algorithm: priv-altmin, epsilon: [4], delta: 1.0e-5, rounds: 3, participation: disjoint-batches,
                      uStep: kronecker, featureCovariance: private }
                  - { algorithm: single-model-dp, epsilon: [3], delta: 1.0e-5 }
                  - { algorithm: non-private-altmin, epochs: 2 }
                  - { algorithm: own-data }
                """.replace("seed: 5\n", "seed: 5\nrunPlacement: spread\n"), "spread-low-rank.yaml");
        // every run of an experiment asks every user at least once (its evaluation)
        assertSpread(report, new int[] {3, 3, 3, 3, 3}, 4 * 900, 900, 900, 900, 900);
    }

    @Test
    void ratingsRunsSpreadGiveTheSequentialReport() {
        Report report = submitted(spread(RatingsEquivalenceTest.SCENARIO), "spread-ratings.yaml");
        assertEquals(source(RatingsEquivalenceTest.SCENARIO).experiments().size(), report.placement().size());
        report.placement().forEach(p -> assertEquals(3, p.participants().size(), p.toString()));
    }

    @Test
    void federatedRunsSpreadGiveTheSequentialReport() {
        Report report = submitted(spread(FederatedEquivalenceTest.SCENARIO), "spread-federated.yaml");
        // 60 users; experiments 1 and 3 have 2 ε × 2 repeats, the others one run. Experiment 0 is
        // priv-altmin, spread in whole aggregation ranges: its one range of 1,000 ids holds all 60.
        assertSpread(report, new int[] {1, 3, 3, 3, 3}, 60, 4 * 60, 60, 4 * 60, 60);
    }

    @Test
    void fixedCohortsAndAdaptiveClipsSpreadGiveTheSequentialReport() {
        Report report = submitted(spread(FederatedEquivalenceTest.COHORT_CLIP_SCENARIO), "spread-cohort-clip.yaml");
        // 60 users; every experiment's runs (ε × 2 repeats) ask every user at their evaluation.
        assertSpread(report, new int[] {3, 3, 3, 3}, 4 * 60, 2 * 60, 2 * 60, 2 * 60);
    }

    /** Tree and banded runs spread: each epoch's partition and each round's cyclic sample are drawn by the curator. */
    @Test
    void correlatedNoiseRunsSpreadGiveTheSequentialReport() {
        Report report = submitted(spread(FederatedEquivalenceTest.CORRELATED), "spread-correlated.yaml");
        assertSpread(report, new int[] {3, 3, 3, 3}, 4 * 60, 60, 4 * 60, 60);
    }

    /** Round sums of d = 200, k = 5 (2.4 MB each) cross between nodes in pieces and arrive whole. */
    @Test
    void statisticsLargerThanAFrameArriveWhole() {
        Report report = submitted("""
                name: spread-wide
                runPlacement: spread
                seed: 19
                task: { type: low-rank-regression, users: 60, samplesPerUser: 10, dimension: 200, rank: 5, labelNoise: 0.1 }
                aggregation: { rangeSize: 20 }
                experiments:
                  - { algorithm: priv-altmin, epsilon: [5], delta: 1.0e-6, epochs: 2, split: reuse }
                """, "spread-wide.yaml");
        assertTrue(report.placement().get(0).wireBytesPerStep() > 256 * 1024, report.placement().toString());
    }

    /**
     * A fold's wire bytes per step are the nodes' shares of the request and the chain's running sums,
     * whatever the population (ids, range ends and contributors cross as runs): at 6,000 users less
     * than twice the bytes at 600. Contributor ids sent one by one would make them about ten times as
     * many; the slack covers where each job's run is placed (a share to the curator's own node, or the
     * total from the chain's last node, crosses no network when they share a node).
     */
    @Test
    void foldBytesPerStepDoNotGrowWithThePopulation() {
        String scenario = """
                name: spread-bytes
                runPlacement: spread
                seed: 3
                task: { type: low-rank-regression, users: USERS, samplesPerUser: 6, dimension: 8, rank: 2, labelNoise: 0.05 }
                aggregation: { rangeSize: 100 }
                experiments:
                  - { algorithm: priv-altmin, epsilon: [2], delta: 1.0e-5, epochs: 2, split: reuse }
                """;
        long small = submitted(scenario.replace("USERS", "600"), "small.yaml").placement().get(0).wireBytesPerStep();
        long large = submitted(scenario.replace("USERS", "6000"), "large.yaml").placement().get(0).wireBytesPerStep();
        assertTrue(large < 2 * small, "bytes per step grew from " + small + " to " + large);
    }
}
