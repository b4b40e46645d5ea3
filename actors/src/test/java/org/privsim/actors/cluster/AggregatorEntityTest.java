package org.privsim.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.apache.pekko.actor.testkit.typed.annotations.JUnit5TestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.JUnit5TestKitBuilder;
import org.apache.pekko.actor.testkit.typed.javadsl.TestKitJUnit5Extension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.serialization.SerializationExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.privsim.core.data.SplitPlan;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.SampleSplit;
import org.privsim.core.sim.Participants;
import org.privsim.core.sim.UserTask;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.CuratorCommand;
import org.privsim.protocol.PopulationCommand;
import org.privsim.protocol.PopulationSpec;
import org.privsim.protocol.TransferCommand;

/**
 * A range's entity holds its users as children and nothing else a later round needs: an entity
 * retired (passivation through its shard) and started again — as after a passivation or its shard
 * moving to another node — rebuilds its users from the envelope's spec and sends the next partial
 * byte for byte as the first incarnation did. Also how a job deals its ranges over shards, and
 * sharding's passivation trap (an idle entity is stopped after 120 s by default): privsim turns
 * passivation off in cluster.conf.
 */
@ExtendWith(TestKitJUnit5Extension.class)
class AggregatorEntityTest {

    @JUnit5TestKit
    public ActorTestKit testKit = new JUnit5TestKitBuilder().build();

    private static final PopulationSpec SPEC = new PopulationSpec(new LowRankRegressionTask(50, 8, 6, 2, 0.1), 23);
    private static final int CHUNK_BYTES = 128 * 1024;

    @Test
    void aRangeStartedAgainSendsExactlyTheSamePartial() {
        UserTask.Round round = new UserTask.Round(SPEC.seed(), 2, Participants.all(),
                new double[] {1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0}, 2, SplitPlan.of(SampleSplit.REUSE, 8), 5.0, 5.0,
                1e-6, 10.0, true, Double.POSITIVE_INFINITY);
        TestProbe<ClusterSharding.ShardCommand> shard = testKit.createTestProbe();

        ActorRef<PopulationCommand> first = testKit.spawn(AggregatorEntity.create(shard.getRef(), CHUNK_BYTES,
                Duration.ofSeconds(30)));
        byte[] before = partialBytes(first, round);
        first.tell(new PopulationCommand.Retire());
        shard.expectMessageClass(ClusterSharding.Passivate.class);
        first.tell(new PopulationCommand.Stop());
        testKit.createTestProbe().expectTerminated(first);

        ActorRef<PopulationCommand> again = testKit.spawn(AggregatorEntity.create(shard.getRef(), CHUNK_BYTES,
                Duration.ofSeconds(30)));
        byte[] after = partialBytes(again, round);

        assertArrayEquals(before, after, "the same serialized partial, bit for bit");
        CuratorCommand.RoundPartial partial = (CuratorCommand.RoundPartial) SerializationExtension
                .get(Adapter.toClassic(testKit.system())).deserialize(after, CuratorCommand.RoundPartial.class).get();
        assertArrayEquals(new int[] {10, 11, 12}, partial.contributorIds(), "every user of the range folded");
        assertEquals(3, partial.asked());
        assertTrue(Arrays.stream(partial.h()).anyMatch(v -> v != 0), "the users contributed statistics");
    }

    /** Asks range 1 (users 10, 11, 12) through {@code entity} for one round; the partial's bytes. */
    private byte[] partialBytes(ActorRef<PopulationCommand> entity, UserTask.Round round) {
        TestProbe<CuratorCommand> curator = testKit.createTestProbe();
        entity.tell(new PopulationCommand.ForAggregator(SPEC, 1, 10, 13,
                new AggregatorCommand.CollectRound(9, round, 30_000, curator.getRef())));
        CuratorCommand.PartialChunk chunk = curator.expectMessageClass(CuratorCommand.PartialChunk.class,
                Duration.ofSeconds(30));
        assertTrue(chunk.last(), "a partial this small fits one chunk");
        chunk.ackTo().tell(new TransferCommand.ChunkAck(chunk.seq(), true));
        return chunk.bytes();
    }

    @Test
    void aJobDealsItsRangesOverShardsPerUsersNodeAtMostOnePerRange() {
        assertEquals(12, PopulationSharding.shards(50, 3, 4), "cluster-50k on three nodes");
        assertEquals(6, PopulationSharding.shards(6, 3, 4), "never more shards than ranges");
        assertEquals(4, PopulationSharding.shards(50, 0, 4), "at least one node is assumed");
        assertEquals(50, PopulationSharding.shards(50, 3, 0), "0 per node: one shard per range");
        assertEquals(1, PopulationSharding.shards(0, 3, 4));
        assertEquals(4, ClusterNode.config(new ClusterNode.Options(null, 0, List.of(), null), ConfigFactory.empty())
                .getInt(ClusterNode.SETTINGS + ".shards-per-node"));
    }

    @Test
    void clusterConfigTurnsPassivationOff() {
        String strategy = ClusterNode.config(new ClusterNode.Options(null, 0, List.of(), null), ConfigFactory.empty())
                .getString("pekko.cluster.sharding.passivation.strategy");
        assertEquals("none", strategy);
    }
}
