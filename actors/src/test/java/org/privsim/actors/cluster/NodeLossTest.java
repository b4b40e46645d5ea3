package org.privsim.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.cluster.sharding.ShardRegion;
import org.apache.pekko.cluster.sharding.typed.ClusterShardingQuery;
import org.apache.pekko.cluster.sharding.typed.GetShardRegionState;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Down;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;

/**
 * A user-hosting node stops in the middle of a job while it hosts seam runs — leaving gracefully, or
 * downed as if it had crashed. The runs it held are lost with it; their placers see the curators
 * terminate without their hosts reporting an end, start the runs again, sharding places them on the
 * survivors, and every participant is rebuilt from (seed, id) and answers exactly as before. So the
 * job completes — never hangs — with the report of an undisturbed run, which for low-rank also means
 * the ledger charged exactly what was released (no user charged for a lost contribution, none
 * released uncharged). Tried on a low-rank job (shared contexts, participants on worker pools), the
 * same job spread over the nodes (node 2 holds a block of every run: its blocks go to the nodes
 * left and the steps in flight are asked again) and on a multi-task job (a participant actor per task).
 */
class NodeLossTest {
    /** A short placement timeout so a lost run is started again within seconds. */
    private static final Config FAST = ConfigFactory.parseString("""
            pekko.cluster.jmx.multi-mbeans-in-same-jvm = on
            pekko.actor.serialize-messages = off
            privsim.cluster { run-placement-timeout = 2s, run-placement-attempts = 60 }
            """);

    private static final ScenarioSource LOW_RANK = new ScenarioSource("""
            name: node-loss
            seed: 29
            task: { type: low-rank-regression, users: 3000, samplesPerUser: 10, dimension: 10, rank: 2, labelNoise: 0.05 }
            aggregation: { rangeSize: 100 }
            experiments:
              - { algorithm: priv-altmin, epsilon: [4], delta: 1.0e-6, epochs: 12, split: reuse, repeats: 6 }
            """, "node-loss.yaml", null);

    /** The low-rank job with every run spread over the three nodes: node 2 holds a block of each. */
    private static final ScenarioSource LOW_RANK_SPREAD = new ScenarioSource(LOW_RANK.text()
            .replace("seed: 29\n", "seed: 29\nrunPlacement: spread\n"), "node-loss-spread.yaml", null);

    private static final ScenarioSource MULTITASK = new ScenarioSource("""
            name: seam-node-loss
            seed: 32
            task: { type: multitask-regression, tasks: 100, samplesPerTask: 30, dimension: 20, structure: [low-rank] }
            experiments:
              - { algorithm: mtl-trace-norm, ridge: 0.01, iterations: 300, lambda: [3, 10], initialModels: zero, repeats: 8 }
            """, "seam-node-loss.yaml", null);

    /**
     * Runs the job on 3 nodes and stops node 2 (the curator singleton lives on the oldest, node 0) once
     * it hosts a seam run: gracefully (it leaves and hands its shards off), or as a crash (the others
     * down it at once, so its shards are re-allocated without hand-off and whatever it held is gone).
     */
    @ParameterizedTest(name = "{0}, node 2 {1}")
    @CsvSource({"low-rank, leaves", "low-rank, crashes", "multitask, crashes", "low-rank-spread, crashes"})
    void runsOnALostNodeAreRunAgainAndTheReportIsUndisturbed(String family, String loss) throws Exception {
        ScenarioSource source = switch (family) {
            case "low-rank" -> LOW_RANK;
            case "low-rank-spread" -> LOW_RANK_SPREAD;
            default -> MULTITASK;
        };
        Report expected = new SequentialRunner(source.scenario()).run(Progress.NONE);
        List<ActorSystem<Void>> nodes = ClusterRunner.startLocalCluster(3, FAST);
        try {
            CompletableFuture<Report> run = CompletableFuture.supplyAsync(
                    () -> ClusterRunner.submit(nodes.get(0), source, Progress.NONE));
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            // a spread job: node 2 holds a block of every run as soon as one runs anywhere; it is lost a
            // second later, in the middle of the runs (whose curators are on node 2 or elsewhere)
            boolean spread = source == LOW_RANK_SPREAD;
            while ((spread ? seamEntities(nodes.get(0)) + seamEntities(nodes.get(1)) + seamEntities(nodes.get(2))
                    : seamEntities(nodes.get(2))) == 0) {
                if (run.isDone()) {
                    fail("the job ended before node 2 hosted a run: " + run.handle((r, e) -> e == null ? "completed"
                            : e.getMessage()).join());
                }
                if (System.nanoTime() > deadline) {
                    fail("node 2 hosted no seam run within 120 s");
                }
                Thread.sleep(20);
            }
            if (spread) {
                Thread.sleep(1000);
            }
            if (loss.equals("crashes")) {
                Cluster.get(nodes.get(0)).manager().tell(new Down(Cluster.get(nodes.get(2)).selfMember().address()));
            }
            nodes.get(2).terminate();

            Report report;
            try {
                report = run.get(180, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                fail("the job hung after the node loss");
                return;
            } catch (ExecutionException e) {
                fail("the job failed instead of running the lost runs again: " + e.getCause().getMessage());
                return;
            }
            ClusterEquivalenceTest.assertSameReport(expected, report);
            if (source != MULTITASK) {
                ClusterEquivalenceTest.assertEveryContributionArrived(report);
            }
            assertEquals(ClusterRunner.NAME, report.runner());
        } finally {
            ClusterRunner.stop(nodes);
        }
    }

    /** Seam run hosts alive on {@code node}. */
    private static int seamEntities(ActorSystem<Void> node) throws Exception {
        ShardRegion.CurrentShardRegionState state = AskPattern.<ClusterShardingQuery, ShardRegion.CurrentShardRegionState>ask(
                ClusterSharding.get(node).shardState(), reply -> new GetShardRegionState(SeamSharding.TYPE, reply),
                Duration.ofSeconds(5), node.scheduler()).toCompletableFuture().get(10, TimeUnit.SECONDS);
        return state.getShards().stream().mapToInt(s -> s.getEntityIds().size()).sum();
    }
}
