package org.privsim.actors.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.StashBuffer;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.privsim.actors.local.AggregatorActor;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.PopulationCommand;
import org.privsim.protocol.PopulationCommand.ForAggregator;
import org.privsim.protocol.PopulationCommand.Located;
import org.privsim.protocol.PopulationSpec;
import org.privsim.protocol.UserCommand;

/**
 * The sharded entity of one aggregator range: on its first envelope it locates the range's user
 * entities ({@link PopulationCommand.Locate}: each starts its user actor and answers with its
 * reference), holding the curator's commands back meanwhile; once every user answered it starts
 * the same {@link AggregatorActor} the local runner uses, wired to those user actors — which share
 * its shard, so they are on this node and the range's chained folds never cross the network — and
 * to a {@link PartialTransfer} per partial; it then forwards every command to it. Users that have
 * not answered are asked again when the curator's request comes again (it re-requests a range whose
 * partial is late).
 *
 * <p>Guarantee: the partials are bit-identical to the local runner's, because the aggregator and
 * the users' answers are; on {@link PopulationCommand.Retire} it retires the range's users and
 * passivates through its shard (which buffers any message racing with the stop); on sharding's
 * {@link PopulationCommand.Stop} (hand-off) it stops without touching the users, whose shard is
 * handed off with it. Started fresh elsewhere after a node loss, it is rebuilt by the curator's
 * re-request. Commands held back while locating beyond {@value #HELD_COMMANDS} are dropped (the
 * curator asks a range again when its partial does not come).
 */
final class AggregatorEntity extends AbstractBehavior<PopulationCommand> {
    /** Curator commands held back while the range's users are located. */
    static final int HELD_COMMANDS = 64;

    private final long job;
    private final int range;
    private final ActorRef<ClusterSharding.ShardCommand> shard;
    private final int chunkBytes;
    private final Duration patience;
    private final StashBuffer<PopulationCommand> held;
    private ActorRef<AggregatorCommand> aggregator;
    private PopulationSpec spec;
    private int first;
    private int end;
    /** The users' actors by id − first while locating (null once the aggregator runs). */
    private List<ActorRef<UserCommand>> located;
    private int missing;

    static Behavior<PopulationCommand> create(long job, int range, ActorRef<ClusterSharding.ShardCommand> shard,
                                              int chunkBytes, Duration patience) {
        return Behaviors.setup(ctx -> Behaviors.withStash(HELD_COMMANDS,
                held -> new AggregatorEntity(ctx, held, job, range, shard, chunkBytes, patience)));
    }

    private AggregatorEntity(ActorContext<PopulationCommand> ctx, StashBuffer<PopulationCommand> held, long job, int range,
                             ActorRef<ClusterSharding.ShardCommand> shard, int chunkBytes, Duration patience) {
        super(ctx);
        this.held = held;
        this.job = job;
        this.range = range;
        this.shard = shard;
        this.chunkBytes = chunkBytes;
        this.patience = patience;
    }

    @Override
    public Receive<PopulationCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(ForAggregator.class, this::onCommand)
                .onMessage(Located.class, this::onLocated)
                .onMessage(PopulationCommand.Retire.class, m -> retire())
                .onMessage(PopulationCommand.Stop.class, m -> Behaviors.stopped())
                .build();
    }

    private Behavior<PopulationCommand> onCommand(ForAggregator m) {
        if (aggregator != null) {
            aggregator.tell(m.command());
            return this;
        }
        if (spec == null) {
            spec = m.spec();
            first = m.first();
            end = m.end();
            located = new ArrayList<>(end - first);
            for (int user = first; user < end; user++) {
                located.add(null);
            }
            missing = end - first;
        }
        locateMissing();
        if (!held.isFull()) {
            held.stash(m);
        }
        return missing == 0 ? start() : this;
    }

    private Behavior<PopulationCommand> onLocated(Located m) {
        int i = m.user() - first;
        if (located == null || i < 0 || i >= located.size() || located.get(i) != null) {
            return this;
        }
        located.set(i, m.ref());
        missing--;
        return missing == 0 ? start() : this;
    }

    /** Asks every user that has not told its reference yet. */
    private void locateMissing() {
        for (int user = first; user < end; user++) {
            if (located.get(user - first) == null) {
                PopulationSharding.user(getContext().getSystem(), job, range, user)
                        .tell(new PopulationCommand.Locate(spec, user, getContext().getSelf()));
            }
        }
    }

    /** Every user located: starts the aggregator on their actors and hands it the held commands. */
    private Behavior<PopulationCommand> start() {
        List<ActorRef<UserCommand>> users = located;
        located = null;
        aggregator = getContext().spawn(AggregatorActor.create(range, first, end, spec.task().dimension(),
                        (ctx, user) -> users.get(user - first)::tell,
                        (ctx, curator, collection, r, partial) -> ctx.spawnAnonymous(
                                PartialTransfer.create(curator, collection, r, partial, chunkBytes, patience))),
                "aggregator");
        return held.unstashAll(this);
    }

    /** Retires the range's users, then asks the shard to passivate this entity. */
    private Behavior<PopulationCommand> retire() {
        if (spec != null) {
            for (int user = first; user < end; user++) {
                PopulationSharding.user(getContext().getSystem(), job, range, user).tell(new PopulationCommand.Retire());
            }
        }
        shard.tell(new ClusterSharding.Passivate<>(getContext().getSelf()));
        return this;
    }
}
