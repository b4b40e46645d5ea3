package org.privsim.actors.cluster;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.SupervisorStrategy;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.actor.typed.receptionist.ServiceKey;
import org.privsim.actors.local.LocalSettings;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Role;
import org.privsim.protocol.ParticipantCommand;
import org.privsim.protocol.ParticipantHostCommand;
import org.privsim.protocol.ParticipantHostCommand.CountHosted;
import org.privsim.protocol.ParticipantHostCommand.Spawn;
import org.privsim.protocol.ParticipantHostCommand.StandInStopped;

/**
 * The participant host of a node with the cluster role of a {@link Role} other than
 * {@link Role#USER} (the {@code adversary} role), registered with the Receptionist under
 * {@link #key}: it runs the participants of that role that {@link RemoteParticipant} stand-ins place
 * here, each a {@link ParticipantActor} on the compute dispatcher.
 *
 * <p>Guarantees: the participant is built from the same scenario text by the same parser and family
 * as its curator's node builds it ({@link SeamCache}), so it answers as a local one would; it stops
 * when its stand-in stops (its run ended, or the run's node was lost). A request that fails (it
 * cannot: the curator parsed the same text) is logged and left unanswered, and the host keeps
 * serving (the stand-in's placement timeout then fails that run).
 */
public final class ParticipantHost extends AbstractBehavior<ParticipantHostCommand> {
    private int hosted;

    /** The Receptionist key the hosts of {@code role} register under. */
    public static ServiceKey<ParticipantHostCommand> key(Role role) {
        return ServiceKey.create(ParticipantHostCommand.class, "privsim-participant-host-" + role.clusterRole());
    }

    /** Starts this node's host of {@code role} and registers it with the Receptionist. */
    public static void init(ActorSystem<?> system, Role role) {
        ActorRef<ParticipantHostCommand> host = system.systemActorOf(Behaviors.supervise(
                Behaviors.setup(ParticipantHost::new)).onFailure(SupervisorStrategy.resume()),
                "participant-host-" + role.clusterRole(), Props.empty());
        system.receptionist().tell(Receptionist.register(key(role), host));
    }

    private ParticipantHost(ActorContext<ParticipantHostCommand> ctx) {
        super(ctx);
    }

    @Override
    public Receive<ParticipantHostCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(Spawn.class, this::onSpawn)
                .onMessage(CountHosted.class, m -> {
                    m.replyTo().tell(new ParticipantHostCommand.HostedCount(hosted));
                    return this;
                })
                .onMessage(StandInStopped.class, m -> {
                    getContext().stop(m.participant());
                    return this;
                })
                .build();
    }

    private Behavior<ParticipantHostCommand> onSpawn(Spawn m) {
        SeamCache.Job job = SeamCache.job(m.job(), new ScenarioSource(m.text(), m.sourceName(), m.seed()));
        BoundCell cell = job.cells().get(m.cell());
        Object context = cell.context(m.run(), job.seed());
        ActorRef<ParticipantCommand> participant = getContext().spawn(ParticipantActor.create(cell, m.run(),
                job.seed(), context, m.participant()), "job-" + m.job() + "-cell-" + m.cell() + "-run-" + m.run()
                + "-p-" + m.participant(), DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER));
        getContext().watchWith(m.replyTo(), new StandInStopped(participant));
        hosted++;
        m.replyTo().tell(new ParticipantHostCommand.Spawned(m.participant(), participant));
        return this;
    }
}
