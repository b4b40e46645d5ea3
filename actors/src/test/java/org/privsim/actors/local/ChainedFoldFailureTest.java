package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.apache.pekko.actor.testkit.typed.annotations.JUnit5TestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.JUnit5TestKitBuilder;
import org.apache.pekko.actor.testkit.typed.javadsl.LoggingTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestKitJUnit5Extension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.privsim.core.data.LowRankData;
import org.privsim.core.data.SplitPlan;
import org.privsim.core.data.UserDataset;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.SampleSplit;
import org.privsim.core.sim.InitSum;
import org.privsim.core.sim.UserStep;
import org.privsim.core.sim.UserTask;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.UserCommand;

/**
 * A chained initialisation whose middle user fails — to build its data set, or halfway through
 * computing its term in the travelling sum's workspace — hands the fold on without a contribution
 * and restarts, so the range still comes back at once (not at its deadline) with every other
 * user's answer, in id order, and bit-identical to their sum without it (the failed term never
 * reached the sum, and the next user's term, computed in the same workspace, is exact).
 */
@ExtendWith(TestKitJUnit5Extension.class)
class ChainedFoldFailureTest {

    @JUnit5TestKit
    public ActorTestKit testKit = new JUnit5TestKitBuilder().build();

    private static final LowRankRegressionTask TASK = new LowRankRegressionTask(3, 6, 4, 2, 0.1);
    private static final UserTask.Init INIT = new UserTask.Init(3, SplitPlan.of(SampleSplit.REUSE, 6), 2.0, null);

    @Test
    void aFailingUserHandsTheFoldOnAndIsLeftOut() {
        LowRankData data = new LowRankData(TASK, 3);
        List<Consumer<UserCommand>> users = users(data, j -> {
            if (j == 1) {
                throw new IllegalStateException("user 1's data cannot be built");
            }
            return data.user(j);
        });
        TestProbe<AggregatorCommand> aggregator = testKit.createTestProbe();
        InitSum sum = new InitSum(TASK.dimension(), 1);
        RangeFold<InitSum> fold = new RangeFold<>(9, sum, 0, new int[] {0, 1, 2}, users, aggregator.getRef(),
                f -> new UserCommand.FoldInit(9, INIT, f));

        LoggingTestKit.warn("user 1's data").expect(
                testKit.system(), () -> {
                    fold.start();
                    return aggregator.expectMessage(new AggregatorCommand.RangeFolded(9));
                });

        assertLeftOut(data, fold.close());
    }

    @Test
    void aUserWhoseComputationFailsMidwayIsLeftOutAndTheSumIsUntouched() {
        LowRankData data = new LowRankData(TASK, 3);
        int d = TASK.dimension();
        // Rows the data set claims (6 feature norms) but only half of x: computing the term runs off
        // the end of x, inside the fold (the data set itself builds fine).
        UserDataset truncated = new UserDataset(1, d, java.util.Arrays.copyOf(data.user(1).x(), 3 * d),
                data.user(1).y(), null, null, null, null, data.user(1).featureNorms());
        List<Consumer<UserCommand>> users = users(data, j -> j == 1 ? truncated : data.user(j));
        TestProbe<AggregatorCommand> aggregator = testKit.createTestProbe();
        RangeFold<InitSum> fold = new RangeFold<>(10, new InitSum(d, 1), 0, new int[] {0, 1, 2}, users,
                aggregator.getRef(), f -> new UserCommand.FoldInit(10, INIT, f));

        LoggingTestKit.warn("Index").expect(
                testKit.system(), () -> {
                    fold.start();
                    return aggregator.expectMessage(new AggregatorCommand.RangeFolded(10));
                });

        assertLeftOut(data, fold.close());
    }

    /** Three user actors, ids 0–2, whose data sets come from {@code user} (the population's seed and U* from data). */
    private List<Consumer<UserCommand>> users(LowRankData data, IntFunction<UserDataset> user) {
        UserPopulation population = new UserPopulation() {
            @Override
            public long seed() {
                return 3;
            }

            @Override
            public UserDataset user(int j) {
                return user.apply(j);
            }

            @Override
            public DMatrixRMaj uStar() {
                return data.uStar();
            }
        };
        return List.of(
                testKit.spawn(UserActor.create(seed -> population, 0, null))::tell,
                testKit.spawn(UserActor.create(seed -> population, 1, null))::tell,
                testKit.spawn(UserActor.create(seed -> population, 2, null))::tell);
    }

    /** The sum holds users 0 and 2, bit-identical to adding their answers, and not user 1. */
    private static void assertLeftOut(LowRankData data, InitSum folded) {
        InitSum expected = new InitSum(TASK.dimension(), 1);
        expected.add(0, UserStep.respond(data.user(0), INIT));
        expected.add(2, UserStep.respond(data.user(2), INIT));
        assertArrayEquals(new int[] {0, 2}, folded.contributorIds());
        assertArrayEquals(expected.packed(), folded.packed(), 0.0);
    }
}
