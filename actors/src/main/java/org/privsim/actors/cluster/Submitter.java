package org.privsim.actors.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
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
 * timeout, reports a failure, or the job's node leaves the cluster (the job is watched) — then the
 * submitter stops. It never waits forever.
 */
final class Submitter extends AbstractBehavior<SubmitterCommand> {
    private final Progress progress;
    private final CompletableFuture<SimulationGuardian.Outcomes> result;
    private final TimerScheduler<SubmitterCommand> timers;
    private final List<ExperimentRow> seam = new ArrayList<>();
    private final List<AuditResult> audits = new ArrayList<>();
    private long job = -1;
    /** The address of the node running the job (the curator's). */
    private String jobNode;

    static Behavior<SubmitterCommand> create(ActorRef<ScenarioCuratorCommand> curator, ScenarioSource source,
                                             String datasetSha256, Duration acceptTimeout, Progress progress,
                                             CompletableFuture<SimulationGuardian.Outcomes> result) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> {
            curator.tell(new ScenarioCuratorCommand.Submit(source.text(), source.sourceName(), source.seed(),
                    datasetSha256, ctx.getSelf()));
            timers.startSingleTimer(new SubmitterCommand.AcceptTimeout(), acceptTimeout);
            return new Submitter(ctx, timers, progress, result);
        }));
    }

    private Submitter(ActorContext<SubmitterCommand> ctx, TimerScheduler<SubmitterCommand> timers, Progress progress,
                      CompletableFuture<SimulationGuardian.Outcomes> result) {
        super(ctx);
        this.timers = timers;
        this.progress = progress;
        this.result = result;
    }

    @Override
    public Receive<SubmitterCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(SubmitterCommand.Accepted.class, m -> {
                    timers.cancelAll();
                    job = m.job();
                    jobNode = m.jobRef().path().address().toString();
                    getContext().watchWith(m.jobRef(), new SubmitterCommand.JobLost());
                    return this;
                })
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
                .onMessage(SubmitterCommand.JobLost.class, m -> fail("the curator's node " + jobNode + " running job "
                        + job + " was lost (it crashed, left, or was cut off and downed) before the job finished"))
                .build();
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
