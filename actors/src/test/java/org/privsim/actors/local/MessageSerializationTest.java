package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pekko.actor.testkit.typed.annotations.JUnit5TestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.JUnit5TestKitBuilder;
import org.apache.pekko.actor.testkit.typed.javadsl.TestKitJUnit5Extension;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.apache.pekko.serialization.Serializer;
import org.apache.pekko.serialization.Serializers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.privsim.core.family.lowrank.LowRankFamily;
import org.privsim.core.seam.IntRuns;
import org.privsim.core.seam.SpreadPlan;
import org.privsim.core.seam.Step;
import org.privsim.core.sim.ErrorSum;
import org.privsim.core.sim.InitSum;
import org.privsim.core.sim.RoundSum;
import org.privsim.protocol.SpreadCommand;
import org.privsim.core.audit.BatchScores;
import org.privsim.core.family.indexedmean.IndexedMeanAuditRun;
import org.privsim.core.family.AuditGames;
import org.privsim.core.data.SplitPlan;
import org.privsim.core.family.indexedmean.IndexedMeanRunPlan;
import org.privsim.core.family.indexedmean.IndexedMeanFamily;
import org.privsim.core.family.indexedmean.IndexedMeanResult;
import org.privsim.core.family.multitask.MultitaskResult;
import org.privsim.core.family.federated.FederatedFamily;
import org.privsim.core.family.ratings.RatingsAnswer;
import org.privsim.core.family.ratings.RatingsFamily;
import org.privsim.core.family.ratings.RatingsRequest;
import org.privsim.core.family.ratings.RatingsResult;
import org.privsim.core.family.multitask.MultitaskFamily;
import org.privsim.core.run.Placement;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.family.transfer.TransferResult;
import org.privsim.core.family.transfer.TransferFamily;
import org.privsim.core.seam.SequentialInterpreter;
import org.privsim.core.family.multitask.MultitaskOutcome;
import org.privsim.core.family.multitask.MultitaskRunPlan;
import org.privsim.core.family.multitask.TaskScore;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;
import org.privsim.core.scenario.SampleSplit;
import org.privsim.core.scenario.SubspaceEstimator;
import org.privsim.core.sim.NoiseParameters;
import org.privsim.core.sim.Participants;
import org.privsim.core.sim.RoundRecord;
import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;
import org.privsim.core.privacy.ReleaseLog;
import org.privsim.core.privacy.SampledGaussianRdp;
import org.privsim.core.sim.RunOutcome;
import org.privsim.core.sim.TestError;
import org.privsim.core.sim.UserRoundStats;
import org.privsim.core.sim.UserTask;
import org.privsim.core.family.transfer.PublicAltMinAnswer;
import org.privsim.core.family.multitask.TaskRequest;
import org.privsim.core.family.transfer.TransferOutcome;
import org.privsim.core.family.transfer.TransferRequest;
import org.privsim.core.family.transfer.TransferRunPlan;
import org.privsim.protocol.CborSerializable;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.ParticipantCommand;
import org.privsim.protocol.ParticipantHostCommand;
import org.privsim.protocol.RunCommand;
import org.privsim.protocol.RunPlacerCommand;
import org.privsim.protocol.SeamDeskCommand;
import org.privsim.protocol.SeamHostCommand;
import org.privsim.protocol.GuardianCommand;
import org.privsim.protocol.JobCommand;
import org.privsim.protocol.ScenarioCuratorCommand;
import org.privsim.protocol.SubmitterCommand;

/**
 * Every message type survives a round trip through Pekko's serialization (jackson-cbor via the
 * {@link CborSerializable} binding) with its contents intact — arrays, infinities, nulls,
 * nested core records and actor references included.
 */
@ExtendWith(TestKitJUnit5Extension.class)
class MessageSerializationTest {

    @JUnit5TestKit
    public ActorTestKit testKit = new JUnit5TestKitBuilder().build();

