package org.privsim.actors.local;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.core.indexedmean.IndexedMeanMechanism;
import org.privsim.core.indexedmean.ReleaseNoise;
import org.privsim.protocol.BillboardPost;
import org.privsim.protocol.IndexedMeanCuratorCommand;
import org.privsim.protocol.IndexedMeanCuratorCommand.Contribution;
import org.privsim.protocol.IndexedMeanCuratorCommand.Release;
import org.privsim.protocol.PersonCommand;

/**
 * The curator of one indexed-mean audit: spawns the job's t persons (ids 0..t−1) and, for a billboard
 * mechanism, the {@link BillboardActor}; then runs any number of batches of rounds concurrently. A
 * batch asks every person once for its contributions to all of the batch's rounds, buffers the
 * answers by person id, and once all t are in releases, round by round,
 * {@link IndexedMeanMechanism#release} of {@link IndexedMeanMechanism#total} (person-id order) at the
 * support S with the round's noise, and publishes the whole batch at once: one post to the billboard
 * (with each round's {@link IndexedMeanMechanism#unreadResidual}), or to each person one message
 * with its separate output p̂_{j_i} of every round (and to nobody else).
 *
 * <p>Guarantees: the release of round r is bit-identical to the sequential reference's for the
 * same contributions and noise stream, whatever order contributions arrive in, however rounds are
 * batched and however many batches are open; each {@link Release} is published exactly once; stale
 * or duplicate contributions are ignored. It is the only place noise is added. A person that stops
 * fails the curator (death pact), so a batch never waits forever on a crashed person.
 */
public final class IndexedMeanCuratorActor extends AbstractBehavior<IndexedMeanCuratorCommand> {
    private final int job;
    private final IndexedMeanMechanism mechanism;
    private final ReleaseNoise noise;
    private final int[] support;
    private final long unreadCount;
    private final List<ActorRef<PersonCommand>> persons = new ArrayList<>();
    private final ActorRef<BillboardPost> billboard;
    private final Map<Integer, OpenRound> open = new HashMap<>();

    /** The contributions of one open batch, by person id: {@code sums[i][k]} is person i's for the batch's round k. */
    private static final class OpenRound {
        final int rounds;
        final double[][][] sums;
        final double[][] unread;
        final int[] index;
        int received;

        OpenRound(int persons, int rounds) {
            this.rounds = rounds;
            sums = new double[persons][][];
            unread = new double[persons][];
            index = new int[persons];
        }
    }

    /**
     * The curator of job {@code job}.
     *
     * @param mechanism          the mechanism released every round
     * @param noise              the mechanism's noise (round r is trial or repeat r)
     * @param support            the support S (coordinates persons read, ascending)
     * @param unreadCount        d − |S|
     * @param persons            t
     * @param person             the behaviour of person i
     * @param observers          the billboard's subscribers (the audit's adversary)
     */
    public static Behavior<IndexedMeanCuratorCommand> create(int job, IndexedMeanMechanism mechanism,
            ReleaseNoise noise, int[] support, long unreadCount, int persons,
            IntFunction<Behavior<PersonCommand>> person, List<ActorRef<BillboardPost>> observers) {
        return Behaviors.setup(ctx -> new IndexedMeanCuratorActor(ctx, job, mechanism, noise, support, unreadCount,
                persons, person, observers));
    }

    private IndexedMeanCuratorActor(ActorContext<IndexedMeanCuratorCommand> ctx, int job,
            IndexedMeanMechanism mechanism, ReleaseNoise noise, int[] support, long unreadCount, int t,
            IntFunction<Behavior<PersonCommand>> person, List<ActorRef<BillboardPost>> observers) {
        super(ctx);
        this.job = job;
        this.mechanism = mechanism;
        this.noise = noise;
        this.support = support.clone();
        this.unreadCount = unreadCount;
        DispatcherSelector compute = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);
        for (int i = 0; i < t; i++) {
            ActorRef<PersonCommand> ref = ctx.spawn(person.apply(i), "person-" + i, compute);
            ctx.watch(ref);
            persons.add(ref);
        }
        billboard = mechanism.publishesBillboard() ? ctx.spawn(BillboardActor.create(observers), "billboard") : null;
    }

    @Override
    public Receive<IndexedMeanCuratorCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(Release.class, this::onRelease)
                .onMessage(Contribution.class, this::onContribution)
                .build();
    }

    private Behavior<IndexedMeanCuratorCommand> onRelease(Release m) {
        if (m.job() != job || m.worlds().length == 0 || open.containsKey(m.firstRound())) {
            return this;
        }
        open.put(m.firstRound(), new OpenRound(persons.size(), m.worlds().length));
        PersonCommand request = new PersonCommand.Contribute(job, m.firstRound(), m.worlds(), getContext().getSelf());
        persons.forEach(p -> p.tell(request));
        return this;
    }

    private Behavior<IndexedMeanCuratorCommand> onContribution(Contribution m) {
        OpenRound r = open.get(m.firstRound());
        if (m.job() != job || r == null || r.sums[m.person()] != null || m.sums().length != r.rounds
                || m.unread().length != r.rounds) {
            return this;
        }
        r.sums[m.person()] = m.sums();
        r.unread[m.person()] = m.unread();
        r.index[m.person()] = m.index();
        if (++r.received == persons.size()) {
            open.remove(m.firstRound());
            publish(m.firstRound(), r);
        }
        return this;
    }

    private void publish(int firstRound, OpenRound r) {
        int t = persons.size();
        double[][] estimates = new double[r.rounds][];
        double[] unread = new double[r.rounds];
        double[][] contributions = new double[t][];
        double[] shares = new double[t];
        for (int k = 0; k < r.rounds; k++) {
            for (int i = 0; i < t; i++) {
                contributions[i] = r.sums[i][k];
                shares[i] = r.unread[i][k];
            }
            estimates[k] = mechanism.release(support, IndexedMeanMechanism.total(contributions), noise,
                    firstRound + k);
            if (billboard != null) {
                unread[k] = mechanism.unreadResidual(IndexedMeanMechanism.unreadTotal(shares), unreadCount, noise,
                        firstRound + k);
            }
        }
        if (billboard != null) {
            billboard.tell(new BillboardPost(job, firstRound, estimates, unread));
            return;
        }
        for (int i = 0; i < t; i++) {
            double[] own = new double[r.rounds];
            int position = Arrays.binarySearch(support, r.index[i]);
            for (int k = 0; k < r.rounds; k++) {
                own[k] = estimates[k][position];
            }
            persons.get(i).tell(new PersonCommand.SeparateOutput(job, firstRound, own));
        }
    }
}
