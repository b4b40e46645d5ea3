package org.privsim.actors.cluster;

import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.actor.typed.pubsub.Topic;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.privsim.actors.local.AdversaryWiring;
import org.privsim.protocol.AdversaryCommand;
import org.privsim.protocol.AdversaryHostCommand;
import org.privsim.protocol.AuditCommand;
import org.privsim.protocol.BillboardPost;

/**
 * Places the adversary of one indexed-mean audit of a cluster job on a node with role
 * {@value AdversaryHost#ROLE}, then publishes the audit's billboard to it through a Pekko pub-sub
 * {@link Topic} named after the job and audit (so audits never cross).
 *
 * <p>Placement: the {@link AdversaryHost}s found through the Receptionist, sorted by node address,
 * audit a going to host a mod n — round-robin, so a job's audits spread over every adversary node
 * and placement is reproducible. It waits until every reachable Up member with the role is listed
 * (registrations reach the Receptionist asynchronously), so a newly joined node is not skipped. A
 * host rather than a sharded entity type: sharding's allocation strategy decides where a shard
 * goes, which would make the spread neither predictable nor checkable, and an adversary has no
 * state worth re-homing — a lost adversary fails the audit.
 *
 * <p>Guarantees: the coordinator gets {@link AuditCommand.AdversaryReady} only once this side's
 * topic instance lists the adversary's (a post published earlier would be lost), checked with
 * {@link Topic#getTopicStats}; if that has not happened within the placement timeout (no host, a
 * host that never answers, a subscription that never shows), the coordinator gets one
 * {@link AuditCommand.AdversaryLost} naming the step instead — at once if the adversary stops
 * before it is ready. After that every {@link BillboardPost} sent to the ready ref is published to
 * the topic, and published again every {@value #RESEND_SECONDS} s while its trial is unscored: the
 * Receptionist hides topic instances on unreachable nodes, so a post published while the
 * adversary's node is briefly unreachable (a long GC, a loaded host) is lost. The adversary's
 * scores pass through here on their way to the coordinator, which is how it knows; a post that
 * arrives twice is ignored (the trial's view already has the identical post, or is scored).
 */
final class AdversaryPlacement extends AbstractBehavior<AdversaryPlacement.Command> {
    private static final Duration STATS_POLL = Duration.ofMillis(20);
    /** How often posts of trials still unscored are published again. */
    static final long RESEND_SECONDS = 2;
    private static final Duration RESEND_INTERVAL = Duration.ofSeconds(RESEND_SECONDS);

    /** What the placement handles (all its own, through adapters and timers). */
    sealed interface Command permits HostsListed, Hosted, AdversaryStopped, Stats, PollStats, Deadline, Publish, Scored, Resend {}

    private record HostsListed(Set<ActorRef<AdversaryHostCommand>> hosts) implements Command {}

    private record Hosted(ActorRef<AdversaryCommand> adversary) implements Command {}

    private record AdversaryStopped() implements Command {}

    private record Stats(int topicInstances) implements Command {}

    private record PollStats() implements Command {}

    private record Deadline() implements Command {}

    private record Publish(BillboardPost post) implements Command {}

    private record Scored(AuditCommand score) implements Command {}

    private record Resend() implements Command {}

    private final long job;
    private final int audit;
    private final ScenarioSource source;
    private final Duration timeout;
    private final ActorRef<AuditCommand> coordinator;
    private final TimerScheduler<Command> timers;
    private final ActorRef<Topic.Command<BillboardPost>> topic;
    private final String topicName;
    private final ActorRef<Topic.TopicStats> statsAdapter;
    private Address hostAddress;
    private ActorRef<AdversaryCommand> adversary;
    private final Map<Integer, BillboardPost> unscored = new HashMap<>();
    private Set<Integer> unscoredAtLastResend = Set.of();
    /** The coordinator got its one answer (ready or lost). */
    private boolean settled;

    /**
     * Places the adversaries of job {@code job}, whose scenario is {@code source}, as children of
     * their coordinators (death pact), each given {@code timeout} to become ready.
     */
    static AdversaryWiring wiring(long job, ScenarioSource source, Duration timeout) {
        return (ctx, scenario, audit) -> ctx.watch(ctx.spawn(Behaviors.<Command>setup(c -> Behaviors.withTimers(
                timers -> new AdversaryPlacement(c, timers, job, audit, source, timeout, ctx.getSelf()))),
                "adversary-placement"));
    }

