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
 * A user-hosting node stops in the middle of a low-rank job — leaving gracefully, or downed as if it
 * had crashed. Its seam hosts move to the surviving nodes, and every run it held is started again
 * there by its placer, rebuilding its population from (seed, id) and answering exactly as before.
 * So the job completes — never hangs — with the report of an undisturbed run, which also means the
 * ledger charged exactly what was released (no user charged for a lost contribution, none released
 * uncharged).
 */
class NodeLossTest {
    /** A short placement timeout so a lost run is started again within seconds. */
    private static final Config FAST = ConfigFactory.parseString("""
            pekko.cluster.jmx.multi-mbeans-in-same-jvm = on
            pekko.actor.serialize-messages = off
            privsim.cluster { run-placement-timeout = 2s, run-placement-attempts = 60 }
            """);

    private static final ScenarioSource SOURCE = new ScenarioSource("""
            name: node-loss
            seed: 29
            task: { type: low-rank-regression, users: 3000, samplesPerUser: 10, dimension: 10, rank: 2, labelNoise: 0.05 }
            aggregation: { rangeSize: 100 }
            experiments:
              - { algorithm: priv-altmin, epsilon: [4], delta: 1.0e-6, epochs: 12, split: reuse, repeats: 6 }
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
     * Runs {@link #SOURCE} (six runs, dealt over the three nodes) on 3 nodes and stops node 2 once
     * the first run finished: gracefully (it leaves and hands its shards off), or as a crash (the
     * others down it at once, so its shards are re-allocated without hand-off and whatever it held is
     * simply gone).
     */
    private static void runLosingNode2(boolean crash) throws Exception {
        List<ActorSystem<Void>> nodes = ClusterRunner.startLocalCluster(3, FAST);
        try {
            CompletableFuture<Void> midRun = new CompletableFuture<>();
            Progress progress = (done, total, message) -> {
                if (message.contains(" run ")) {
                    midRun.complete(null);
                }
            };
            CompletableFuture<Report> run = CompletableFuture.supplyAsync(
                    () -> ClusterRunner.submit(nodes.get(0), SOURCE, progress));
            midRun.get(120, TimeUnit.SECONDS);
            // The curator singleton lives on the oldest node (0); node 2 hosts about a third of the runs.
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
                fail("the job failed instead of starting the lost runs again: " + e.getCause().getMessage());
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
