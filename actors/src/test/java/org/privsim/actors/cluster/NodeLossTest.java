package org.privsim.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Down;
import org.junit.jupiter.api.Test;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.run.SequentialRunner;

/**
 * A user-hosting node stops in the middle of a run — leaving gracefully, or downed as if it had
 * crashed. Its shards (aggregator ranges and their users) move to the surviving nodes, a collection
 * in flight may be lost, and the curator re-requests the missing ranges at its deadline; the re-homed entities rebuild their data from (seed, id) and
 * answer exactly as before. So the run completes — never hangs — with the report of an undisturbed
 * run, which also means the ledger charged exactly what was released (no user charged for a lost
 * contribution, none released uncharged).
 */
class NodeLossTest {
    /** Short deadlines so a lost collection is re-requested within seconds. */
    private static final Config FAST = ConfigFactory.parseString("""
            pekko.cluster.jmx.multi-mbeans-in-same-jvm = on
            pekko.actor.serialize-messages = off
            privsim.cluster { collection-deadline = 60s, curator-deadline = 3s, attempts = 40 }
            """);

    private static final ScenarioSource SOURCE = new ScenarioSource("""
            name: node-loss
            seed: 29
            task: { type: low-rank-regression, users: 3000, samplesPerUser: 10, dimension: 10, rank: 2, labelNoise: 0.05 }
            aggregation: { rangeSize: 100 }
            experiments:
              - { algorithm: priv-altmin, epsilon: [4], delta: 1.0e-6, epochs: 12, split: reuse }
            """, "node-loss.yaml", null);

    @Test
    void aRunSurvivesAUserNodeLeavingWithTheUndisturbedReport() throws Exception {
        runLosingNode2(false);
    }

    @Test
    void aRunSurvivesAUserNodeCrashingWithTheUndisturbedReport() throws Exception {
        runLosingNode2(true);
    }

    /**
     * Runs {@link #SOURCE} on 3 nodes and stops node 2 after the 4th step: gracefully (it leaves and
     * hands its shards off), or as a crash (the others down it at once, so its shards are
     * re-allocated without hand-off and whatever it held is simply gone).
     */
    private static void runLosingNode2(boolean crash) throws Exception {
        List<ActorSystem<Void>> nodes = ClusterRunner.startLocalCluster(3, FAST);
        try {
            CompletableFuture<Void> midRun = new CompletableFuture<>();
            Progress progress = (done, total, message) -> {
                if (done >= 4) {
                    midRun.complete(null);
                }
            };
            CompletableFuture<Report> run = CompletableFuture.supplyAsync(
                    () -> ClusterRunner.submit(nodes.get(0), SOURCE, progress));
            midRun.get(120, TimeUnit.SECONDS);
            // The curator singleton lives on the oldest node (0); node 2 hosts about a third of the ranges.
            if (crash) {
                Cluster.get(nodes.get(0)).manager().tell(new Down(Cluster.get(nodes.get(2)).selfMember().address()));
            }
            nodes.get(2).terminate();

            Report report;
            try {
                report = run.get(180, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                fail("the run hung after the node loss");
                return;
            } catch (ExecutionException e) {
                fail("the run failed instead of re-requesting the lost ranges: " + e.getCause().getMessage());
                return;
            }
            ClusterEquivalenceTest.assertSameReport(new SequentialRunner(SOURCE.scenario()).run(Progress.NONE),
                    report);
            ClusterEquivalenceTest.assertEveryContributionArrived(report);
            assertEquals(ClusterRunner.NAME, report.runner());
        } finally {
            ClusterRunner.stop(nodes);
        }
    }
}