    @Test
    void everyMessageTypeRoundTripsThroughCbor() {
        SplitPlan split = SplitPlan.of(SampleSplit.PAPER, 8);
        UserTask.Round round = new UserTask.Round(-5, 3, new Participants(new int[] {0, 1, 0, 2}, 1),
                new double[] {0.5, -0.25, 1e-300, 7}, 2, split, 2.0, Double.POSITIVE_INFINITY, 1e-6, 3.5, false, 12.5);
        RunOutcome outcome = new RunOutcome(0.02, 0.01, null, 5, 5, 0.2, 0.2,
                new NoiseParameters(null, null, null, 1.0, 2.0, 3.0, 4, 5, 6, null, null, null),
                List.of(new RoundRecord(0, 10, 9, 0, null, 0.5), new RoundRecord(1, 10, 10, 2, 0.125, null)),
                List.of(0.5, 0.25), new TestError(0.5, 0.25, 0.125), zcdpLog());

        ActorRef<SubmitterCommand> submitter = testKit.<SubmitterCommand>createTestProbe().getRef();
        Scenario indexedMean = ScenarioParser.parse("""
                name: serialization
                seed: 1
                task: { type: indexed-mean, dimension: 4, persons: 3, samplesPerPerson: 1, indices: distinct }
                experiments:
                  - { algorithm: indexed-mean-jdp, epsilon: [1], delta: 1.0e-5, persons: [3], repeats: 2 }
                audits:
                  - { algorithm: indexed-mean-jdp, epsilon: 1, delta: 1.0e-5, trials: 8, inject: { noiseMultiplier: 0.5 } }
                """, "serialization.yaml");

        Scenario multitask = ScenarioParser.parse("""
                name: serialization-mtl
                seed: 2
                task: { type: multitask-regression, tasks: 3, samplesPerTask: 4, dimension: 4, structure: low-rank }
                experiments:
                  - { algorithm: mp-mtl-low-rank, epsilon: 1, iterations: 2, lambda: [1, 2], exportModels: true }
                """, "serialization-mtl.yaml");
        IndexedMeanResult indexedMeanRow = SequentialInterpreter.row(IndexedMeanFamily.INSTANCE,
                IndexedMeanRunPlan.cells(indexedMean).get(0), indexedMean.seed());
        MultitaskResult multitaskRow = SequentialInterpreter.row(MultitaskFamily.INSTANCE, MultitaskRunPlan.cells(multitask).get(0), multitask.seed());
        MultitaskOutcome multitaskOutcome = new MultitaskOutcome(0.5, 0.25, 1.0, new double[][] {{1, 2}},
                new double[][] {{3, 4}}, pureLog());

        Scenario transfer = ScenarioParser.parse("""
                name: serialization-transfer
                seed: 3
                task: { type: transfer-regression, dimension: 4, rank: 2, publicTasks: 3, publicSamples: [30],
                        privateSamples: [5] }
                experiments:
                  - { algorithm: dp-sgd, epsilon: 2, delta: 1.0e-5, samplingRate: 0.1, steps: 3, repeats: 2 }
                """, "serialization-transfer.yaml");
        TransferResult transferRow = SequentialInterpreter.row(TransferFamily.INSTANCE, TransferRunPlan.cells(transfer).get(0), transfer.seed());
        ActorRef<RunCommand> runCurator = testKit.<RunCommand>createTestProbe().getRef();

        Scenario spreadScenario = ScenarioParser.parse("""
                name: serialization-spread
                seed: 4
                task: { type: low-rank-regression, users: 60, samplesPerUser: 4, dimension: 3, rank: 2, labelNoise: 0.1 }
                experiments:
                  - { algorithm: priv-altmin, epsilon: [1], delta: 1.0e-5, epochs: 1 }
                """, "serialization-spread.yaml");
        SpreadCommand.RunKey spreadKey = new SpreadCommand.RunKey(7, 2, 1, -99L);
        org.apache.pekko.actor.typed.ActorRef<SpreadCommand> spreadHost = testKit.<SpreadCommand>createTestProbe().getRef();
        RoundSum roundSum = new RoundSum(3, 2, true);
        roundSum.addUser(4, new double[] {1, 0.5}, new double[] {1, 2, 3, 4, 5, 6}, 0, new double[] {1, 1}, 2,
                new double[] {0.25, 0.5, 0.75});
        InitSum initSum = new InitSum(2, 2);
        initSum.add(5, new double[] {1, 2, 3, 4, 5, 6});
        ErrorSum errorSum = new ErrorSum();
        errorSum.add(6, new double[] {0.5, 2});
        errorSum.add(7, new double[] {0.25, 1});
        @SuppressWarnings("unchecked")
        Step.Fold<Object, Object> spreadFold = (Step.Fold<Object, Object>) (Step<?, ?>) LowRankFamily.INSTANCE.curator(
                LowRankFamily.INSTANCE.cells(spreadScenario).get(0), 0, 1L,
                LowRankFamily.INSTANCE.context(LowRankFamily.INSTANCE.cells(spreadScenario).get(0), 0, 1L)).start();
        List<CborSerializable> messages = List.of(
                new GuardianCommand.SeamCellCompleted(4, AuditGames.play(indexedMean, 0), null, null),
                new ParticipantCommand.Ask(0, new IndexedMeanAuditRun.Contribute(64), runCurator),
                new ParticipantCommand.Ask(1, new IndexedMeanAuditRun.Output(64, new double[] {-0.375, 1e-300}), runCurator),
                new ParticipantCommand.Ask(3, new IndexedMeanAuditRun.Billboard(0, new double[][] {{0.5,
                        Double.NEGATIVE_INFINITY}, {-1, 0}}, new double[] {0.25, -3}), runCurator),
                new ParticipantCommand.Ask(3, new IndexedMeanAuditRun.Colluders(0, 2, new int[] {3, 4},
                        new double[][] {{0.25, -0.5}, {1, 2}}), runCurator),
                new RunCommand.Answered(0, new IndexedMeanAuditRun.Contribution(3, new double[][] {{2, -2}, {-1, 1}},
                        new double[] {0, -1.5e9})),
                new RunCommand.Answered(1, new IndexedMeanAuditRun.Forwarded(4, new double[] {0.25, -0.5})),
                new RunCommand.Answered(2, new IndexedMeanAuditRun.Kept(2)),
                new RunCommand.Answered(3, new BatchScores(64, new double[] {-1.5, Double.POSITIVE_INFINITY})),
                new RunCommand.ParticipantLost(3, "its adversary could not be placed"),
                new CoordinatorCommand.RunFinished(0, 1, new BatchScores(64, new double[] {1, 2}), null, null),
                new ParticipantHostCommand.Spawn(7, "name: x", "x.yaml", null, 2, 3, 4,
                        testKit.<SeamDeskCommand>createTestProbe().getRef()),
                new ParticipantHostCommand.Ask(7, 2, 3, 4, 10, new RatingsRequest.Evaluate(new RatingsRequest.OwnMean(0))),
                new ParticipantHostCommand.ParticipantGone(7, 2, 3, 4),
                new ParticipantHostCommand.MemberRemoved("pekko://privsim@10.0.0.1:2551"),
                new ParticipantHostCommand.CountHosted(testKit.<ParticipantHostCommand.HostedCount>createTestProbe()
                        .getRef()),
                new ParticipantHostCommand.HostedCount(3),
                new ScenarioCuratorCommand.Submit("name: x", "x.yaml", null, "ab12", submitter, null),
                new ScenarioCuratorCommand.Submit("name: x", "x.yaml", 3L, null, null,
                        "pekko://privsim@10.0.0.200:41234/system/submitter-1#123"),
                new ScenarioCuratorCommand.ToJob(7, new JobCommand.SubmitterAlive()),
                new ScenarioCuratorCommand.JobEnded(7),
                new JobCommand.Completed(List.of(multitaskRow, transferRow, indexedMeanRow),
                        List.of(), List.of(new Placement(1, Map.of("a", 2)))),
                new JobCommand.Completed(List.of(multitaskRow, transferRow), List.of(), null),
                new JobCommand.Aborted("lost"),
                new JobCommand.SubmitterLeft(),
                new JobCommand.SubmitterSilent(),
                new JobCommand.SubmitterAlive(),
                new JobCommand.SubmitterDone(),
                new SubmitterCommand.JobAlive(),
                new SubmitterCommand.Tick(),
                new SubmitterCommand.Accepted(7, testKit.<JobCommand>createTestProbe().getRef()),
                new SubmitterCommand.Rejected("busy"),
                new SubmitterCommand.ProgressUpdate(1, 2, "round 1"),
                new SubmitterCommand.AuditPart(0, AuditGames.play(indexedMean, 0)),
                new SubmitterCommand.SeamPart(0, multitaskRow),
                new SubmitterCommand.SeamPart(1, transferRow),
                new SubmitterCommand.SeamPart(2, indexedMeanRow),
                new SubmitterCommand.SeamPart(3, new RatingsResult(3, "priv-altmin", 2.0, 1e-5, "tight", 0.1, 2.0, 2.5,
                        "rdp-cks2020-continuous-order", 0.1, 2, 0.9, 0.01, 1.1, null, 0.95, 4, 12, 13, 20, 300L, 5, 3,
                        20, 1.0, 1.0, 5.0, 0.5, 2.0, List.of(new RatingsResult.Release("A", 3, 12.6, 40.0, 0.05)), List.of(sampledLog()))),
                new SubmitterCommand.Finished(4, 1, null),
                new SubmitterCommand.Finished(4, 1, List.of(new Placement(0, Map.of("b", 3)))),
                new GuardianCommand.SeamCellCompleted(0, multitaskRow, null, new long[] {1200, 3}),
                new GuardianCommand.SeamCellCompleted(1, transferRow, new java.util.LinkedHashMap<>(Map.of("pekko://privsim@127.0.0.1:2551", 7)), null),
                new GuardianCommand.SeamCellFailed(0, "refused"),
                new CoordinatorCommand.RunFinished(0, 1, outcome, null, null),
                new CoordinatorCommand.RunFinished(2, 1, new TransferOutcome(0.5, null, 1.0, 3, sampledLog()), null, null),
                new CoordinatorCommand.RunFinished(3, 0, new RatingsFamily.Outcome(0.9, 1.1, 0.95, 4, 12, 0.1, null, sampledLog()), null, null),
                new CoordinatorCommand.RunFinished(0, 0, multitaskOutcome, new java.util.LinkedHashMap<>(Map.of("pekko://privsim@127.0.0.1:2552", 4)), new long[] {10, 2}),
                new CoordinatorCommand.RunFailed(3, 1, "refused"),
                new CoordinatorCommand.RunStepped(3, 1, 12),
                new ParticipantCommand.Ask(3, new TransferFamily.Request(new TransferRequest.Gradients(3,
                        new double[] {0.5, 1}, Double.POSITIVE_INFINITY, new int[] {1, 4}), new double[] {1, 0, 0, 1}),
                        runCurator),
                new ParticipantCommand.Ask(0, new TransferFamily.Request(new TransferRequest.Moments(30,
                        SubspaceEstimator.PAIRS), null), runCurator),
                new ParticipantCommand.Ask(1, new TransferFamily.Request(new TransferRequest.PublicAltMin(40, round),
                        null), runCurator),
                new ParticipantCommand.Ask(2, new TaskRequest.Project(2, new double[] {1, 0, 0.5, 1}), runCurator),
                new ParticipantCommand.Ask(2, new TaskRequest.Evaluate(null), runCurator),
                new ParticipantCommand.Ask(0, new IndexedMeanFamily.Contribute(true), runCurator),
                new ParticipantCommand.Ask(1, new IndexedMeanFamily.Output(-0.375), runCurator),
                new ParticipantCommand.Ask(2, new IndexedMeanFamily.Billboard(new double[] {0.5, -1}), runCurator),
                new RunCommand.Answered(0, new IndexedMeanFamily.Contribution(7, new double[] {2, -2})),
                new RunCommand.Answered(1, new IndexedMeanFamily.LossTerm(0.0625)),
                new RunCommand.Answered(1, new double[] {0.5, -1}),
                new RunCommand.Answered(2, new TaskScore(1, 2, 3, 4, new double[] {5, 6})),
                new RunCommand.Answered(3, new PublicAltMinAnswer(null,
                        new UserRoundStats(3, new double[] {1, -1}, new double[] {1, 2, 3}, new double[] {4, 5}), null)),
                new RunCommand.ParticipantStopped(4, "java.lang.IllegalStateException: no data"),
                new ParticipantCommand.Ask(5, new FederatedFamily.Update(3, new double[] {0.5, -0.25}), runCurator),
                new ParticipantCommand.Ask(6, new FederatedFamily.Personalize(new double[] {1, 2}), runCurator),
                new ParticipantCommand.Ask(1, new RatingsRequest.UserMean(2.75), runCurator),
                new ParticipantCommand.Ask(1, new RatingsRequest.Collect(1, 3.5), runCurator),
                new ParticipantCommand.Ask(2, new RatingsRequest.Contribute(2, new double[] {0.5, 1, -1, 0}), runCurator),
                new ParticipantCommand.Ask(3, new RatingsRequest.Evaluate(new RatingsRequest.OwnMean(0)), runCurator),
                new ParticipantCommand.Ask(3, new RatingsRequest.Evaluate(new RatingsRequest.Constant(3.5)), runCurator),
                new ParticipantCommand.Ask(3, new RatingsRequest.Evaluate(new RatingsRequest.ItemMeans(
                        new double[] {3, 4})), runCurator),
                new ParticipantCommand.Ask(3, new RatingsRequest.Evaluate(new RatingsRequest.Factors(
                        new double[] {0.1, 0.2, 0.3, 0.4})), runCurator),
                new RunCommand.Answered(4, new RatingsAnswer.Mean(-0.5)),
                new RunCommand.Answered(4, new RatingsAnswer.Ratings(new int[] {3, 1}, new double[] {0.5, -1}, null)),
                new RunCommand.Answered(4, new RatingsAnswer.Ratings(new int[] {2}, new double[] {1}, new double[] {0.5, 1})),
                new RunCommand.Answered(5, new RatingsAnswer.Score(7, 2, 1.25)),
                new SeamHostCommand.StartRun(7, "name: x", "x.yaml", 5L, 2, 1,
                        testKit.<SeamDeskCommand>createTestProbe().getRef()),
                new SeamHostCommand.Reported(new CoordinatorCommand.RunFailed(3, 1, "refused")),
                new SeamDeskCommand.Placed(7, 2, 1, "pekko://privsim@10.0.0.1:2551"),
                new SeamDeskCommand.Ended(7, 2, 1),
                new SeamDeskCommand.HostStopped(7, 2, 1, "pekko://privsim@10.0.0.1:2551"),
                new SeamDeskCommand.Report(7, new CoordinatorCommand.RunFinished(2, 1,
                        new TransferOutcome(0.5, null, 1.0, 3, sampledLog()), null, null)),
                new SeamDeskCommand.Report(7, new CoordinatorCommand.RunFailed(2, 1, "refused")),
                new SeamDeskCommand.RegisterRun(7, 2, 1, testKit.<RunPlacerCommand>createTestProbe().getRef()),
                new SeamDeskCommand.RegisterJob(7, testKit.<CoordinatorCommand>createTestProbe().getRef()),
                new SeamDeskCommand.Gone(7, -1, -1, -1),
                new SeamDeskCommand.ParticipantPlaced(7, 2, 3, 4, "pekko://privsim@10.0.0.1:2551"),
                new SeamDeskCommand.ParticipantAnswered(7, 2, 3, 4, new RunCommand.Answered(4,
                        new RatingsAnswer.Mean(-0.5))),
                new SeamDeskCommand.ParticipantStopped(7, 2, 3, 4),
                new SeamDeskCommand.RegisterStandIn(7, 2, 3, 4, testKit.createTestProbe().getRef()),
                new SeamDeskCommand.MemberRemoved("pekko://privsim@10.0.0.1:2551"),
                new RunPlacerCommand.Placed("pekko://privsim@10.0.0.1:2551"),
                new RunPlacerCommand.Ended(),
                new RunPlacerCommand.Lost("pekko://privsim@10.0.0.1:2551"),
                new RunPlacerCommand.Retry(),
                new SeamHostCommand.Stop(),
                new ParticipantCommand.Ask(0, new TaskRequest.Begin(), runCurator),
                new SubmitterCommand.Failed("lost"),
                new SubmitterCommand.AcceptTimeout(),
                new SubmitterCommand.JobLost(),
                new SubmitterCommand.JobNodeReachability("pekko://privsim@10.0.0.1:2551", false),
                new SubmitterCommand.JobNodeUnreachableTimeout(),
                new ParticipantHostCommand.StandInStopped(7, 2, 3, 4),
                new SpreadCommand.Piece(9L, 0, 2, 33, "m", new byte[] {1, 2, 3}),
                new SpreadCommand.Share(spreadKey, 2, new SpreadCommand.Scenario("name: x", "x.yaml", 3L), 1, List.of(spreadHost, spreadHost), spreadHost, round, null,
                        spreadFold.folding(), null, new SpreadPlan(new int[] {0, 30, 60}).cutFold(spreadFold)[1]),
                new SpreadCommand.Share(spreadKey, 3, null, 0, List.of(spreadHost), spreadHost,
                        null, List.of(round, round), null, new SpreadPlan(new int[] {0, 30, 60}).cutAsk(new int[] {4, 7})[0],
                        null),
                new SpreadCommand.Carry(spreadKey, 2, 1, roundSum, initSum, 120),
                new SpreadCommand.Answers(spreadKey, 3, 0, IntRuns.of(new int[] {0, 1}),
                        List.of(new double[] {0.5, 1e-300}, new double[] {-2})),
                new SpreadCommand.Total(spreadKey, 4, errorSum, 77),
                new SpreadCommand.Failed(spreadKey, 4, "participant 3 threw", null),
                new SpreadCommand.Failed(spreadKey, 5, "lost", "pekko://privsim@10.0.0.1:2551"),
                new SpreadCommand.Close(spreadKey));

        Set<Class<?>> covered = new HashSet<>();
        // (the spread messages' values are built above, before the list)
        Serialization serialization = SerializationExtension.get(testKit.system());
        for (CborSerializable message : messages) {
            Serializer serializer = serialization.findSerializerFor(message);
            assertEquals("JacksonCborSerializer", serializer.getClass().getSimpleName(), message.getClass().getName());
            byte[] bytes = serialization.serialize(message).get();
            String manifest = Serializers.manifestFor(serializer, message);
            Object back = serialization.deserialize(bytes, serializer.identifier(), manifest).get();
            assertSameContents(message, back, message.getClass().getSimpleName());
            covered.add(message.getClass());
        }
        Set<Class<?>> all = new HashSet<>();
        for (Class<?> root : List.of(
                GuardianCommand.class, ScenarioCuratorCommand.class, JobCommand.class, SubmitterCommand.class,
                ParticipantHostCommand.class, ParticipantCommand.class, RunCommand.class, CoordinatorCommand.class,
                SeamHostCommand.class, RunPlacerCommand.class, SeamDeskCommand.class, SpreadCommand.class)) {
            all.addAll(List.of(root.getPermittedSubclasses()));
        }
        all.add(ParticipantHostCommand.HostedCount.class);
        // The seam's slices hand live sums and answers from a run's workers to its curator: local
        // only, marked exempt from serialization (and never sent to another node).
        Set<Class<?>> localOnly = new HashSet<>();
        all.removeIf(c -> org.apache.pekko.actor.NoSerializationVerificationNeeded.class.isAssignableFrom(c)
                && localOnly.add(c));
        assertEquals(Set.of(RunCommand.Folded.class, RunCommand.BatchAnswered.class, RunCommand.SpreadAnswered.class,
                RunCommand.SpreadFailed.class), localOnly);
        assertEquals(all, covered, "one instance of every message type");
    }

