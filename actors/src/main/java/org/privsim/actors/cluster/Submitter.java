package org.privsim.actors.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
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
import org.privsim.protocol.ScenarioCuratorCommand;
import org.privsim.protocol.SubmitterCommand;

/**
 * Submits one scenario to the cluster's {@link ScenarioCurator} and collects its results.
 *
 * <p>Guarantee: {@code result} is completed exactly once — with every result in plan order, or
 * exceptionally when the curator rejects the scenario, does not accept it within the accept
 * timeout, reports a failure, or the job's node leaves the cluster (the job is watched) or stays
 * unreachable from this member for the job-node timeout — then the submitter stops. It never waits
 * forever. When the curator's node is lost, or this member stops (downed, or its system terminated)
 * while that node is unreachable, the failure names the curator's node.
 */
final class Submitter extends AbstractBehavior<SubmitterCommand> {
    private final Progress progress;
    private final CompletableFuture<SimulationGuardian.Outcomes> result;
    private final TimerScheduler<SubmitterCommand> timers;
    private final Duration jobNodeLostAfter;
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
     * @param member whether this submitter's system is a cluster member (it then also follows the
     *               reachability of the job's node); a client relies on remote death watch alone
     */
    static Behavior<SubmitterCommand> create(ActorRef<ScenarioCuratorCommand> curator, boolean member,
                                             ScenarioSource source,
                                             String datasetSha256, Duration acceptTimeout, Duration jobNodeLostAfter,
                                             Progress progress, CompletableFuture<SimulationGuardian.Outcomes> result) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> {
            curator.tell(new ScenarioCuratorCommand.Submit(source.text(), source.sourceName(), source.seed(),
                    datasetSha256, ctx.getSelf()));
            timers.startSingleTimer(new SubmitterCommand.AcceptTimeout(), acceptTimeout);
            return new Submitter(ctx, timers, member, jobNodeLostAfter, progress, result);
        }));
    }

    private Submitter(ActorContext<SubmitterCommand> ctx, TimerScheduler<SubmitterCommand> timers, boolean member,
                      Duration jobNodeLostAfter, Progress progress, CompletableFuture<SimulationGuardian.Outcomes> result) {
        super(ctx);
        this.timers = timers;
        this.jobNodeLostAfter = jobNodeLostAfter;
        this.progress = progress;
        this.result = result;
        this.reachability = !member ? null : ctx.messageAdapter(ClusterEvent.ReachabilityEvent.class,
                e -> new SubmitterCommand.JobNodeReachability(e.member().address().toString(),
                        e instanceof ClusterEvent.ReachableMember));
    }

    @Override
    public Receive<SubmitterCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(SubmitterCommand.Accepted.class, m -> {
                    timers.cancelAll();
                    job = m.job();
                    jobNode = m.jobRef().path().address().toString();
                    getContext().watchWith(m.jobRef(), new SubmitterCommand.JobLost());
                    if (reachability != null) {
                        Cluster.get(getContext().getSystem()).subscriptions().tell(
                                Subscribe.create(reachability, ClusterEvent.ReachabilityEvent.class));
                    }
                    return this;
                })
                .onMessage(SubmitterCommand.JobNodeReachability.class, this::onReachability)
                .onMessage(SubmitterCommand.JobNodeUnreachableTimeout.class, m -> fail(lost("unreachable for "
                        + jobNodeLostAfter.toSeconds() + " s")))
                .onMessage(SubmitterCommand.Rejected.class, m -> fail("the curator rejected the scenario: "
                        + m.reason()))
                .onMessage(SubmitterCommand.ProgressUpdate.class, m -> {
                    progress.update(m.done(), m.total(), m.message());
                    return this;
                })
                .onMessage(SubmitterCommand.SeamPart.class, m -> add(m.index(), seam, m.result()))
                .onMessage(SubmitterCommand.AuditPart.class, m -> add(m.index(), audits, m.result()))
                .onMessage(SubmitterCommand.Finished.class, this::onFinished)
                .onMessage(SubmitterCommand.Failed.class, m -> fail("job " + job + " failed: " + m.reason()))
                .onMessage(SubmitterCommand.AcceptTimeout.class, m -> fail("no curator accepted the scenario in time;"
                        + " is a node with role " + ScenarioCurator.ROLE + " up and the cluster formed?"))
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
        return Behaviors.stopped();
    }

    private Behavior<SubmitterCommand> fail(String reason) {
        result.completeExceptionally(new IllegalStateException(reason));
        return Behaviors.stopped();
    }
}
