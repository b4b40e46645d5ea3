package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.pekko.actor.testkit.typed.annotations.JUnit5TestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.JUnit5TestKitBuilder;
import org.apache.pekko.actor.testkit.typed.javadsl.TestKitJUnit5Extension;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.Collusion;
import org.privsim.core.audit.IndexedMeanGame;
import org.privsim.core.audit.Injection;
import org.privsim.core.indexedmean.IndexedMeanMechanism;
import org.privsim.core.indexedmean.IndexedMeanPopulation;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.IndexAssignment;
import org.privsim.core.scenario.IndexedMeanTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioParser;
import org.privsim.protocol.AdversaryCommand;
import org.privsim.protocol.AuditCommand;
import org.privsim.protocol.BillboardPost;
import org.privsim.protocol.IndexedMeanCuratorCommand;

/**
 * What reaches an indexed-mean adversary, actor by actor (persons and curator real, the adversary
 * a probe), for trials released in batches of different sizes: with separate outputs exactly one
 * message per colluder and batch — the |C| colluders' outputs of every trial of the batch — and
 * nothing from any other person; with a billboard exactly one post per batch. Values equal the
 * sequential release of each trial, whatever the batching.
 */
@ExtendWith(TestKitJUnit5Extension.class)
class AdversaryViewTest {

    @JUnit5TestKit
    public ActorTestKit testKit = new JUnit5TestKitBuilder().build();

    private static final long SEED = 9;
    private static final int TARGET = 4;
    /** Batches (first trial, trials): 1, 3 and 2 trials, 6 in all. */
    private static final int[][] BATCHES = {{0, 1}, {1, 3}, {4, 2}};
    private static final IndexedMeanTask TASK = new IndexedMeanTask(12, 10, 2, IndexAssignment.RANDOM);
    private static final IndexedMeanPopulation POPULATION = new IndexedMeanPopulation(TASK, SEED, 1, 0);

    @Test
    void onlyColludersOutputsReachTheAdversary() {
        IndexedMeanMechanism mechanism = mechanism(Algorithm.INDEXED_MEAN_JDP);
        int[] members = Collusion.ofSize(3).members(TASK.persons(), TARGET);
        TestProbe<AdversaryCommand> adversary = testKit.createTestProbe();
        ActorRef<IndexedMeanCuratorCommand> curator = spawnCurator(mechanism, members, adversary, List.of());
        releaseBatches(curator, 0);

        Map<Integer, TreeSet<Integer>> senders = new HashMap<>();
        for (int k = 0; k < BATCHES.length * members.length; k++) {
            AdversaryCommand.ForwardedOutput m = adversary.expectMessageClass(AdversaryCommand.ForwardedOutput.class);
            assertTrue(senders.computeIfAbsent(m.firstTrial(), r -> new TreeSet<>()).add(m.colluder()), "duplicate");
            assertEquals(POPULATION.index(m.colluder()), m.index());
            assertEquals(count(m.firstTrial()), m.estimates().length);
            for (int trial = 0; trial < m.estimates().length; trial++) {
                assertEquals(release(mechanism, m.firstTrial() + trial)[POPULATION.position(m.index())],
                        m.estimates()[trial]);
            }
        }
        adversary.expectNoMessage(Duration.ofMillis(300));
        List<Integer> expected = new ArrayList<>();
        for (int c : members) {
            expected.add(c);
        }
        assertEquals(BATCHES.length, senders.size());
        senders.values().forEach(s -> assertEquals(expected, List.copyOf(s)));
    }

    @Test
    void billboardAdversaryGetsEveryPostAndNothingElse() {
        IndexedMeanMechanism mechanism = mechanism(Algorithm.INDEXED_MEAN_BILLBOARD);
        int[] members = Collusion.ALL_BUT_TARGET.members(TASK.persons(), TARGET);
        TestProbe<AdversaryCommand> adversary = testKit.createTestProbe();
        ActorRef<IndexedMeanCuratorCommand> curator = spawnCurator(mechanism, members, adversary,
                List.of(adversary.getRef().narrow()));
        releaseBatches(curator, 0);

        TreeSet<Integer> batches = new TreeSet<>();
        for (int k = 0; k < BATCHES.length; k++) {
            BillboardPost post = adversary.expectMessageClass(BillboardPost.class);
            assertTrue(batches.add(post.firstRound()));
            assertEquals(count(post.firstRound()), post.estimates().length);
            assertEquals(count(post.firstRound()), post.unread().length);
            for (int trial = 0; trial < post.estimates().length; trial++) {
                assertArrayEquals(release(mechanism, post.firstRound() + trial), post.estimates()[trial]);
                double canaryShare = POPULATION.canary(TARGET, (post.firstRound() + trial) % 2, 1.0).clippedUnread();
                assertEquals(mechanism.unreadResidual(canaryShare, POPULATION.unreadCount(),
                        IndexedMeanGame.noise(SEED, 0), post.firstRound() + trial), post.unread()[trial]);
            }
        }
        adversary.expectNoMessage(Duration.ofMillis(300));
    }

    /** Asks the curator of job {@code job} for every batch of {@link #BATCHES}, trial r in world r % 2. */
    private static void releaseBatches(ActorRef<IndexedMeanCuratorCommand> curator, int job) {
        for (int[] batch : BATCHES) {
            int[] worlds = new int[batch[1]];
            for (int k = 0; k < worlds.length; k++) {
                worlds[k] = (batch[0] + k) % 2;
            }
            curator.tell(new IndexedMeanCuratorCommand.Release(job, batch[0], worlds));
        }
    }

