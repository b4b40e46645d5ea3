package org.privsim.actors.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.privsim.actors.local.RemoteParticipants;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Role;
import org.privsim.protocol.ParticipantCommand;
import org.privsim.protocol.ParticipantHostCommand;
import org.privsim.protocol.RunCommand;
import org.privsim.protocol.SeamDeskCommand;

/**
 * The stand-in, beside a run's curator, of a participant whose {@link Role} runs on other nodes (an
 * audit's adversary on an {@code adversary} node): it places the participant through a
 * {@link ParticipantHost} of the role and relays the run's requests to it and its answers back —
 * by (job, cell, run, participant), the answers through this node's {@link SeamDesk}, with which
 * the stand-in registers, so no reference to it or to the participant crosses between nodes and
 * neither watches the other: the desk tells it when the participant's node is removed from the
 * cluster or the participant stopped, and the host hears when the stand-in stops.
 *
 * <p>Placement: the role's hosts found through the Receptionist, sorted by node address, run r of
 * cell c going to host (c + r) mod n — round-robin, so a job's runs spread over every node of the
 * role and placement is reproducible. It waits until every reachable Up member with the role is
 * listed (registrations reach the Receptionist asynchronously), so a newly joined node is not skipped.
 *
 * <p>Guarantees: requests that arrive before the participant is placed are kept and sent in order
 * once it is; answers go to the curator unchanged, so the run's outcome is the local runner's. The
 * curator gets one {@link RunCommand.ParticipantLost}, with the reason, if no host has placed the
 * participant within the placement timeout (no node of the role, a host that never answers), if
 * the participant stops (its node crashed or left), or if a request has waited for its answer for
 * the silence timeout. (Folds are computed on the curator's node: the curator fails a fold that
 * names a participant of another role.)
 */
final class RemoteParticipant {
    private static final Duration TICK = Duration.ofSeconds(1);

    private record Listed(Set<ActorRef<ParticipantHostCommand>> hosts) {}

    private record Deadline() {}

    private record Tick() {}

    private RemoteParticipant() {}

    /**
     * The stand-ins of job {@code job}, whose scenario is {@code source}: each gives its participant
     * {@code timeout} to be placed and fails its run after {@code silence} without an answer.
     */
    static RemoteParticipants of(long job, ScenarioSource source, Duration timeout, Duration silence) {
        return (cell, run, id, role, curator) -> Behaviors.setup(ctx -> Behaviors.withTimers(timers ->
                new State(ctx, timers, job, source, cell, run, id, role, curator, timeout, silence).behavior()));
    }

    private static final class State {
        private final ActorContext<Object> ctx;
        private final TimerScheduler<Object> timers;
        private final long job;
        private final ScenarioSource source;
        private final BoundCell cell;
        private final int run;
        private final int id;
        private final Role role;
        private final ActorRef<RunCommand> curator;
        private final Duration timeout;
        private final Duration silence;
        private final List<ParticipantCommand.Ask> waiting = new ArrayList<>();
        private final ActorRef<SeamDeskCommand> desk;
        private Address hostAddress;
        private ActorRef<ParticipantHostCommand> host;
        private boolean placed;
        private int outstanding;
        private long lastProgress = System.nanoTime();
        private boolean lost;

        State(ActorContext<Object> ctx, TimerScheduler<Object> timers, long job, ScenarioSource source, BoundCell cell,
              int run, int id, Role role, ActorRef<RunCommand> curator, Duration timeout, Duration silence) {
            this.ctx = ctx;
            this.timers = timers;
            this.job = job;
            this.source = source;
            this.cell = cell;
            this.run = run;
            this.id = id;
            this.role = role;
            this.curator = curator;
            this.timeout = timeout;
            this.silence = silence;
            this.desk = SeamDesk.of(ctx.getSystem());
            desk.tell(new SeamDeskCommand.RegisterStandIn(job, cell.index(), run, id, ctx.getSelf()));
            timers.startSingleTimer(new Deadline(), timeout);
            timers.startTimerWithFixedDelay(new Tick(), TICK);
            ctx.getSystem().receptionist().tell(Receptionist.subscribe(ParticipantHost.key(role), ctx.messageAdapter(
                    Receptionist.Listing.class, l -> new Listed(l.getServiceInstances(ParticipantHost.key(role))))));
        }

