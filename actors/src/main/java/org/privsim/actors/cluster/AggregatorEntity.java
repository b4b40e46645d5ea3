package org.privsim.actors.cluster;

import java.time.Duration;
import java.util.function.LongFunction;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.privsim.actors.local.AggregatorActor;
import org.privsim.actors.local.LocalSettings;
import org.privsim.actors.local.UserActor;
import org.privsim.core.data.UserPopulation;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.PopulationCommand;
import org.privsim.protocol.PopulationCommand.ForAggregator;
import org.privsim.protocol.PopulationSpec;

/**
 * The sharded entity of one aggregator range: on its first envelope it starts the same
 * {@link AggregatorActor} the local runner uses, whose range's users are its children — one
 * {@link UserActor} per user on the compute dispatcher, its data rebuilt from (seed, id) through
 * the node's {@link PopulationCache} — so a range's users live where its entity lives and the
 * range's chained folds never cross the network; partials go to the curator through a
 * {@link PartialTransfer} each. It then forwards every command to the aggregator.
 *
 * <p>Guarantee: the partials are bit-identical to the local runner's, because the aggregator and
 * the users are the local runner's and a user holds nothing between rounds beyond its data set
 * (its model v_j is refit from each round's billboard U). So an entity started again anywhere —
 * its shard moved after a node left or was lost — answers every later request exactly as the
 * first incarnation would have, rebuilding its users from the {@link PopulationSpec} in the
 * envelope. On {@link PopulationCommand.Retire} it passivates through its shard (which buffers any
 * message racing with the stop); on sharding's {@link PopulationCommand.Stop} (after a passivation,
 * or a hand-off) it stops, and its aggregator and users with it.
 */
final class AggregatorEntity extends AbstractBehavior<PopulationCommand> {
    private final ActorRef<ClusterSharding.ShardCommand> shard;
    private final int chunkBytes;
    private final Duration patience;
    private ActorRef<AggregatorCommand> aggregator;

    static Behavior<PopulationCommand> create(ActorRef<ClusterSharding.ShardCommand> shard, int chunkBytes,
                                              Duration patience) {
        return Behaviors.setup(ctx -> new AggregatorEntity(ctx, shard, chunkBytes, patience));
    }

    private AggregatorEntity(ActorContext<PopulationCommand> ctx, ActorRef<ClusterSharding.ShardCommand> shard,
                             int chunkBytes, Duration patience) {
        super(ctx);
        this.shard = shard;
        this.chunkBytes = chunkBytes;
        this.patience = patience;
    }

    @Override
    public Receive<PopulationCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(ForAggregator.class, this::onCommand)
                .onMessage(PopulationCommand.Retire.class, m -> {
                    shard.tell(new ClusterSharding.Passivate<>(getContext().getSelf()));
                    return this;
                })
                .onMessage(PopulationCommand.Stop.class, m -> Behaviors.stopped())
                .build();
    }

    private Behavior<PopulationCommand> onCommand(ForAggregator m) {
        if (aggregator == null) {
            aggregator = getContext().spawn(aggregator(m), "aggregator");
        }
        aggregator.tell(m.command());
        return this;
    }

    /** The range's aggregator, spawning its users as children, its partials sent in chunks. */
    private Behavior<AggregatorCommand> aggregator(ForAggregator m) {
        PopulationSpec spec = m.spec();
        LongFunction<UserPopulation> populations = seed -> PopulationCache.get(
                new PopulationSpec(spec.task(), spec.dataset(), seed));
        DispatcherSelector compute = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);
        return AggregatorActor.create(m.range(), m.first(), m.end(), spec.task().dimension(),
                (ctx, user) -> ctx.spawn(UserActor.create(populations, user, null), "user-" + user, compute)::tell,
                (ctx, curator, collection, range, partial) -> ctx.spawnAnonymous(
                        PartialTransfer.create(curator, collection, range, partial, chunkBytes, patience)));
    }
}
