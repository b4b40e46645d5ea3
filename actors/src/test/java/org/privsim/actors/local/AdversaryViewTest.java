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
import org.privsim.core.audit.Collusion;
import org.privsim.core.audit.IndexedMeanGame;
import org.privsim.core.audit.Injection;
import org.privsim.core.indexedmean.IndexedMeanMechanism;
import org.privsim.core.indexedmean.IndexedMeanPopulation;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.IndexAssignment;
import org.privsim.core.scenario.IndexedMeanTask;
import org.privsim.protocol.AdversaryCommand;
import org.privsim.protocol.BillboardPost;
import org.privsim.protocol.IndexedMeanCuratorCommand;

/**
 * What reaches an indexed-mean adversary, actor by actor (persons and curator real, the adversary
 * a probe): with separate outputs exactly the |C| colluders' outputs per trial and nothing from any
 * other person; with a billboard exactly one post per trial. Values equal the sequential release.
 */
@ExtendWith(TestKitJUnit5Extension.class)
class AdversaryViewTest {

    @JUnit5TestKit
    public ActorTestKit testKit = new JUnit5TestKitBuilder().build();

    private static final long SEED = 9;
    private static final int TARGET = 4;
    private static final int TRIALS = 6;
    private static final IndexedMeanTask TASK = new IndexedMeanTask(12, 10, 2, IndexAssignment.RANDOM);
    private static final IndexedMeanPopulation POPULATION = new IndexedMeanPopulation(TASK, SEED, 1, 0);

    @Test
    void onlyColludersOutputsReachTheAdversary() {
        IndexedMeanMechanism mechanism = mechanism(Algorithm.INDEXED_MEAN_JDP);
        int[] members = Collusion.ofSize(3).members(TASK.persons(), TARGET);
        TestProbe<AdversaryCommand> adversary = testKit.createTestProbe();
        ActorRef<IndexedMeanCuratorCommand> curator = spawnCurator(mechanism, members, adversary, List.of());
        for (int trial = 0; trial < TRIALS; trial++) {
            curator.tell(new IndexedMeanCuratorCommand.Release(0, trial, trial % 2));
        }

        Map<Integer, TreeSet<Integer>> senders = new HashMap<>();
        for (int k = 0; k < TRIALS * members.length; k++) {
            AdversaryCommand.ForwardedOutput m = adversary.expectMessageClass(AdversaryCommand.ForwardedOutput.class);
            assertTrue(senders.computeIfAbsent(m.trial(), r -> new TreeSet<>()).add(m.colluder()), "duplicate");
            assertEquals(POPULATION.index(m.colluder()), m.index());
            assertEquals(release(mechanism, m.trial())[m.index()], m.estimate());
        }
        adversary.expectNoMessage(Duration.ofMillis(300));
        List<Integer> expected = new ArrayList<>();
        for (int c : members) {
            expected.add(c);
        }
        assertEquals(TRIALS, senders.size());
        senders.values().forEach(s -> assertEquals(expected, List.copyOf(s)));
    }

    @Test
    void billboardAdversaryGetsEveryPostAndNothingElse() {
        IndexedMeanMechanism mechanism = mechanism(Algorithm.INDEXED_MEAN_BILLBOARD);
        int[] members = Collusion.ALL_BUT_TARGET.members(TASK.persons(), TARGET);
        TestProbe<AdversaryCommand> adversary = testKit.createTestProbe();
        ActorRef<IndexedMeanCuratorCommand> curator = spawnCurator(mechanism, members, adversary,
                List.of(adversary.getRef().narrow()));
        for (int trial = 0; trial < TRIALS; trial++) {
            curator.tell(new IndexedMeanCuratorCommand.Release(0, trial, trial % 2));
        }

        TreeSet<Integer> trials = new TreeSet<>();
        for (int k = 0; k < TRIALS; k++) {
            BillboardPost post = adversary.expectMessageClass(BillboardPost.class);
            assertTrue(trials.add(post.round()));
            assertArrayEquals(release(mechanism, post.round()), post.estimates());
        }
        adversary.expectNoMessage(Duration.ofMillis(300));
    }

    private ActorRef<IndexedMeanCuratorCommand> spawnCurator(IndexedMeanMechanism mechanism, int[] members,
            TestProbe<AdversaryCommand> adversary, List<ActorRef<BillboardPost>> observers) {
        boolean[] colluding = new boolean[TASK.persons()];
        for (int c : members) {
            colluding[c] = true;
        }
        return testKit.spawn(IndexedMeanCuratorActor.create(0, mechanism, trial -> IndexedMeanGame.noise(SEED, 0, trial),
                TASK.persons(), i -> PersonActor.audit(POPULATION, i, mechanism.clips(), 0, TARGET, 1.0,
                        colluding[i] ? adversary.getRef() : null), false, observers));
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
        return mechanism.release(IndexedMeanMechanism.total(contributions), IndexedMeanGame.noise(SEED, 0, trial));
    }
}
