package org.privsim.actors.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.ConfigFactory;
import java.util.Arrays;
import java.util.List;
import org.apache.pekko.actor.testkit.typed.annotations.JUnit5TestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.JUnit5TestKitBuilder;
import org.apache.pekko.actor.testkit.typed.javadsl.TestKitJUnit5Extension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.privsim.core.data.SplitPlan;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.SampleSplit;
import org.privsim.core.sim.Participants;
import org.privsim.core.sim.RoundSum;
import org.privsim.core.sim.UserTask;
import org.privsim.protocol.PopulationCommand;
import org.privsim.protocol.PopulationSpec;
import org.privsim.protocol.UserCommand;

/**
 * Sharding's passivation trap: an idle entity is stopped after 120 s by default. privsim turns
 * passivation off in cluster.conf, and a user's state is recoverable anyway — a user entity
 * retired (passivation through its shard) between rounds and started again (as after passivation or a shard moving) answers the
 * next round bit for bit as the first incarnation would have.
 */
@ExtendWith(TestKitJUnit5Extension.class)
class UserEntityRecoveryTest {

    @JUnit5TestKit
    public ActorTestKit testKit = new JUnit5TestKitBuilder().build();

    private static final PopulationSpec SPEC = new PopulationSpec(new LowRankRegressionTask(50, 8, 6, 2, 0.1), 23);

    @Test
    void aUserStartedAgainAnswersExactlyAsBefore() {
        UserTask.Round round = new UserTask.Round(SPEC.seed(), 2, Participants.all(),
                new double[] {1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0}, 2, SplitPlan.of(SampleSplit.REUSE, 8), 5.0, 5.0,
                1e-6, 10.0, true, Double.POSITIVE_INFINITY);
        TestProbe<ClusterSharding.ShardCommand> shard = testKit.createTestProbe();
        TestProbe<PopulationCommand> aggregator = testKit.createTestProbe();

        ActorRef<PopulationCommand> first = testKit.spawn(UserEntity.create(shard.getRef()));
        RoundSum before = foldOnce(first, round, aggregator);
        first.tell(new PopulationCommand.Retire());
        shard.expectMessageClass(ClusterSharding.Passivate.class);
        first.tell(new PopulationCommand.Stop());
        testKit.createTestProbe().expectTerminated(first);

        ActorRef<PopulationCommand> again = testKit.spawn(UserEntity.create(shard.getRef()));
        RoundSum after = foldOnce(again, round, aggregator);

        assertArrayEquals(new int[] {17}, after.contributorIds());
        assertTrue(Arrays.stream(before.h()).anyMatch(v -> v != 0), "the user contributed statistics");
        assertArrayEquals(before.blocks(), after.blocks(), 0.0);
        assertArrayEquals(before.h(), after.h(), 0.0);
    }

    /** Locates user 17 through {@code entity} and has its actor fold {@code round} into a fresh sum. */
    private RoundSum foldOnce(ActorRef<PopulationCommand> entity, UserTask.Round round,
                              TestProbe<PopulationCommand> aggregator) {
        entity.tell(new PopulationCommand.Locate(SPEC, 17, aggregator.getRef()));
        PopulationCommand.Located located = aggregator.expectMessageClass(PopulationCommand.Located.class);
        assertEquals(17, located.user());
        RoundSum sum = new RoundSum(6, 2, true);
        TestProbe<Integer> handedOn = testKit.createTestProbe();
        located.ref().tell(new UserCommand.FoldRound(9, round, (user, contribution) -> {
            contribution.accept(sum);
            handedOn.getRef().tell(user);
        }));
        assertEquals(17, handedOn.receiveMessage());
        return sum;
    }

    @Test
    void clusterConfigTurnsPassivationOff() {
        String strategy = ClusterNode.config(new ClusterNode.Options(null, 0, List.of(), null), ConfigFactory.empty())
                .getString("pekko.cluster.sharding.passivation.strategy");
        assertEquals("none", strategy);
    }
}