    private AdversaryPlacement(ActorContext<Command> ctx, TimerScheduler<Command> timers, long job, int audit,
                               ScenarioSource source, Duration timeout, ActorRef<AuditCommand> coordinator) {
        super(ctx);
        this.job = job;
        this.audit = audit;
        this.source = source;
        this.timeout = timeout;
        this.coordinator = coordinator;
        this.timers = timers;
        this.topicName = "privsim-billboard-" + job + "-" + audit;
        this.topic = ctx.spawn(Topic.create(BillboardPost.class, topicName), "billboard-topic");
        this.statsAdapter = ctx.messageAdapter(Topic.TopicStats.class, s -> new Stats(s.topicInstanceCount()));
        timers.startSingleTimer(new Deadline(), timeout);
        ctx.getSystem().receptionist().tell(Receptionist.subscribe(AdversaryHost.KEY, ctx.messageAdapter(
                Receptionist.Listing.class, l -> new HostsListed(l.getServiceInstances(AdversaryHost.KEY)))));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(HostsListed.class, this::onHostsListed)
                .onMessage(Hosted.class, this::onHosted)
                .onMessage(AdversaryStopped.class, m -> onAdversaryStopped())
                .onMessage(PollStats.class, m -> pollStats())
                .onMessage(Stats.class, this::onStats)
                .onMessage(Deadline.class, m -> onDeadline())
                .onMessage(Publish.class, m -> {
                    unscored.put(m.post().round(), m.post());
                    topic.tell(Topic.publish(m.post()));
                    return this;
                })
                .onMessage(Scored.class, m -> {
                    if (m.score() instanceof AuditCommand.TrialScore score) {
                        unscored.remove(score.trial());
                    }
                    coordinator.tell(m.score());
                    return this;
                })
                .onMessage(Resend.class, m -> onResend())
                .build();
    }

    private Behavior<Command> onHostsListed(HostsListed m) {
        if (hostAddress != null || m.hosts().isEmpty()) {
            return this;
        }
        Cluster cluster = Cluster.get(getContext().getSystem());
        ClusterEvent.CurrentClusterState state = cluster.state();
        List<ActorRef<AdversaryHostCommand>> hosts = m.hosts().stream()
                .sorted(Comparator.comparing(h -> addressOf(h).toString())).toList();
        Set<Address> listed = hosts.stream().map(this::addressOf).collect(Collectors.toSet());
        for (Member member : state.getMembers()) {
            if (member.status() == MemberStatus.up() && member.hasRole(AdversaryHost.ROLE)
                    && !state.getUnreachable().contains(member) && !listed.contains(member.address())) {
                return this;
            }
        }
        ActorRef<AdversaryHostCommand> host = hosts.get(audit % hosts.size());
        hostAddress = addressOf(host);
        getContext().getLog().info("job {}: the adversary of audit {} goes to {}", job, audit, hostAddress);
        host.tell(new AdversaryHostCommand.Host(job, audit, source.text(), source.sourceName(), source.seed(),
                topicName, coordinator, getContext().messageAdapter(AuditCommand.class, Scored::new),
                getContext().messageAdapter(AdversaryHostCommand.Hosted.class,
                        h -> new Hosted(h.adversary()))));
        return this;
    }

    /** The cluster address of {@code ref}'s node (local refs carry no host). */
    private Address addressOf(ActorRef<?> ref) {
        Address address = ref.path().address();
        return address.hasGlobalScope() ? address : Cluster.get(getContext().getSystem()).selfMember().address();
    }

    private Behavior<Command> onHosted(Hosted m) {
        if (adversary != null) {
            return this;
        }
        adversary = m.adversary();
        getContext().watchWith(adversary, new AdversaryStopped());
        return pollStats();
    }

    private Behavior<Command> pollStats() {
        topic.tell(Topic.getTopicStats(statsAdapter));
        return this;
    }

    private Behavior<Command> onStats(Stats m) {
        if (settled) {
            return this;
        }
        if (m.topicInstances() == 0) {
            timers.startSingleTimer(new PollStats(), STATS_POLL);
            return this;
        }
        settled = true;
        timers.cancel(new Deadline());
        timers.startTimerWithFixedDelay(new Resend(), RESEND_INTERVAL);
        coordinator.tell(new AuditCommand.AdversaryReady(audit, adversary,
                getContext().messageAdapter(BillboardPost.class, Publish::new)));
        return this;
    }

    /** Publishes again every post whose trial was already unscored at the previous resend. */
    private Behavior<Command> onResend() {
        for (int round : unscoredAtLastResend) {
            BillboardPost post = unscored.get(round);
            if (post != null) {
                topic.tell(Topic.publish(post));
            }
        }
        unscoredAtLastResend = Set.copyOf(unscored.keySet());
        return this;
    }

    /** Before ready only: afterwards the coordinator watches the adversary itself. */
    private Behavior<Command> onAdversaryStopped() {
        if (!settled) {
            settled = true;
            timers.cancel(new Deadline());
            coordinator.tell(new AuditCommand.AdversaryLost(audit, "its adversary on " + hostAddress
                    + " stopped before its billboard subscription became visible (its node crashed or left)"));
        }
        return this;
    }

    private Behavior<Command> onDeadline() {
        String step = hostAddress == null ? "no adversary host was listed for every reachable node with role "
                + AdversaryHost.ROLE : adversary == null ? "the adversary host at " + hostAddress + " did not answer"
                : "the adversary's subscription to " + topicName + " did not become visible";
        coordinator.tell(new AuditCommand.AdversaryLost(audit, "could not place the adversary within "
                + timeout.toSeconds() + " s: " + step));
        return this;
    }
}
