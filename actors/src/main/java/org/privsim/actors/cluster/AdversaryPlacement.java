package org.privsim.actors.cluster;

import java.time.Duration;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.IndexedMeanGame;
import org.privsim.protocol.AdversaryCommand;
import org.privsim.protocol.AdversaryHostCommand;
import org.privsim.protocol.AuditCommand;
import org.privsim.protocol.BillboardPost;

/**
 * Places the adversary of one indexed-mean audit of a cluster job on a node with role
 * {@value AdversaryHost#ROLE}, then relays the audit's view to it: the billboard through a Pekko
 * pub-sub {@link Topic} named after the job and audit (so audits never cross), batch openings and
 * the colluders' separate outputs directly, the |C| colluders' outputs of a batch of trials
 * gathered into one {@link AdversaryCommand.ForwardedOutputs}.
 *
 * <p>Placement: the {@link AdversaryHost}s found through the Receptionist, sorted by node address,
 * audit a going to host a mod n — round-robin, so a job's audits spread over every adversary node
 * and placement is reproducible. It waits until every reachable Up member with the role is listed
 * (registrations reach the Receptionist asynchronously), so a newly joined node is not skipped. A
 * host rather than a sharded entity type: sharding's allocation strategy decides where a shard
 * goes, which would make the spread neither predictable nor checkable, and an adversary has no
 * state worth re-homing — a lost adversary fails the audit.
 *
 * <p>Why gather: with |C| colluders, one message per colluder and batch would put |C| messages per
 * batch in flight on the connection to the adversary's node (one per output and trial, as before
 * batching, put 6,336 at once there for the shipped 100-person audits, over Artery's outbound queue
 * of 3,072, which drops the excess silently). Gathered, a batch costs at most three messages one
 * way (opening, outputs, post) and one back (its scores), each bounded in size by the
 * coordinator's batch size.
 *
 * <p>Guarantees: the coordinator gets {@link AuditCommand.AdversaryReady} (with this relay as the
 * inbox) only once this side's topic instance lists the adversary's (a post published earlier
 * would be lost), checked with {@link Topic#getTopicStats}; if that has not happened within the
 * placement timeout (no host, a host that never answers, a subscription that never shows), it
 * gets one {@link AuditCommand.AdversaryLost} naming the step instead. It also gets one
 * {@link AuditCommand.AdversaryLost} if the adversary stops (its node crashed or left), or if trials
 * wait and no score has come for the silence timeout. Everything relayed for a batch that is still
 * unscored {@value #RESEND_SECONDS} s later is sent again (the Receptionist hides topic instances on
 * unreachable nodes, so a post published while the adversary's node is briefly unreachable — a long
 * GC, a loaded host — is lost); the adversary ignores what it already has. Scores pass through
 * here on their way to the coordinator, which is how the relay knows a batch is done.
 */
final class AdversaryPlacement extends AbstractBehavior<AdversaryPlacement.Command> {
    private static final Duration STATS_POLL = Duration.ofMillis(20);
    /** How often what was relayed for trials still unscored is sent again. */
    static final long RESEND_SECONDS = 2;
    private static final Duration RESEND_INTERVAL = Duration.ofSeconds(RESEND_SECONDS);

    /** What the placement handles (all its own, through adapters and timers). */
    sealed interface Command permits HostsListed, Hosted, AdversaryStopped, Stats, PollStats, Deadline, Inbound,
            Scored, Resend {}

    private record HostsListed(Set<ActorRef<AdversaryHostCommand>> hosts) implements Command {}

    private record Hosted(ActorRef<AdversaryCommand> adversary) implements Command {}

    private record AdversaryStopped() implements Command {}

    private record Stats(int topicInstances) implements Command {}

    private record PollStats() implements Command {}

    private record Deadline() implements Command {}

    private record Inbound(AdversaryCommand command) implements Command {}

    private record Scored(AuditCommand score) implements Command {}

    private record Resend() implements Command {}

    /** What was relayed of one unscored batch (keyed by its first trial). */
    private static final class Pending {
        /** The batch's trials once opened; 0 before. */
        int count;
        final int[] colluders;
        final int[] indices;
        final double[][] estimates;
        int forwarded;
        BillboardPost post;

        Pending(int size) {
            colluders = new int[size];
            indices = new int[size];
            estimates = new double[size][];
        }
    }

    private final long job;
    private final int audit;
    private final int collusionSize;
    private final ScenarioSource source;
    private final Duration timeout;
    private final Duration silence;
    private final ActorRef<AuditCommand> coordinator;
    private final TimerScheduler<Command> timers;
    private final ActorRef<Topic.Command<BillboardPost>> topic;
    private final String topicName;
    private final ActorRef<Topic.TopicStats> statsAdapter;
    private Address hostAddress;
    private ActorRef<AdversaryCommand> adversary;
    private final Map<Integer, Pending> unscored = new TreeMap<>();
    private final BitSet scored = new BitSet();
    private Set<Integer> unscoredAtLastResend = Set.of();
    /** When a score last arrived, or trials started waiting for one (System.nanoTime). */
    private long lastProgress;
    /** The coordinator got its one answer (ready or lost). */
    private boolean settled;
    /** The coordinator was told the adversary is lost. */
    private boolean lost;

