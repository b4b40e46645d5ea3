package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.pekko.actor.testkit.typed.annotations.JUnit5TestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.JUnit5TestKitBuilder;
import org.apache.pekko.actor.testkit.typed.javadsl.TestKitJUnit5Extension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.privsim.core.data.LowRankData;
import org.privsim.core.data.Populations;
import org.privsim.core.data.SplitPlan;
import org.privsim.core.run.Progress;
import org.privsim.core.scenario.Aggregation;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.SampleSplit;
import org.privsim.core.sim.Driver;
import org.privsim.core.sim.ErrorSum;
import org.privsim.core.sim.InitSum;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.sim.RunOutcome;
import org.privsim.core.sim.Step;
import org.privsim.core.sim.UserStep;
import org.privsim.core.sim.UserTask;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.CuratorCommand;
import org.privsim.protocol.GuardianCommand;

/** The aggregator's in-order partial sums and the curator's own deadline, actor by actor. */
@ExtendWith(TestKitJUnit5Extension.class)
class CuratorAndAggregatorTest {

    @JUnit5TestKit
    public ActorTestKit testKit = new JUnit5TestKitBuilder().build();

    private static final LowRankRegressionTask TASK = new LowRankRegressionTask(30, 6, 4, 2, 0.1);
    private static final UserTask.Init INIT = new UserTask.Init(3, SplitPlan.of(SampleSplit.REUSE, 6), 2.0, null);

    @Test
    void aggregatorSendsOnePartialSummedInIdOrder() {
        LowRankData population = new LowRankData(TASK, 3);
        ActorRef<AggregatorCommand> aggregator = testKit.spawn(AggregatorActor.local(1, 10, 20, new Populations(TASK, 3), Map.of(),
                DispatcherSelector.defaultDispatcher()));
        TestProbe<CuratorCommand> curator = testKit.createTestProbe();

        aggregator.tell(new AggregatorCommand.CollectInit(7, INIT, 5_000, curator.getRef()));
        CuratorCommand.InitPartial partial = curator.expectMessageClass(CuratorCommand.InitPartial.class);

        InitSum expected = new InitSum(TASK.dimension(), 1);
        for (int j = 10; j < 20; j++) {
            expected.add(j, UserStep.respond(population.user(j), INIT));
        }
        assertEquals(7, partial.collection());
        assertEquals(1, partial.range());
        assertEquals(10, partial.asked());
        assertArrayEquals(expected.contributorIds(), partial.contributorIds());
        assertArrayEquals(expected.packed(), partial.packed(), 0.0);
        curator.expectNoMessage(Duration.ofMillis(200));
    }

    @Test
    void curatorClosesACollectionAtItsDeadlineWithoutTheSilentRange() {
        TestProbe<AggregatorCommand> answering = testKit.createTestProbe();
        TestProbe<AggregatorCommand> silent = testKit.createTestProbe();
        TestProbe<GuardianCommand> guardian = testKit.createTestProbe();
        List<int[]> fed = new ArrayList<>();
        Driver driver = evaluateOnce(fed);
        LocalSettings settings = new LocalSettings(Duration.ofMillis(100), Duration.ofMillis(400), 1, 10);
        testKit.spawn(CuratorActor.create(2, driver, List.of(answering.getRef()::tell, silent.getRef()::tell),
                new Aggregation(15), settings, Progress.NONE, guardian.getRef(), 30, TASK.dimension()));

        AggregatorCommand.CollectEvaluate request = answering.expectMessageClass(AggregatorCommand.CollectEvaluate.class);
        silent.expectMessageClass(AggregatorCommand.CollectEvaluate.class);
        assertEquals(100, request.deadlineMillis());
        request.replyTo().tell(new CuratorCommand.ErrorPartial(request.collection() - 1, 0, 15, new double[] {99}, new int[] {0}));
        request.replyTo().tell(new CuratorCommand.ErrorPartial(request.collection(), 0, 15, new double[] {1.5}, new int[] {0, 1, 2}));

        GuardianCommand.RunCompleted done = guardian.expectMessageClass(GuardianCommand.RunCompleted.class,
                Duration.ofSeconds(3));
        assertEquals(2, done.run());
        assertEquals(1.5, done.outcome().populationMse());
        assertEquals(1, fed.size());
        assertArrayEquals(new int[] {0, 1, 2}, fed.get(0), "stale partial ignored, silent range left out");
    }

