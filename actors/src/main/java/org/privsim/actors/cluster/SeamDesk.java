package org.privsim.actors.cluster;

import java.util.HashMap;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Extension;
import org.apache.pekko.actor.typed.ExtensionId;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.RunPlacerCommand;
import org.privsim.protocol.SeamDeskCommand;

/**
 * A node's seam desk ({@code /system/seam-desk}, one per node, started on first use): the
 * reply target of every seam run that a job on this node places on the cluster. A run's host, on
 * whatever node, tells the desk of the job's node (by job, cell and run) that it was placed, the
 * run's report and its end; the desk passes them on to the run's {@link RunPlacer} and the job's
 * seam coordinator, which registered here. A run's loss is seen without watching its host: the
 * desk follows the cluster's removed members and tells the placer of every run last placed on
 * one, and a host that stops before its run ended says so ({@link SeamDeskCommand.HostStopped}).
 * Likewise for a participant placed on another node (an audit's adversary, see
 * {@link RemoteParticipant}): its stand-in registers here, the participant's host answers here, and
 * the stand-in hears of the participant's loss from the desk.
 *
 * <p>Why: a reference to a remote actor, once it crossed the network, stays in Pekko's resolve
 * caches (1,024 entries per cache, several caches per node) and a remote watch leaves a death-watch
 * flush actor behind; with a placer, a coordinator and a host per run crossing and watched, every
 * job left a few dozen of them on each node. Through the desk only references to long-lived actors
 * (the desks, the shard regions) cross between nodes.
 *
 * <p>Guarantee: see {@link SeamDeskCommand}; registrations end when the registered actor stops
 * (the desk watches it, locally).
 */
public final class SeamDesk extends AbstractBehavior<SeamDeskCommand> {
    /** The desk's name under {@code /system}. */
    static final String NAME = "seam-desk";

    /** The desk of a node: its reference, made once per actor system. */
    public static final class Id extends ExtensionId<Ref> {
        private static final Id INSTANCE = new Id();

        @Override
        public Ref createExtension(ActorSystem<?> system) {
            return new Ref(system.systemActorOf(Behaviors.setup(SeamDesk::new), NAME, Props.empty()));
        }
    }

    /** The extension holding a node's desk. */
    public static final class Ref implements Extension {
        private final ActorRef<SeamDeskCommand> desk;

        Ref(ActorRef<SeamDeskCommand> desk) {
            this.desk = desk;
        }
    }

    /** This node's desk (started on first use). */
    public static ActorRef<SeamDeskCommand> of(ActorSystem<?> system) {
        return Id.INSTANCE.apply(system).desk;
    }

    /** A registered run: its placer and the node it was last placed on (null: none, or lost). */
    private static final class Run {
        final ActorRef<RunPlacerCommand> placer;
        String node;

        Run(ActorRef<RunPlacerCommand> placer) {
            this.placer = placer;
        }
    }

    /** A registered stand-in: its actor and its participant's node (null: not placed yet, or lost). */
    private static final class StandIn {
        final ActorRef<Object> ref;
        String node;

        StandIn(ActorRef<Object> ref) {
            this.ref = ref;
        }
    }

    private final Map<String, Run> runs = new HashMap<>();
    private final Map<String, StandIn> standIns = new HashMap<>();
    private final Map<Long, ActorRef<CoordinatorCommand>> coordinators = new HashMap<>();

    private SeamDesk(ActorContext<SeamDeskCommand> ctx) {
        super(ctx);
        Cluster.get(ctx.getSystem()).subscriptions().tell(Subscribe.create(ctx.messageAdapter(
                ClusterEvent.MemberRemoved.class, e -> new SeamDeskCommand.MemberRemoved(e.member().address().toString())),
                ClusterEvent.MemberRemoved.class));
    }

    private static String key(long job, int cell, int run) {
        return job + "/" + cell + "/" + run;
    }

    private static String key(long job, int cell, int run, int participant) {
        return job + "/" + cell + "/" + run + "/" + participant;
    }

