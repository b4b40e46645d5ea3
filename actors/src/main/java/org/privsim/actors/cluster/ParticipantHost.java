package org.privsim.actors.cluster;

import java.util.HashMap;
import java.util.Map;
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
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.privsim.actors.local.LocalSettings;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Role;
import org.privsim.protocol.ParticipantHostCommand;
import org.privsim.protocol.ParticipantHostCommand.CountHosted;
import org.privsim.protocol.ParticipantHostCommand.Spawn;
import org.privsim.protocol.ParticipantHostCommand.MemberRemoved;
import org.privsim.protocol.ParticipantHostCommand.ParticipantGone;
import org.privsim.protocol.ParticipantHostCommand.StandInStopped;
import org.privsim.protocol.SeamDeskCommand;

/**
 * The participant host of a node with the cluster role of a {@link Role} other than
 * {@link Role#USER} (the {@code adversary} role), registered with the Receptionist under
 * {@link #key}: it runs the participants of that role that {@link RemoteParticipant} stand-ins place
 * here, each a {@link ParticipantActor} on the compute dispatcher, named by (job, cell, run,
 * participant): the stand-ins' requests come to the host, the answers go to the seam desk of the
 * run's node ({@link SeamDesk}), and nothing watches across nodes.
 *
 * <p>Guarantees: the participant is built from the same scenario text by the same parser and family
 * as its curator's node builds it ({@link SeamCache}), so it answers as a local one would; it stops
 * when its stand-in stops (its run ended; the stand-in says so) or the stand-in's node is removed
 * from the cluster. A participant that stops otherwise (a request failed — it cannot: the curator
 * parsed the same text) is reported to its stand-in, and the host keeps serving. A request for a
 * participant no longer here is dropped (its stand-in's silence timeout then fails the run).
 */
public final class ParticipantHost extends AbstractBehavior<ParticipantHostCommand> {
    private int hosted;

    /** A participant hosted here, with the desk of its run's node and that node's address. */
    private record Hosted(ActorRef<ParticipantHostCommand> participant, ActorRef<SeamDeskCommand> desk, String node) {}

    private final Map<String, Hosted> participants = new HashMap<>();
    private final String self;

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
        self = Cluster.get(ctx.getSystem()).selfMember().address().toString();
        Cluster.get(ctx.getSystem()).subscriptions().tell(Subscribe.create(ctx.messageAdapter(
                ClusterEvent.MemberRemoved.class, e -> new MemberRemoved(e.member().address().toString())),
                ClusterEvent.MemberRemoved.class));
    }

    private static String key(long job, int cell, int run, int participant) {
        return job + "/" + cell + "/" + run + "/" + participant;
    }

    @Override
    public Receive<ParticipantHostCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(Spawn.class, this::onSpawn)
                .onMessage(ParticipantHostCommand.Ask.class, m -> {
                    Hosted hosted = participants.get(key(m.job(), m.cell(), m.run(), m.participant()));
                    if (hosted != null) {
                        hosted.participant().tell(m);
                    }
                    return this;
                })
                .onMessage(CountHosted.class, m -> {
                    m.replyTo().tell(new ParticipantHostCommand.HostedCount(hosted));
                    return this;
                })
                .onMessage(StandInStopped.class, m -> {
                    Hosted hosted = participants.remove(key(m.job(), m.cell(), m.run(), m.participant()));
                    if (hosted != null) {
                        getContext().stop(hosted.participant());
                    }
                    return this;
                })
                .onMessage(ParticipantGone.class, m -> {
                    Hosted hosted = participants.remove(key(m.job(), m.cell(), m.run(), m.participant()));
                    if (hosted != null) {
                        hosted.desk().tell(new SeamDeskCommand.ParticipantStopped(m.job(), m.cell(), m.run(),
                                m.participant()));
                    }
                    return this;
                })
                .onMessage(MemberRemoved.class, m -> {
                    participants.values().removeIf(hosted -> {
                        if (hosted.node().equals(m.address())) {
                            getContext().stop(hosted.participant());
                            return true;
                        }
                        return false;
                    });
                    return this;
                })
                .build();
    }

    private Behavior<ParticipantHostCommand> onSpawn(Spawn m) {
        String key = key(m.job(), m.cell(), m.run(), m.participant());
        if (!participants.containsKey(key)) {
            SeamCache.Job job = SeamCache.job(m.job(), new ScenarioSource(m.text(), m.sourceName(), m.seed()));
            BoundCell cell = job.cells().get(m.cell());
            Object context = cell.context(m.run(), job.seed());
            ActorRef<ParticipantHostCommand> participant = getContext().spawn(ParticipantActor.create(m.job(), cell,
                    m.run(), job.seed(), context, m.participant(), m.desk()), "job-" + m.job() + "-cell-" + m.cell()
                    + "-run-" + m.run() + "-p-" + m.participant(),
                    DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER));
            getContext().watchWith(participant, new ParticipantGone(m.job(), m.cell(), m.run(), m.participant()));
            String node = m.desk().path().address().hasGlobalScope() ? m.desk().path().address().toString() : self;
            participants.put(key, new Hosted(participant, m.desk(), node));
            hosted++;
        }
        m.desk().tell(new SeamDeskCommand.ParticipantPlaced(m.job(), m.cell(), m.run(), m.participant(), self));
        return this;
    }
}