    @Test
    void curatorReRequestsASilentRangeAndReleasesOnlyOnceEveryRangeAnswered() {
        TestProbe<AggregatorCommand> answering = testKit.createTestProbe();
        TestProbe<AggregatorCommand> lost = testKit.createTestProbe();
        TestProbe<GuardianCommand> guardian = testKit.createTestProbe();
        List<int[]> fed = new ArrayList<>();
        LocalSettings settings = new LocalSettings(Duration.ofMillis(100), Duration.ofMillis(400), 2, 10);
        testKit.spawn(CuratorActor.create(3, evaluateOnce(fed), List.of(answering.getRef()::tell, lost.getRef()::tell),
                new Aggregation(15), settings, Progress.NONE, guardian.getRef(), 30, TASK.dimension()));

        AggregatorCommand.CollectEvaluate first = answering.expectMessageClass(AggregatorCommand.CollectEvaluate.class);
        AggregatorCommand.CollectEvaluate toLost = lost.expectMessageClass(AggregatorCommand.CollectEvaluate.class);
        first.replyTo().tell(new CuratorCommand.ErrorPartial(first.collection(), 0, 15, new double[] {1.5}, new int[] {0, 1}));
        // The lost range never answers its first request; the curator asks it again at its deadline.
        AggregatorCommand.CollectEvaluate again = lost.expectMessageClass(AggregatorCommand.CollectEvaluate.class,
                Duration.ofSeconds(2));
        assertEquals(toLost.collection(), again.collection(), "the re-request is for the same collection");
        answering.expectNoMessage(Duration.ofMillis(50));
        guardian.expectNoMessage(Duration.ofMillis(50));
        again.replyTo().tell(new CuratorCommand.ErrorPartial(again.collection(), 1, 15, new double[] {2.0}, new int[] {15, 16}));

        GuardianCommand.RunCompleted done = guardian.expectMessageClass(GuardianCommand.RunCompleted.class,
                Duration.ofSeconds(3));
        assertEquals(3.5, done.outcome().populationMse());
        assertArrayEquals(new int[] {0, 1, 15, 16}, fed.get(0), "both ranges released, in range order");
    }

    @Test
    void curatorAsksAtMostRangesInFlightAtOnce() {
        List<TestProbe<AggregatorCommand>> ranges = new ArrayList<>();
        List<java.util.function.Consumer<AggregatorCommand>> tells = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            TestProbe<AggregatorCommand> probe = testKit.createTestProbe();
            ranges.add(probe);
            tells.add(probe.getRef()::tell);
        }
        TestProbe<GuardianCommand> guardian = testKit.createTestProbe();
        LocalSettings settings = new LocalSettings(Duration.ofSeconds(5), Duration.ofSeconds(10), 1, 2);
        testKit.spawn(CuratorActor.create(4, evaluateOnce(new ArrayList<>()), tells, new Aggregation(10), settings,
                Progress.NONE, guardian.getRef(), 30, TASK.dimension()));

        AggregatorCommand.CollectEvaluate r0 = ranges.get(0).expectMessageClass(AggregatorCommand.CollectEvaluate.class);
        ranges.get(1).expectMessageClass(AggregatorCommand.CollectEvaluate.class);
        ranges.get(2).expectNoMessage(Duration.ofMillis(200));
        r0.replyTo().tell(new CuratorCommand.ErrorPartial(r0.collection(), 0, 10, new double[] {1.0}, new int[] {0}));
        ranges.get(2).expectMessageClass(AggregatorCommand.CollectEvaluate.class);
    }

    /** A driver that asks for one evaluation and records the contributors it was fed. */
    private static Driver evaluateOnce(List<int[]> fed) {
        return new Driver() {
            @Override
            public Step start() {
                return new Step.Collect(new UserTask.Evaluate(3, UserTask.Model.SHARED, new double[4], 0, 0, 6, 0, 0));
            }

            @Override
            public Step onEvaluate(ErrorSum sum) {
                fed.add(sum.contributorIds());
                return new Step.Finished(new RunOutcome(sum.sum(), sum.sum(), null, 0, 0, null, null, null, List.of(), null, null,
                        ReleaseLog.NONE));
            }
        };
    }
}