    /** A zCDP log over a subset (so the accounted indices are a strict subset) with a folded record. */
    private static ReleaseLog zcdpLog() {
        Ledger ledger = Ledger.zcdp(4, 1);
        ledger.chargeAll(Release.gaussian(0, "init", Release.Relation.REPLACE_ONE, 2, 3, 0.1, 4));
        for (int round = 1; round <= 2; round++) {
            ledger.charge(Release.gaussian(round, "b", Release.Relation.REPLACE_ONE, 2, 3, 0.1, 2), new int[] {1, 2});
        }
        ledger.charge(Release.gaussian(3, "b", Release.Relation.REPLACE_ONE, 2, 3, 0.1, 1), new int[] {3});
        return ledger.log();
    }

    private static ReleaseLog pureLog() {
        Ledger ledger = Ledger.pure(3, 1, 1e-5);
        ledger.chargeAll(Release.pure(1, "mean", Release.Mechanism.L2_LAPLACE, 0.5, 1.25, 0.4, 3));
        return ledger.log();
    }

    private static ReleaseLog sampledLog() {
        double[] orders = {2, 8};
        Ledger ledger = Ledger.rdp(100, orders, SampledGaussianRdp.rdp(0.01, 1.5, 1, orders), 10, 1e-5);
        for (int step = 1; step <= 3; step++) {
            ledger.chargeAll(Release.sampledGaussian(step, "clipped gradient sum", 0.5, 0.75, 1.5, 0.01, 100));
        }
        return ledger.log();
    }

