package org.privsim.actors.cluster;

import java.time.Duration;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;
import org.privsim.actors.local.AggregatorActor;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.PopulationCommand;
import org.privsim.protocol.PopulationCommand.ForAggregator;
import org.privsim.protocol.PopulationSpec;

/**
 * The sharded entity of one aggregator range: on its first envelope it starts the same
 * {@link AggregatorActor} the local runner uses, wired to the range's user entities (which share
 * its shard, so they are on this node) and to a {@link PartialTransfer} per partial; it then
 * forwards every command to it.
 *
 * <p>Guarantee: the partials are bit-identical to the local runner's, because the aggregator and
 * the users' answers are; on {@link PopulationCommand.Retire} it retires the range's users and
 * passivates through its shard (which buffers any message racing with the stop); on sharding's
 * {@link PopulationCommand.Stop} (hand-off) it stops without touching the users, whose shard is
 * handed off with it. Started fresh elsewhere after a node loss, it is rebuilt by the curator's
 * re-request.
 */
final class AggregatorEntity extends AbstractBehavior<PopulationCommand> {
    private final long job;
    private final int range;
    private final ActorRef<ClusterSharding.ShardCommand> shard;
    private final int chunkBytes;
    private final Duration patience;
    private ActorRef<AggregatorCommand> aggregator;
    private int first;
    private int end;

    static Behavior<PopulationCommand> create(long job, int range, ActorRef<ClusterSharding.ShardCommand> shard,
                                              int chunkBytes, Duration patience) {
        return Behaviors.setup(ctx -> new AggregatorEntity(ctx, job, range, shard, chunkBytes, patience));
    }

    private AggregatorEntity(ActorContext<PopulationCommand> ctx, long job, int range,
                             ActorRef<ClusterSharding.ShardCommand> shard, int chunkBytes, Duration patience) {
        super(ctx);
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
                .onMessage(PopulationCommand.Retire.class, m -> retire())
                .onMessage(PopulationCommand.Stop.class, m -> Behaviors.stopped())
                .build();
    }

    private Behavior<PopulationCommand> onCommand(ForAggregator m) {
        if (aggregator == null) {
            first = m.first();
            end = m.end();
            PopulationSpec spec = m.spec();
            aggregator = getContext().spawn(AggregatorActor.create(range, first, end, spec.task().dimension(),
                    (ctx, user) -> {
                        EntityRef<PopulationCommand> ref = PopulationSharding.user(ctx.getSystem(), job, range, user);
                        return command -> ref.tell(new PopulationCommand.ForUser(spec, user, command));
                    },
                    (ctx, curator, collection, r, partial) -> ctx.spawnAnonymous(
                            PartialTransfer.create(curator, collection, r, partial, chunkBytes, patience))),
                    "aggregator");
        }
        aggregator.tell(m.command());
        return this;
    }

    /** Retires the range's users, then asks the shard to passivate this entity. */
    private Behavior<PopulationCommand> retire() {
        if (aggregator != null) {
            for (int user = first; user < end; user++) {
                PopulationSharding.user(getContext().getSystem(), job, range, user).tell(new PopulationCommand.Retire());
            }
        }
        shard.tell(new ClusterSharding.Passivate<>(getContext().getSelf()));
        return this;
    }
}