        Behavior<Object> behavior() {
            return Behaviors.receive(Object.class)
                    .onMessage(Listed.class, this::onListed)
                    .onMessage(SeamDeskCommand.ParticipantPlaced.class, this::onPlaced)
                    .onMessage(ParticipantCommand.Ask.class, this::onAsk)
                    .onMessage(RunCommand.Answered.class, m -> {
                        outstanding--;
                        lastProgress = System.nanoTime();
                        curator.tell(m);
                        return Behaviors.same();
                    })
                    .onMessage(SeamDeskCommand.ParticipantStopped.class, m -> lose(describe() + " on " + hostAddress
                            + " stopped (its node crashed or left the cluster)"))
                    .onMessage(Deadline.class, m -> placed ? Behaviors.same()
                            : lose(describe() + " could not be placed within " + timeout.toSeconds() + " s: "
                                    + (hostAddress == null ? "no host was listed for every reachable node with role "
                                    + role.clusterRole() : "the host at " + hostAddress + " did not answer")))
                    .onMessage(Tick.class, m -> outstanding > 0 && System.nanoTime() - lastProgress > silence.toNanos()
                            ? lose(describe() + " on " + hostAddress + " answered nothing for " + silence.toSeconds()
                            + " s while " + outstanding + " requests waited")
                            : Behaviors.same())
                    .onSignal(PostStop.class, stop -> {
                        if (host != null) {
                            host.tell(new ParticipantHostCommand.StandInStopped(job, cell.index(), run, id));
                        }
                        return Behaviors.same();
                    })
                    .build();
        }

        /** How the reason names this participant: its role first ("its adversary (participant 100 of run 3)"). */
        private String describe() {
            return "its " + role.clusterRole() + " (participant " + id + " of run " + run + ")";
        }

        private Behavior<Object> onListed(Listed m) {
            if (hostAddress != null || m.hosts().isEmpty() || lost) {
                return Behaviors.same();
            }
            Cluster cluster = Cluster.get(ctx.getSystem());
            ClusterEvent.CurrentClusterState state = cluster.state();
            List<ActorRef<ParticipantHostCommand>> hosts = m.hosts().stream()
                    .sorted(Comparator.comparing(h -> addressOf(h).toString())).toList();
            Set<Address> listed = hosts.stream().map(this::addressOf).collect(Collectors.toSet());
            for (Member member : state.getMembers()) {
                if (member.status() == MemberStatus.up() && member.hasRole(role.clusterRole())
                        && !state.getUnreachable().contains(member) && !listed.contains(member.address())) {
                    return Behaviors.same();
                }
            }
            host = hosts.get(Math.floorMod(cell.index() + run, hosts.size()));
            hostAddress = addressOf(host);
            host.tell(new ParticipantHostCommand.Spawn(job, source.text(), source.sourceName(), source.seed(),
                    cell.index(), run, id, desk));
            return Behaviors.same();
        }

        /** The cluster address of {@code ref}'s node (local refs carry no host). */
        private Address addressOf(ActorRef<?> ref) {
            Address address = ref.path().address();
            return address.hasGlobalScope() ? address : Cluster.get(ctx.getSystem()).selfMember().address();
        }

        private Behavior<Object> onPlaced(SeamDeskCommand.ParticipantPlaced m) {
            if (placed || lost) {
                return Behaviors.same();
            }
            placed = true;
            timers.cancel(new Deadline());
            for (ParticipantCommand.Ask ask : waiting) {
                send(ask);
            }
            waiting.clear();
            return Behaviors.same();
        }

        private Behavior<Object> onAsk(ParticipantCommand.Ask m) {
            if (!placed) {
                waiting.add(m);
            } else {
                send(m);
            }
            return Behaviors.same();
        }

        private void send(ParticipantCommand.Ask ask) {
            if (outstanding == 0) {
                lastProgress = System.nanoTime();
            }
            outstanding++;
            host.tell(new ParticipantHostCommand.Ask(job, cell.index(), run, id, ask.position(), ask.request()));
        }

        /** Tells the curator, once, that the participant is lost (the curator then stops this stand-in). */
        private Behavior<Object> lose(String reason) {
            if (!lost) {
                lost = true;
                timers.cancelAll();
                curator.tell(new RunCommand.ParticipantLost(id, reason));
            }
            return Behaviors.same();
        }
    }
}
