package org.privsim.actors.cluster;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.privsim.actors.local.LocalSettings;
import org.privsim.actors.local.UserActor;
import org.privsim.protocol.PopulationCommand;
import org.privsim.protocol.PopulationCommand.ForUser;
import org.privsim.protocol.UserCommand;

/**
 * The sharded entity of one user: on its first envelope it starts the local runner's
 * {@link UserActor} (data rebuilt from (seed, id) through the node's {@link PopulationCache}) on
 * the compute dispatcher, then forwards every command to it.
 *
 * <p>Guarantee: a user holds no state between rounds beyond its data set — its model v_j is refit
 * from each round's billboard U — so a user re-created anywhere (shard moved, or passivated if
 * someone turns passivation back on) answers every later request exactly as before.
 */
final class UserEntity extends AbstractBehavior<PopulationCommand> {
    private ActorRef<UserCommand> user;

    static Behavior<PopulationCommand> create() {
        return Behaviors.setup(UserEntity::new);
    }

    private UserEntity(ActorContext<PopulationCommand> ctx) {
        super(ctx);
    }

    @Override
    public Receive<PopulationCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(ForUser.class, this::onCommand)
                .onMessage(PopulationCommand.Retire.class, m -> Behaviors.stopped())
                .build();
    }

    private Behavior<PopulationCommand> onCommand(ForUser m) {
        if (user == null) {
            user = getContext().spawn(UserActor.create(PopulationCache.get(m.spec()), m.user(), null), "user",
                    DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER));
        }
        user.tell(m.command());
        return this;
    }
}
