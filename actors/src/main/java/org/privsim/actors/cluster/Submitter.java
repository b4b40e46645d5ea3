package org.privsim.actors.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.apache.pekko.cluster.typed.Unsubscribe;
import org.privsim.actors.local.SimulationGuardian;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.run.ExperimentRow;
import org.privsim.core.run.Progress;
import org.privsim.protocol.JobCommand;
import org.privsim.protocol.ScenarioCuratorCommand;
import org.privsim.protocol.SubmitterCommand;

/**
 * Submits one scenario to the cluster's {@link ScenarioCurator} and collects its results.
 *
 * <p>A member submitter submits once, through the curator singleton's proxy, and watches its job.
 * A client (not a member) sends the submission to each node's curator entry in turn, every
 * {@code tick}, until one answers (the curator answers a repeated submission once), then sends
 * its job a heartbeat every {@code tick} (through the curator entry of the job's node) and takes
 * the job's node for lost when it has heard nothing from the job for {@code silence}: no remote
 * death watch ties a client to a node, so the nodes keep no watch, heartbeat or death-watch flush
 * for it, and no message of a client carries an actor reference (its own actor travels as a path,
 * see {@link ScenarioCurator}) — what a node keeps of a client once it is gone is its quarantined
 * association, whose queues are dropped after
 * {@code pekko.remote.artery.advanced.remove-quarantined-association-after}.
 *
 * <p>Guarantee: {@code result} is completed exactly once — with every result in plan order, or
 * exceptionally when the curator rejects the scenario, does not accept it within the accept
 * timeout, reports a failure, or the job's node leaves the cluster (a member watches the job; a
 * client hears nothing from it for the silence timeout) or stays unreachable from this member for
 * the job-node timeout — then the submitter tells the job it is done and stops. It never waits
 * forever. When the curator's node is lost, or this member stops (downed, or its system terminated)
 * while that node is unreachable, the failure names the curator's node.
 */
final class Submitter extends AbstractBehavior<SubmitterCommand> {
    private final Progress progress;
    private final CompletableFuture<SimulationGuardian.Outcomes> result;
    private final TimerScheduler<SubmitterCommand> timers;
    private final Duration jobNodeLostAfter;
    /** Where a client sends its submission, in turn (a member: the curator's proxy alone). */
    private final List<ActorRef<ScenarioCuratorCommand>> entries;
    private final ScenarioCuratorCommand.Submit submit;
    /** How long a client waits without a word from its job before it takes the job's node for lost. */
    private final Duration silence;
    private final String acceptTimeoutMessage;
    private int sent;
    private long lastHeard;
    private ActorRef<JobCommand> jobRef;
    /** A client's way to its job: the curator entry of the job's node. */
    private ActorRef<ScenarioCuratorCommand> jobEntry;
    /** This member's reachability events, or null for a submitter that is not a member. */
    private final ActorRef<ClusterEvent.ReachabilityEvent> reachability;
    private final List<ExperimentRow> seam = new ArrayList<>();
    private final List<AuditResult> audits = new ArrayList<>();
    private long job = -1;
    /** The address of the node running the job (the curator's). */
    private String jobNode;
    /** Whether this member's failure detector holds the job's node unreachable. */
    private boolean jobNodeUnreachable;

