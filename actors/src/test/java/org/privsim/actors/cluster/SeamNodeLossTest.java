package org.privsim.actors.cluster;

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
import org.junit.jupiter.api.Test;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.run.SequentialRunner;

/**
 * A node crashes while it runs seam runs (multi-task runs here): the runs placed on it are lost
 * with it. Their placers see the curators terminate without their hosts reporting an end, start the
 * runs again, sharding places them on the survivors, and the job completes — never hangs — with the
 * report of an undisturbed run.
 */
class SeamNodeLossTest {
    private static final Config FAST = ConfigFactory.parseString("""
            pekko.cluster.jmx.multi-mbeans-in-same-jvm = on
            pekko.actor.serialize-messages = off
            privsim.cluster { run-placement-timeout = 2s, run-placement-attempts = 30 }
            """);

    private static final ScenarioSource SOURCE = new ScenarioSource("""
            name: seam-node-loss
            seed: 32
            task: { type: multitask-regression, tasks: 100, samplesPerTask: 30, dimension: 20, structure: [low-rank] }
            experiments:
              - { algorithm: mtl-trace-norm, ridge: 0.01, iterations: 300, lambda: [3, 10], initialModels: zero, repeats: 8 }
            """, "seam-node-loss.yaml", null);

    @Test
    void runsOnACrashedNodeAreRunAgainAndTheReportIsUndisturbed() throws Exception {
        Report expected = new SequentialRunner(SOURCE.scenario()).run(Progress.NONE);
        List<ActorSystem<Void>> nodes = ClusterRunner.startLocalCluster(3, FAST);
        try {
            CompletableFuture<Report> run = CompletableFuture.supplyAsync(
                    () -> ClusterRunner.submit(nodes.get(0), SOURCE, Progress.NONE));
            // Strike while node 2 (not the curator's) hosts a run: that run is lost with the node.
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (seamEntities(nodes.get(2)) == 0) {
                if (run.isDone()) {
                    fail("the job ended before node 2 hosted a run: " + run.handle((r, e) -> e == null ? "completed"
                            : e.getMessage()).join());
                }
                if (System.nanoTime() > deadline) {
                    fail("node 2 hosted no seam run within 60 s");
                }
                Thread.sleep(20);
            }
            Cluster.get(nodes.get(0)).manager().tell(new Down(Cluster.get(nodes.get(2)).selfMember().address()));
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
