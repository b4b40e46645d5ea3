package org.privsim.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.junit.jupiter.api.Test;
import org.privsim.core.run.Progress;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;
import org.privsim.core.seam.Role;

/**
 * A bare submitter — {@code privsim run --runner cluster --seed-nodes …} without {@code --roles},
 * as {@code cluster-conf/netns-cluster.sh} submits — is a client, not a member: on a two-node
 * cluster it finds the curator through the seed's curator entry, its report equals the sequential
 * runner's, and the cluster never has a third member while it runs (the seed's membership is read
 * every 10 ms; a member that joins, is moved Up and leaves stays in it for hundreds of ms). The job
 * notices its client is done at once: its actor is gone within {@value #JOB_GONE_SECONDS} s of the
 * report (it used to linger until remote death watch saw the client's system go, 20–60 s). Both
 * submissions come from one fixed port ({@code run --port}): the second, a new incarnation of the
 * first's address right after it terminated, is accepted by the nodes and gets the same report.
 */
class SubmittingClientTest {
    /** How soon after the report the job's actor must be gone. */
    static final int JOB_GONE_SECONDS = 5;

    private static final ScenarioSource SOURCE = new ScenarioSource("""
            name: submitting-client
            seed: 37
            task: { type: low-rank-regression, users: 400, samplesPerUser: 10, dimension: 8, rank: 2, labelNoise: 0.05 }
            aggregation: { rangeSize: 100 }
            experiments:
              - { algorithm: priv-altmin, epsilon: [3], delta: 1.0e-6, epochs: 3, split: reuse }
            """, "submitting-client.yaml", null);

    @Test
    void aSubmitterWithoutRolesIsNoMemberAndGetsTheSequentialReport() throws InterruptedException, IOException {
        List<ActorSystem<Void>> nodes = new ArrayList<>();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger most = new AtomicInteger();
        Thread watcher = null;
        try {
            for (List<String> roles : List.of(List.of(ScenarioCurator.ROLE, SeamSharding.USERS_ROLE,
                    Role.ADVERSARY.clusterRole()), List.of(SeamSharding.USERS_ROLE, Role.ADVERSARY.clusterRole()))) {
                nodes.add(ClusterNode.start(ClusterNode.config(new ClusterNode.Options("127.0.0.1", 0, List.of(), roles),
                        ClusterEquivalenceTest.NODES)));
            }
            Address seed = Cluster.get(nodes.get(0)).selfMember().address();
            nodes.forEach(node -> Cluster.get(node).manager().tell(Join.create(seed)));
            ActorSystem<Void> first = nodes.get(0);
            watcher = new Thread(() -> {
                while (running.get()) {
                    most.accumulateAndGet(members(first), Math::max);
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            watcher.start();

            Report expected = new SequentialRunner(SOURCE.scenario()).run(Progress.NONE);
            int port = freePort();
            for (int submission = 1; submission <= 2; submission++) {
                Report report = ClusterRunner.onCluster(SOURCE,
                        List.of(seed.getHost().get() + ":" + seed.getPort().get()), "127.0.0.1", port, List.of(),
                        Progress.NONE);

                long reported = System.nanoTime();
                while (jobActorLives(first)) {
                    assertTrue(System.nanoTime() - reported < JOB_GONE_SECONDS * 1_000_000_000L,
                            "submission " + submission + ": the job's actor still lives " + JOB_GONE_SECONDS
                                    + " s after the report");
                    Thread.sleep(100);
                }
                ClusterEquivalenceTest.assertSameReport(expected, report);
                assertEquals(ClusterRunner.NAME, report.runner());
            }
            assertEquals(2, most.get(), "members seen by the seed while the client submitted");
        } finally {
            running.set(false);
            if (watcher != null) {
                watcher.join();
            }
            ClusterRunner.stop(nodes);
        }
    }

    /** Whether a job actor lives under the curator singleton on {@code node} (the oldest node). */
    private static boolean jobActorLives(ActorSystem<?> node) {
        try {
            Adapter.toClassic(node).actorSelection("/system/singletonManagerscenario-curator/scenario-curator/job-*")
                    .resolveOne(Duration.ofMillis(500)).toCompletableFuture().get();
            return true;
        } catch (ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A port nothing listens on now (the operating system's choice). */
    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static int members(ActorSystem<?> node) {
        int n = 0;
        for (Member ignored : Cluster.get(node).state().getMembers()) {
            n++;
        }
        return n;
    }
}