    private static void assertSameContents(Object expected, Object actual, String path) {
        if (expected == null) {
            assertNull(actual, path);
            return;
        }
        assertNotNull(actual, path);
        if (!(expected instanceof List<?>)) {
            assertEquals(expected.getClass(), actual.getClass(), path);
        }
        if (expected.getClass().isArray()) {
            assertEquals(Array.getLength(expected), Array.getLength(actual), path);
            if (expected instanceof double[] e) {
                assertArrayEquals(e, (double[]) actual, path);
            } else if (expected instanceof byte[] e) {
                assertArrayEquals(e, (byte[]) actual, path);
            } else if (expected instanceof long[] e) {
                assertArrayEquals(e, (long[]) actual, path);
            } else if (expected instanceof Object[] e) {
                for (int i = 0; i < e.length; i++) {
                    assertSameContents(e[i], ((Object[]) actual)[i], path + "[" + i + "]");
                }
            } else {
                assertArrayEquals((int[]) expected, (int[]) actual, path);
            }
        } else if (expected.getClass().isRecord()) {
            for (RecordComponent c : expected.getClass().getRecordComponents()) {
                try {
                    assertSameContents(c.getAccessor().invoke(expected), c.getAccessor().invoke(actual),
                            path + "." + c.getName());
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(path + "." + c.getName(), e);
                }
            }
        } else if (expected.getClass().isAnnotationPresent(com.fasterxml.jackson.annotation.JsonAutoDetect.class)) {
            // a core value with an explicit JSON form (the low-rank sums): the same form back
            com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
            assertEquals(json.valueToTree(expected), json.valueToTree(actual), path);
        } else if (expected instanceof List<?> e) {
            assertTrue(actual instanceof List<?>, path);
            List<?> a = (List<?>) actual;
            assertEquals(e.size(), a.size(), path);
            for (int i = 0; i < e.size(); i++) {
                assertSameContents(e.get(i), a.get(i), path + "[" + i + "]");
            }
        } else {
            assertEquals(expected, actual, path);
            assertTrue(!(expected instanceof ActorRef<?>) || expected.equals(actual), path);
        }
    }
}
