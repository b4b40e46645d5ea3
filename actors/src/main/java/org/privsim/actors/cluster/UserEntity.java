package org.privsim.actors.cluster;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.privsim.actors.local.LocalSettings;
import org.privsim.actors.local.UserActor;
import org.privsim.protocol.PopulationCommand;
import org.privsim.protocol.PopulationCommand.Locate;
import org.privsim.protocol.PopulationSpec;
import org.privsim.protocol.UserCommand;

/**
 * The sharded entity of one user: on its first {@link Locate} it starts the local runner's
 * {@link UserActor} (data rebuilt from (seed, id) — the seed each task names — through the node's
 * {@link PopulationCache}) on the compute dispatcher, and answers every {@link Locate} with that
 * actor's reference. Its range's aggregator, which shares the entity's shard and so its node, then
 * hands the range's chained folds to the user actor directly.
 *
 * <p>Retired, it passivates through its shard (messages racing with its stop are buffered and
 * start it again); sharding's {@link PopulationCommand.Stop} stops it (and its user actor).
 *
 * <p>Guarantee: a user holds no state between rounds beyond its data set — its model v_j is refit
 * from each round's billboard U — so a user re-created anywhere (shard moved, or passivated if
 * someone turns passivation back on) answers every later request exactly as before.
 */
final class UserEntity extends AbstractBehavior<PopulationCommand> {
    private final ActorRef<ClusterSharding.ShardCommand> shard;
    private ActorRef<UserCommand> user;

    static Behavior<PopulationCommand> create(ActorRef<ClusterSharding.ShardCommand> shard) {
        return Behaviors.setup(ctx -> new UserEntity(ctx, shard));
    }

    private UserEntity(ActorContext<PopulationCommand> ctx, ActorRef<ClusterSharding.ShardCommand> shard) {
        super(ctx);
        this.shard = shard;
    }

    @Override
    public Receive<PopulationCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(Locate.class, this::onLocate)
                .onMessage(PopulationCommand.Retire.class, m -> {
                    shard.tell(new ClusterSharding.Passivate<>(getContext().getSelf()));
                    return this;
                })
                .onMessage(PopulationCommand.Stop.class, m -> Behaviors.stopped())
                .build();
    }

    private Behavior<PopulationCommand> onLocate(Locate m) {
        if (user == null) {
            PopulationSpec spec = m.spec();
            user = getContext().spawn(UserActor.create(seed -> PopulationCache.get(new PopulationSpec(spec.task(),
                            spec.dataset(), seed)), m.user(), null), "user",
                    DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER));
        }
        m.replyTo().tell(new PopulationCommand.Located(m.user(), user));
        return this;
    }
}