    /**
     * Places the adversaries of job {@code job}, whose scenario is {@code source}, as children of
     * their coordinators (death pact), each given {@code timeout} to become ready and failed after
     * {@code silence} without a score while trials wait.
     */
    static AdversaryWiring wiring(long job, ScenarioSource source, Duration timeout, Duration silence) {
        return (ctx, scenario, audit) -> {
            AuditSpec spec = scenario.audits().get(audit);
            int persons = IndexedMeanGame.population(spec, audit, scenario.seed()).persons();
            int collusionSize = spec.collusion().members(persons, spec.target()).length;
            ctx.watch(ctx.spawn(Behaviors.<Command>setup(c -> Behaviors.withTimers(timers -> new AdversaryPlacement(
                    c, timers, job, audit, collusionSize, source, timeout, silence, ctx.getSelf()))),
                    "adversary-placement"));
        };
    }

    private AdversaryPlacement(ActorContext<Command> ctx, TimerScheduler<Command> timers, long job, int audit,
                               int collusionSize, ScenarioSource source, Duration timeout, Duration silence,
                               ActorRef<AuditCommand> coordinator) {
        super(ctx);
        this.job = job;
        this.audit = audit;
        this.collusionSize = collusionSize;
        this.source = source;
        this.timeout = timeout;
        this.silence = silence;
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
                .onMessage(Inbound.class, this::onInbound)
                .onMessage(Scored.class, this::onScored)
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
        coordinator.tell(new AuditCommand.AdversaryReady(audit,
                getContext().messageAdapter(AdversaryCommand.class, Inbound::new)));
        return this;
    }

    /** Relays one piece of a batch's view: the post to the topic, the rest directly. */
    private Behavior<Command> onInbound(Inbound m) {
        if (lost || scored.get(firstTrialOf(m.command()))) {
            return this;
        }
        AdversaryCommand command = m.command();
        if (command instanceof AdversaryCommand.TrialsOpened opened) {
            pending(opened.firstTrial()).count = opened.count();
            adversary.tell(opened);
        } else if (command instanceof AdversaryCommand.ForwardedOutput output) {
            Pending batch = pending(output.firstTrial());
            batch.colluders[batch.forwarded] = output.colluder();
            batch.indices[batch.forwarded] = output.index();
            batch.estimates[batch.forwarded] = output.estimates();
            if (++batch.forwarded == collusionSize) {
                adversary.tell(outputs(output.firstTrial(), batch));
            }
        } else if (command instanceof BillboardPost post) {
            pending(post.firstRound()).post = post;
            topic.tell(Topic.publish(post));
        } else {
            adversary.tell(command);
        }
        return this;
    }

    private static int firstTrialOf(AdversaryCommand command) {
        if (command instanceof AdversaryCommand.TrialsOpened opened) {
            return opened.firstTrial();
        } else if (command instanceof AdversaryCommand.ForwardedOutput output) {
            return output.firstTrial();
        } else if (command instanceof AdversaryCommand.ForwardedOutputs outputs) {
            return outputs.firstTrial();
        }
        return ((BillboardPost) command).firstRound();
    }

    /** The relayed view of the batch starting at {@code firstTrial}; the silence clock starts when trials start waiting. */
    private Pending pending(int firstTrial) {
        if (unscored.isEmpty()) {
            lastProgress = System.nanoTime();
        }
        return unscored.computeIfAbsent(firstTrial, t -> new Pending(collusionSize));
    }

    private AdversaryCommand.ForwardedOutputs outputs(int firstTrial, Pending pending) {
        return new AdversaryCommand.ForwardedOutputs(audit, firstTrial, pending.colluders, pending.indices,
                pending.estimates);
    }

    private Behavior<Command> onScored(Scored m) {
        if (m.score() instanceof AuditCommand.TrialScores scores) {
            unscored.remove(scores.firstTrial());
            scored.set(scores.firstTrial());
            lastProgress = System.nanoTime();
        }
        coordinator.tell(m.score());
        return this;
    }

    /**
     * Sends again what was relayed for every batch already unscored at the previous resend, and
     * gives up on an adversary that has scored nothing for the silence timeout.
     */
    private Behavior<Command> onResend() {
        if (!unscored.isEmpty() && System.nanoTime() - lastProgress > silence.toNanos()) {
            return lose("its adversary on " + hostAddress + " scored no trial for " + silence.toSeconds()
                    + " s while " + unscored.size() + " batches of trials waited");
        }
        for (int firstTrial : unscoredAtLastResend) {
            Pending pending = unscored.get(firstTrial);
            if (pending == null) {
                continue;
            }
            if (pending.count > 0) {
                adversary.tell(new AdversaryCommand.TrialsOpened(audit, firstTrial, pending.count));
            }
            if (pending.forwarded == collusionSize && collusionSize > 0) {
                adversary.tell(outputs(firstTrial, pending));
            }
            if (pending.post != null) {
                topic.tell(Topic.publish(pending.post));
            }
        }
        unscoredAtLastResend = Set.copyOf(unscored.keySet());
        return this;
    }

    private Behavior<Command> onAdversaryStopped() {
        return lose(settled ? "its adversary on " + hostAddress + " stopped (its node crashed or left the cluster)"
                : "its adversary on " + hostAddress
                + " stopped before its billboard subscription became visible (its node crashed or left)");
    }

    private Behavior<Command> onDeadline() {
        String step = hostAddress == null ? "no adversary host was listed for every reachable node with role "
                + AdversaryHost.ROLE : adversary == null ? "the adversary host at " + hostAddress + " did not answer"
                : "the adversary's subscription to " + topicName + " did not become visible";
        return lose("could not place the adversary within " + timeout.toSeconds() + " s: " + step);
    }

    /** Tells the coordinator, once, that the adversary is lost, and stops relaying. */
    private Behavior<Command> lose(String reason) {
        if (!lost) {
            lost = true;
            settled = true;
            timers.cancelAll();
            coordinator.tell(new AuditCommand.AdversaryLost(audit, reason));
        }
        return this;
    }
}