    @Override
    public Receive<SeamDeskCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(SeamDeskCommand.RegisterRun.class, m -> {
                    runs.put(key(m.job(), m.cell(), m.run()), new Run(m.placer()));
                    getContext().watchWith(m.placer(), new SeamDeskCommand.Gone(m.job(), m.cell(), m.run(), -1));
                    return this;
                })
                .onMessage(SeamDeskCommand.RegisterJob.class, m -> {
                    coordinators.put(m.job(), m.coordinator());
                    getContext().watchWith(m.coordinator(), new SeamDeskCommand.Gone(m.job(), -1, -1, -1));
                    return this;
                })
                .onMessage(SeamDeskCommand.RegisterStandIn.class, m -> {
                    standIns.put(key(m.job(), m.cell(), m.run(), m.participant()), new StandIn(m.standIn()));
                    getContext().watchWith(m.standIn(), new SeamDeskCommand.Gone(m.job(), m.cell(), m.run(),
                            m.participant()));
                    return this;
                })
                .onMessage(SeamDeskCommand.Gone.class, m -> {
                    if (m.cell() < 0) {
                        coordinators.remove(m.job());
                    } else if (m.participant() < 0) {
                        runs.remove(key(m.job(), m.cell(), m.run()));
                    } else {
                        standIns.remove(key(m.job(), m.cell(), m.run(), m.participant()));
                    }
                    return this;
                })
                .onMessage(SeamDeskCommand.ParticipantPlaced.class, m -> {
                    StandIn standIn = standIns.get(key(m.job(), m.cell(), m.run(), m.participant()));
                    if (standIn != null) {
                        standIn.node = m.node();
                        standIn.ref.tell(m);
                    }
                    return this;
                })
                .onMessage(SeamDeskCommand.ParticipantAnswered.class, m -> {
                    StandIn standIn = standIns.get(key(m.job(), m.cell(), m.run(), m.participant()));
                    if (standIn != null) {
                        standIn.ref.tell(m.answer());
                    }
                    return this;
                })
                .onMessage(SeamDeskCommand.ParticipantStopped.class, m -> {
                    StandIn standIn = standIns.get(key(m.job(), m.cell(), m.run(), m.participant()));
                    if (standIn != null) {
                        standIn.ref.tell(m);
                    }
                    return this;
                })
                .onMessage(SeamDeskCommand.Placed.class, m -> {
                    Run run = runs.get(key(m.job(), m.cell(), m.run()));
                    if (run != null) {
                        run.node = m.node();
                        run.placer.tell(new RunPlacerCommand.Placed(m.node()));
                    }
                    return this;
                })
                .onMessage(SeamDeskCommand.Report.class, m -> {
                    ActorRef<CoordinatorCommand> coordinator = coordinators.get(m.job());
                    if (coordinator != null) {
                        coordinator.tell(m.report());
                    }
                    return this;
                })
                .onMessage(SeamDeskCommand.Ended.class, m -> {
                    Run run = runs.get(key(m.job(), m.cell(), m.run()));
                    if (run != null) {
                        run.placer.tell(new RunPlacerCommand.Ended());
                    }
                    return this;
                })
                .onMessage(SeamDeskCommand.HostStopped.class, m -> {
                    Run run = runs.get(key(m.job(), m.cell(), m.run()));
                    if (run != null && m.node().equals(run.node)) {
                        run.node = null;
                        run.placer.tell(new RunPlacerCommand.Lost(m.node()));
                    }
                    return this;
                })
                .onMessage(SeamDeskCommand.MemberRemoved.class, m -> {
                    for (Run run : runs.values()) {
                        if (m.address().equals(run.node)) {
                            run.node = null;
                            run.placer.tell(new RunPlacerCommand.Lost(m.address()));
                        }
                    }
                    standIns.forEach((key, standIn) -> {
                        if (m.address().equals(standIn.node)) {
                            standIn.node = null;
                            String[] k = key.split("/");
                            standIn.ref.tell(new SeamDeskCommand.ParticipantStopped(Long.parseLong(k[0]),
                                    Integer.parseInt(k[1]), Integer.parseInt(k[2]), Integer.parseInt(k[3])));
                        }
                    });
                    return this;
                })
                .build();
    }
}
