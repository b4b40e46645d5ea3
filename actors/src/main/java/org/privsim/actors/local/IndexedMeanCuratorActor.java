package org.privsim.actors.local;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.indexedmean.IndexedMeanMechanism;
import org.privsim.protocol.BillboardPost;
import org.privsim.protocol.IndexedMeanCuratorCommand;
import org.privsim.protocol.IndexedMeanCuratorCommand.Contribution;
import org.privsim.protocol.IndexedMeanCuratorCommand.Release;
import org.privsim.protocol.PersonCommand;

/**
 * The curator of one indexed-mean job: spawns the job's t persons (ids 0..t−1) and, for a billboard
 * mechanism, the {@link BillboardActor}; then runs any number of rounds concurrently. A round asks
 * every person for its contribution, buffers the answers by person id, and once all t are in
 * releases {@link IndexedMeanMechanism#release} of {@link IndexedMeanMechanism#total} (person-id
 * order) with the round's own noise stream, and publishes: one post to the billboard, or to each
 * person its separate output p̂_{j_i} (and to nobody else).
 *
 * <p>Guarantees: the release of round r is bit-identical to the sequential reference's for the
 * same contributions and noise stream, whatever order contributions arrive in and however many
 * rounds are open; each {@link Release} is published exactly once; stale or duplicate
 * contributions are ignored. It is the only place noise is added. A person that stops fails the
 * curator (death pact), so a round never waits forever on a crashed person.
 */
public final class IndexedMeanCuratorActor extends AbstractBehavior<IndexedMeanCuratorCommand> {
    private final int job;
    private final IndexedMeanMechanism mechanism;
    private final IntFunction<SplittableRandom> noise;
    private final List<ActorRef<PersonCommand>> persons = new ArrayList<>();
    private final ActorRef<BillboardPost> billboard;
    private final Map<Integer, OpenRound> open = new HashMap<>();

    /** The contributions of one open round, by person id. */
    private static final class OpenRound {
        final double[][] sums;
        final int[] index;
        int received;

        OpenRound(int persons) {
            sums = new double[persons][];
            index = new int[persons];
        }
    }

    /**
     * The curator of job {@code job}.
     *
     * @param mechanism          the mechanism released every round
     * @param noise              the noise stream of round r
     * @param persons            t
     * @param person             the behaviour of person i
     * @param personsReadBillboard whether persons subscribe to the billboard (experiments: they
     *                           compute their loss from it; audits: only {@code observers} do)
     * @param observers          further billboard subscribers (an audit's adversary)
     */
    public static Behavior<IndexedMeanCuratorCommand> create(int job, IndexedMeanMechanism mechanism,
            IntFunction<SplittableRandom> noise, int persons, IntFunction<Behavior<PersonCommand>> person,
            boolean personsReadBillboard, List<ActorRef<BillboardPost>> observers) {
        return Behaviors.setup(ctx -> new IndexedMeanCuratorActor(ctx, job, mechanism, noise, persons, person,
                personsReadBillboard, observers));
    }

    private IndexedMeanCuratorActor(ActorContext<IndexedMeanCuratorCommand> ctx, int job,
            IndexedMeanMechanism mechanism, IntFunction<SplittableRandom> noise, int t,
            IntFunction<Behavior<PersonCommand>> person, boolean personsReadBillboard,
            List<ActorRef<BillboardPost>> observers) {
        super(ctx);
        this.job = job;
        this.mechanism = mechanism;
        this.noise = noise;
        DispatcherSelector compute = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);
        for (int i = 0; i < t; i++) {
            ActorRef<PersonCommand> ref = ctx.spawn(person.apply(i), "person-" + i, compute);
            ctx.watch(ref);
            persons.add(ref);
        }
        if (mechanism.publishesBillboard()) {
            List<ActorRef<BillboardPost>> subscribers = new ArrayList<>();
            if (personsReadBillboard) {
                persons.forEach(p -> subscribers.add(p.narrow()));
            }
            subscribers.addAll(observers);
            billboard = ctx.spawn(BillboardActor.create(subscribers), "billboard");
        } else {
            billboard = null;
        }
    }

    @Override
    public Receive<IndexedMeanCuratorCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(Release.class, this::onRelease)
                .onMessage(Contribution.class, this::onContribution)
                .build();
    }

    private Behavior<IndexedMeanCuratorCommand> onRelease(Release m) {
        if (m.job() != job || open.containsKey(m.round())) {
            return this;
        }
        open.put(m.round(), new OpenRound(persons.size()));
        PersonCommand request = new PersonCommand.Contribute(job, m.round(), m.world(), getContext().getSelf());
        persons.forEach(p -> p.tell(request));
        return this;
    }

    private Behavior<IndexedMeanCuratorCommand> onContribution(Contribution m) {
        OpenRound r = open.get(m.round());
        if (m.job() != job || r == null || r.sums[m.person()] != null) {
            return this;
        }
        r.sums[m.person()] = m.sums();
        r.index[m.person()] = m.index();
        if (++r.received == persons.size()) {
            open.remove(m.round());
            publish(m.round(), r);
        }
        return this;
    }

    private void publish(int round, OpenRound r) {
        double[] estimates = mechanism.release(IndexedMeanMechanism.total(r.sums), noise.apply(round));
        if (billboard != null) {
            billboard.tell(new BillboardPost(job, round, estimates));
            return;
        }
        for (int i = 0; i < persons.size(); i++) {
            persons.get(i).tell(new PersonCommand.SeparateOutput(job, round, estimates[r.index[i]]));
        }
    }
}