    /** Trials of the batch starting at {@code firstTrial}. */
    private static int count(int firstTrial) {
        for (int[] batch : BATCHES) {
            if (batch[0] == firstTrial) {
                return batch[1];
            }
        }
        throw new AssertionError("no batch starts at " + firstTrial);
    }

    /**
     * The whole actor path of an audit — persons, curator, billboard, the real adversary — scores
     * every trial with the sequential game's bits, for batches of 1, 3 and 2 trials, with separate
     * outputs (all-but-target and a 3-colluder set) and with a billboard.
     */
    @Test
    void batchedScoresEqualTheSequentialGameBitForBit() {
        Scenario scenario = ScenarioParser.parse("""
                name: adversary-scores
                seed: 9
                task: { type: indexed-mean, dimension: 1000000000, persons: 12, samplesPerPerson: 2, indices: random }
                audits:
                  - { algorithm: indexed-mean-jdp,        threatModel: jdp, target: 4, epsilon: 1, delta: 1.0e-5, trials: 8 }
                  - { algorithm: indexed-mean-1-out-of-t, threatModel: jdp, collusion: 3, target: 4, epsilon: 1, delta: 1.0e-5, trials: 8 }
                  - { algorithm: indexed-mean-billboard,  threatModel: billboard, target: 4, epsilon: 1, delta: 1.0e-5, trials: 8 }
                """, "adversary-scores.yaml");
        for (int audit = 0; audit < scenario.audits().size(); audit++) {
            AuditSpec spec = scenario.audits().get(audit);
            IndexedMeanPopulation population = IndexedMeanGame.population(spec, audit, scenario.seed());
            IndexedMeanMechanism mechanism = IndexedMeanGame.mechanism(spec);
            boolean[] colluding = new boolean[population.persons()];
            for (int c : spec.collusion().members(population.persons(), spec.target())) {
                colluding[c] = true;
            }
            TestProbe<AuditCommand> coordinator = testKit.createTestProbe();
            ActorRef<AdversaryCommand> adversary = testKit.spawn(AdversaryActor.forAudit(scenario, audit,
                    coordinator.getRef()));
            int a = audit;
            ActorRef<IndexedMeanCuratorCommand> curator = testKit.spawn(IndexedMeanCuratorActor.create(audit,
                    mechanism, IndexedMeanGame.noise(scenario.seed(), a), population.support(),
                    population.unreadCount(), population.persons(),
                    i -> PersonActor.audit(population, i, mechanism.clips(), a, spec.target(), spec.canaryScale(),
                            colluding[i] ? adversary : null), List.of(adversary.narrow())));
            for (int[] batch : BATCHES) {
                adversary.tell(new AdversaryCommand.TrialsOpened(audit, batch[0], batch[1]));
            }
            releaseBatches(curator, audit);
            IndexedMeanGame game = new IndexedMeanGame(spec, audit, scenario.seed());
            for (int k = 0; k < BATCHES.length; k++) {
                AuditCommand.TrialScores m = coordinator.expectMessageClass(AuditCommand.TrialScores.class);
                assertEquals(count(m.firstTrial()), m.scores().length);
                for (int i = 0; i < m.scores().length; i++) {
                    int trial = m.firstTrial() + i;
                    assertEquals(Double.doubleToRawLongBits(game.score(trial, trial % 2)),
                            Double.doubleToRawLongBits(m.scores()[i]), "audit " + audit + " trial " + trial);
                }
            }
            coordinator.expectNoMessage(Duration.ofMillis(100));
        }
    }

    /** A batch keeps every batched message within 8,192 doubles (B·|S| and B·|C|), 1 to 64 trials. */
    @Test
    void batchSizeBoundsTheBatchedMessages() {
        assertEquals(64, AuditCoordinator.batchSize(100, 99));
        assertEquals(64, AuditCoordinator.batchSize(4, 0));
        assertEquals(4, AuditCoordinator.batchSize(2000, 1));
        assertEquals(8, AuditCoordinator.batchSize(10, 999));
        assertEquals(1, AuditCoordinator.batchSize(10, 999_999));
    }

    private ActorRef<IndexedMeanCuratorCommand> spawnCurator(IndexedMeanMechanism mechanism, int[] members,
            TestProbe<AdversaryCommand> adversary, List<ActorRef<BillboardPost>> observers) {
        boolean[] colluding = new boolean[TASK.persons()];
        for (int c : members) {
            colluding[c] = true;
        }
        return testKit.spawn(IndexedMeanCuratorActor.create(0, mechanism, IndexedMeanGame.noise(SEED, 0),
                POPULATION.support(), POPULATION.unreadCount(), TASK.persons(), i -> PersonActor.audit(POPULATION, i, mechanism.clips(), 0, TARGET, 1.0,
                        colluding[i] ? adversary.getRef() : null), observers));
    }

    private static IndexedMeanMechanism mechanism(Algorithm algorithm) {
        return new IndexedMeanMechanism(algorithm, TASK.dimension(), TASK.persons(), TASK.samplesPerPerson(), 0.5,
                Injection.NONE);
    }

    /** The sequential release of a trial: contributions in id order, target holding the canary. */
    private static double[] release(IndexedMeanMechanism mechanism, int trial) {
        double[][] contributions = new double[TASK.persons()][];
        for (int i = 0; i < contributions.length; i++) {
            contributions[i] = (i == TARGET ? POPULATION.canary(i, trial % 2, 1.0) : POPULATION.person(i))
                    .contribution(mechanism.clips());
        }
        return mechanism.release(POPULATION.support(), IndexedMeanMechanism.total(contributions),
                IndexedMeanGame.noise(SEED, 0), trial);
    }
}