    /**
     * A member's submitter: submits once to {@code curator} (the singleton's proxy) and watches the
     * job, following the reachability of its node.
     */
    static Behavior<SubmitterCommand> member(ActorRef<ScenarioCuratorCommand> curator, ScenarioSource source,
                                             String datasetSha256, Duration acceptTimeout, Duration jobNodeLostAfter,
                                             Progress progress, CompletableFuture<SimulationGuardian.Outcomes> result) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> new Submitter(ctx, timers, true, List.of(curator),
                source, datasetSha256, acceptTimeout, "no curator accepted the scenario in time; is a node with role "
                + ScenarioCurator.ROLE + " up and the cluster formed?", jobNodeLostAfter, null, null, progress,
                result).start()));
    }

    /**
     * A client's submitter: sends the submission to {@code entries} (the seed nodes' curator entries)
     * in turn every {@code tick} until one answers, within {@code acceptTimeout} (else it fails with
     * {@code acceptTimeoutMessage}); then a heartbeat to the job every {@code tick}, giving the
     * job's node up after {@code silence} without a word from the job.
     */
    static Behavior<SubmitterCommand> client(List<ActorRef<ScenarioCuratorCommand>> entries, ScenarioSource source,
                                             String datasetSha256, Duration acceptTimeout, String acceptTimeoutMessage,
                                             Duration tick, Duration silence, Progress progress,
                                             CompletableFuture<SimulationGuardian.Outcomes> result) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> new Submitter(ctx, timers, false, entries, source,
                datasetSha256, acceptTimeout, acceptTimeoutMessage, null, tick, silence, progress, result).start()));
    }

    private Submitter(ActorContext<SubmitterCommand> ctx, TimerScheduler<SubmitterCommand> timers, boolean member,
                      List<ActorRef<ScenarioCuratorCommand>> entries, ScenarioSource source, String datasetSha256,
                      Duration acceptTimeout, String acceptTimeoutMessage, Duration jobNodeLostAfter, Duration tick,
                      Duration silence, Progress progress, CompletableFuture<SimulationGuardian.Outcomes> result) {
        super(ctx);
        this.timers = timers;
        this.jobNodeLostAfter = jobNodeLostAfter;
        this.entries = List.copyOf(entries);
        this.submit = new ScenarioCuratorCommand.Submit(source.text(), source.sourceName(), source.seed(),
                datasetSha256, member ? ctx.getSelf() : null, member ? null : Adapter.toClassic(ctx.getSelf()).path()
                .toSerializationFormatWithAddress(((ExtendedActorSystem) Adapter.toClassic(ctx.getSystem()))
                        .provider().getDefaultAddress()));
        this.silence = silence;
        this.acceptTimeoutMessage = acceptTimeoutMessage;
        timers.startSingleTimer(new SubmitterCommand.AcceptTimeout(), acceptTimeout);
        if (tick != null) {
            timers.startTimerWithFixedDelay(new SubmitterCommand.Tick(), tick);
        }
        this.progress = progress;
        this.result = result;
        this.reachability = !member ? null : ctx.messageAdapter(ClusterEvent.ReachabilityEvent.class,
                e -> new SubmitterCommand.JobNodeReachability(e.member().address().toString(),
                        e instanceof ClusterEvent.ReachableMember));
    }

    /** Sends the submission (again) to the next entry. */
    private Behavior<SubmitterCommand> start() {
        entries.get(sent++ % entries.size()).tell(submit);
        return this;
    }

    /** A client's tick: the submission again until accepted, then a heartbeat and the silence check. */
    private Behavior<SubmitterCommand> onTick() {
        if (job < 0) {
            return start();
        }
        if (System.nanoTime() - lastHeard > silence.toNanos()) {
            return fail(lost("it crashed, left, or was cut off: nothing heard from the job for "
                    + silence.toSeconds() + " s"));
        }
        toJob(new JobCommand.SubmitterAlive());
        return this;
    }

    /** Any word from the job: a client's job is alive. */
    private Behavior<SubmitterCommand> heard(Behavior<SubmitterCommand> next) {
        lastHeard = System.nanoTime();
        return next;
    }

    @Override
    public Receive<SubmitterCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(SubmitterCommand.Accepted.class, m -> {
                    if (job >= 0) {
                        return this;
                    }
                    timers.cancel(new SubmitterCommand.AcceptTimeout());
                    job = m.job();
                    jobRef = m.jobRef();
                    lastHeard = System.nanoTime();
                    jobNode = m.jobRef().path().address().toString();
                    if (silence == null) {
                        getContext().watchWith(m.jobRef(), new SubmitterCommand.JobLost());
                    } else {
                        jobEntry = Adapter.toTyped(((ExtendedActorSystem) Adapter.toClassic(getContext().getSystem()))
                                .provider().resolveActorRef(jobNode + "/system/" + ClusterNode.CURATOR_ENTRY));
                    }
                    if (reachability != null) {
                        Cluster.get(getContext().getSystem()).subscriptions().tell(
                                Subscribe.create(reachability, ClusterEvent.ReachabilityEvent.class));
                    }
                    return this;
                })
                .onMessage(SubmitterCommand.Tick.class, m -> onTick())
                .onMessage(SubmitterCommand.JobAlive.class, m -> heard(this))
                .onMessage(SubmitterCommand.JobNodeReachability.class, this::onReachability)
                .onMessage(SubmitterCommand.JobNodeUnreachableTimeout.class, m -> fail(lost("unreachable for "
                        + jobNodeLostAfter.toSeconds() + " s")))
                .onMessage(SubmitterCommand.Rejected.class, m -> fail("the curator rejected the scenario: "
                        + m.reason()))
                .onMessage(SubmitterCommand.ProgressUpdate.class, m -> {
                    progress.update(m.done(), m.total(), m.message());
                    return heard(this);
                })
                .onMessage(SubmitterCommand.SeamPart.class, m -> heard(add(m.index(), seam, m.result())))
                .onMessage(SubmitterCommand.AuditPart.class, m -> heard(add(m.index(), audits, m.result())))
                .onMessage(SubmitterCommand.Finished.class, this::onFinished)
                .onMessage(SubmitterCommand.Failed.class, m -> fail("job " + job + " failed: " + m.reason()))
                .onMessage(SubmitterCommand.AcceptTimeout.class, m -> fail(acceptTimeoutMessage))
                .onMessage(SubmitterCommand.JobLost.class, m -> fail(lost("it crashed, left, or was cut off")))
                .onSignal(PostStop.class, s -> onStop())
                .build();
    }

    private String lost(String how) {
        return "the curator's node " + jobNode + " running job " + job + " was lost (" + how
                + ") before the job finished";
    }

    private Behavior<SubmitterCommand> onReachability(SubmitterCommand.JobNodeReachability m) {
        if (m.address().equals(jobNode)) {
            jobNodeUnreachable = !m.reachable();
            if (jobNodeUnreachable) {
                timers.startSingleTimer(new SubmitterCommand.JobNodeUnreachableTimeout(), jobNodeLostAfter);
            } else {
                timers.cancel(new SubmitterCommand.JobNodeUnreachableTimeout());
            }
        }
        return this;
    }

    /**
     * Stopped before the job ended (this member was downed or its system terminated): the failure
     * names the curator's node when this member held it unreachable then — a member cut off with
     * that node, or found on the losing side, is downed too, and the lost node is the cause to
     * report.
     */
    private Behavior<SubmitterCommand> onStop() {
        if (reachability != null) {
            Cluster.get(getContext().getSystem()).subscriptions().tell(new Unsubscribe<>(reachability));
        }
        if (!result.isDone()) {
            boolean downed = reachability != null
                    && Cluster.get(getContext().getSystem()).selfMember().status() == MemberStatus.down();
            String self = downed ? "this submitting node was downed" : "the submitting node stopped";
            result.completeExceptionally(new IllegalStateException(job >= 0 && jobNodeUnreachable
                    ? lost("unreachable when " + self)
                    : self + " before " + (job >= 0 ? "job " + job : "the job") + " finished"));
        }
        return Behaviors.same();
    }

    private <T> Behavior<SubmitterCommand> add(int index, List<T> into, T item) {
        if (index != into.size()) {
            return fail("job " + job + ": result " + index + " arrived out of order");
        }
        into.add(item);
        return this;
    }

    private Behavior<SubmitterCommand> onFinished(SubmitterCommand.Finished m) {
        if (m.seam() != seam.size() || m.audits() != audits.size()) {
            return fail("job " + job + ": expected " + m.seam() + " seam cells and " + m.audits()
                    + " audits, received " + seam.size() + " and " + audits.size());
        }
        result.complete(new SimulationGuardian.Outcomes(List.copyOf(seam),
                List.copyOf(audits), m.placement()));
        return done();
    }

    private Behavior<SubmitterCommand> fail(String reason) {
        result.completeExceptionally(new IllegalStateException(reason));
        return done();
    }

    /** Tells the job (if any) that this submitter is done with it, and stops. */
    private Behavior<SubmitterCommand> done() {
        if (jobRef != null) {
            toJob(new JobCommand.SubmitterDone());
        }
        return Behaviors.stopped();
    }

    /** {@code command} to the job: a member's directly, a client's through the entry of its node. */
    private void toJob(JobCommand command) {
        if (jobEntry != null) {
            jobEntry.tell(new ScenarioCuratorCommand.ToJob(job, command));
        } else {
            jobRef.tell(command);
        }
    }
}
