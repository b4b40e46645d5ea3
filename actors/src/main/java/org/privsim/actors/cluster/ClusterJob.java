package org.privsim.actors.cluster;

import com.typesafe.config.Config;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.privsim.actors.local.RunWiring;
import org.privsim.actors.local.SimulationGuardian;
import org.privsim.core.run.Progress;
import org.privsim.core.scenario.Scenario;
import org.privsim.protocol.JobCommand;
import org.privsim.protocol.ScenarioCuratorCommand;
import org.privsim.protocol.SubmitterCommand;

/**
 * One submitted scenario running on the curator's node: the local runner's
 * {@link SimulationGuardian} (every seam cell, audits among them), with its seam runs dealt over the
 * users nodes by {@link SeamSharding} instead of children (an audit's adversary participant placed on
 * a node with role {@code adversary}).
 *
 * <p>Guarantee: the submitter gets throttled progress (at most one update per 200 ms and per
 * step), then every result in order and {@link SubmitterCommand.Finished}, or one
 * {@link SubmitterCommand.Failed}. It stops when the submitter has left — having read the report, the submitter stops —
 * or {@value #LINGER_SECONDS} s after the report, never right after sending it: the submitter
 * watches the job, and a stop notification can overtake the report's last messages when the
 * curator's node is too busy to flush them within Pekko's death-watch flush timeout (3 s; seen
 * at the end of a 50,000-user job, the report lost and the job reported as lost).
 */
final class ClusterJob extends AbstractBehavior<JobCommand> {
    private static final long PROGRESS_INTERVAL_NANOS = 200_000_000L;
    /** Seconds a job waits for its submitter to leave after its report before it stops anyway. */
    static final int LINGER_SECONDS = 60;

    private final long job;
    private final Scenario scenario;
    private final ActorRef<SubmitterCommand> submitter;
    private final ActorRef<ScenarioCuratorCommand> curator;
    private boolean reported;

    /**
     * @param curator told {@link ScenarioCuratorCommand.JobEnded} as soon as the report went out, so
     *                it takes the next scenario while this job waits for its submitter to leave
     */
    static Behavior<JobCommand> create(long job, ScenarioSource source, Scenario scenario,
                                       ActorRef<SubmitterCommand> submitter,
                                       ActorRef<ScenarioCuratorCommand> curator) {
        return Behaviors.setup(ctx -> new ClusterJob(ctx, job, source, scenario, submitter, curator));
    }

    private ClusterJob(ActorContext<JobCommand> ctx, long job, ScenarioSource source, Scenario scenario,
                       ActorRef<SubmitterCommand> submitter, ActorRef<ScenarioCuratorCommand> curator) {
        super(ctx);
        this.job = job;
        this.curator = curator;
        this.scenario = scenario;
        this.submitter = submitter;
        ctx.watchWith(submitter, new JobCommand.SubmitterLeft());
        CompletableFuture<SimulationGuardian.Outcomes> outcomes = new CompletableFuture<>();
        Config config = ctx.getSystem().settings().config();
        int perNode = config.getInt(ClusterNode.SETTINGS + ".shards-per-node");
        RunWiring seamRuns = SeamSharding.wiring(ctx.getSystem(), job, source,
                Math.max(1, perNode) * Math.max(1, usersNodesUp(ctx)),
                config.getDuration(ClusterNode.SETTINGS + ".run-placement-timeout"),
                config.getInt(ClusterNode.SETTINGS + ".run-placement-attempts"));
        ctx.spawn(SimulationGuardian.create(scenario, seamRuns, throttled(submitter), outcomes), "simulation");
        ctx.pipeToSelf(outcomes, (o, e) -> e == null ? new JobCommand.Completed(o.seam(), o.audits(), o.placement())
                : new JobCommand.Aborted(reason(e)));
    }

    /** Members that are Up with the users role, as this node sees them. */
    private static int usersNodesUp(ActorContext<?> ctx) {
        int n = 0;
        for (Member member : Cluster.get(ctx.getSystem()).state().getMembers()) {
            if (member.status() == MemberStatus.up() && member.hasRole(SeamSharding.USERS_ROLE)) {
                n++;
            }
        }
        return n;
    }

    private static String reason(Throwable e) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        return cause.getMessage() == null ? cause.toString() : cause.getMessage();
    }

    /** Forwards progress to the submitter, at most every 200 ms unless the step count moved. */
    private static Progress throttled(ActorRef<SubmitterCommand> submitter) {
        AtomicLong last = new AtomicLong(System.nanoTime() - PROGRESS_INTERVAL_NANOS);
        AtomicLong lastDone = new AtomicLong(-1);
        return (done, total, message) -> {
            long now = System.nanoTime();
            if (done != lastDone.get() || now - last.get() >= PROGRESS_INTERVAL_NANOS) {
                last.set(now);
                lastDone.set(done);
                submitter.tell(new SubmitterCommand.ProgressUpdate(done, total, message));
            }
        };
    }

    @Override
    public Receive<JobCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(JobCommand.Completed.class, this::onCompleted)
                .onMessage(JobCommand.Aborted.class, m -> {
                    submitter.tell(new SubmitterCommand.Failed(m.reason()));
                    return reported();
                })
                .onMessage(JobCommand.SubmitterLeft.class, m -> {
                    if (!reported) {
                        getContext().getLog().warn("job {}: the submitter left; abandoning the job", job);
                    }
                    return Behaviors.stopped();
                })
                .onMessage(JobCommand.SubmitterSilent.class, m -> Behaviors.stopped())
                .build();
    }

    private Behavior<JobCommand> onCompleted(JobCommand.Completed m) {
        for (int i = 0; i < m.seam().size(); i++) {
            submitter.tell(new SubmitterCommand.SeamPart(i, m.seam().get(i)));
        }
        for (int i = 0; i < m.audits().size(); i++) {
            submitter.tell(new SubmitterCommand.AuditPart(i, m.audits().get(i)));
        }
        submitter.tell(new SubmitterCommand.Finished(m.seam().size(),
                m.audits().size(), m.placement()));
        return reported();
    }

    /**
     * The report went out: frees the curator for the next scenario and waits
     * for the submitter to leave.
     */
    private Behavior<JobCommand> reported() {
        reported = true;
        curator.tell(new ScenarioCuratorCommand.JobEnded(job));
        getContext().scheduleOnce(Duration.ofSeconds(LINGER_SECONDS), getContext().getSelf(),
                new JobCommand.SubmitterSilent());
        return this;
    }
}
