package org.privsim.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Join;
import org.junit.jupiter.api.Test;
import org.privsim.core.run.Progress;
import org.privsim.core.seam.Role;
import org.privsim.core.run.Report;
import org.privsim.core.family.SequentialRunner;

/**
 * A submitter that also hosts users — {@code privsim run --runner cluster --seed-nodes … --roles
 * users,adversary}, as {@code cluster-conf/start-local-cluster.sh} starts its last users node: two
 * nodes wait for a third users node ({@code role.users.min-nr-of-members = 3}), so no member is Up
 * and no shard is allocated until the submitter joins; the job then deals its 6 ranges over 6
 * shards, two to each of the three regions (the coordinator allocates to the region with the
 * fewest shards), and the report must equal the sequential runner's. The submitter leaves with its
 * report, handing its shards off.
 */
class SubmittingNodeTest {
    private static final Config NODES = ClusterEquivalenceTest.NODES.withFallback(ConfigFactory.parseString(
            "pekko.cluster.role.users.min-nr-of-members = 3"));

    private static final ScenarioSource SOURCE = new ScenarioSource("""
            name: submitting-node
            seed: 31
            task: { type: low-rank-regression, users: 600, samplesPerUser: 10, dimension: 8, rank: 2, labelNoise: 0.05 }
            aggregation: { rangeSize: 100 }
            experiments:
              - { algorithm: priv-altmin, epsilon: [3], delta: 1.0e-6, epochs: 3, split: reuse }
            """, "submitting-node.yaml", null);

    @Test
    void aSubmitterHostingUsersCompletesTheClusterAndGetsTheSequentialReport() throws InterruptedException {
        List<ActorSystem<Void>> nodes = new ArrayList<>();
        try {
            for (List<String> roles : List.of(List.of(ScenarioCurator.ROLE, SeamSharding.USERS_ROLE,
                    Role.ADVERSARY.clusterRole()), List.of(SeamSharding.USERS_ROLE, Role.ADVERSARY.clusterRole()))) {
                nodes.add(ClusterNode.start(ClusterNode.config(new ClusterNode.Options("127.0.0.1", 0, List.of(), roles),
                        NODES)));
            }
            Address seed = Cluster.get(nodes.get(0)).selfMember().address();
            nodes.forEach(node -> Cluster.get(node).manager().tell(Join.create(seed)));
            String seedNode = seed.getHost().get() + ":" + seed.getPort().get();

            Report report = ClusterRunner.onCluster(SOURCE, List.of(seedNode), "127.0.0.1", 0,
                    List.of(SeamSharding.USERS_ROLE, Role.ADVERSARY.clusterRole()), Progress.NONE);

            Report expected = new SequentialRunner(SOURCE.scenario()).run(Progress.NONE);
            ClusterEquivalenceTest.assertSameReport(expected, report);
            ClusterEquivalenceTest.assertEveryContributionArrived(report);
            assertEquals(ClusterRunner.NAME, report.runner());

            // The submitter left gracefully (not downed as unreachable): the seed sees two members.
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (members(nodes.get(0)) != 2 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(2, members(nodes.get(0)));
        } finally {
            ClusterRunner.stop(nodes);
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
