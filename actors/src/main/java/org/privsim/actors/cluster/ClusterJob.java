package org.privsim.actors.cluster;

import com.typesafe.config.Config;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.actor.typed.javadsl.TimerScheduler;
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
 * {@link SubmitterCommand.Failed}. It stops when the submitter is done with it
 * ({@link JobCommand.SubmitterDone}: it read the report, or gave up) or gone — a member submitter
 * is watched ({@link JobCommand.SubmitterLeft}); a client's heartbeats
 * ({@link JobCommand.SubmitterAlive}, each answered) stopped for {@code client-silence-timeout} —
 * or, a member's job, {@value #LINGER_SECONDS} s after the report; never right after sending the
 * report: a member submitter watches the job, and a stop notification can overtake the report's
 * last messages when the curator's node is too busy to flush them within Pekko's death-watch flush
 * timeout (3 s; seen at the end of a 50,000-user job, the report lost and the job reported as lost).
 */
final class ClusterJob extends AbstractBehavior<JobCommand> {
    private static final long PROGRESS_INTERVAL_NANOS = 200_000_000L;
    /** Seconds a job waits for its submitter to leave after its report before it stops anyway. */
    static final int LINGER_SECONDS = 60;

    private final long job;
    private final Scenario scenario;
    private final ActorRef<SubmitterCommand> submitter;
    private final ActorRef<ScenarioCuratorCommand> curator;
    /** A client's silence timeout (null: a member submitter, watched instead). */
    private final Duration silence;
    private long lastHeard = System.nanoTime();
    private boolean reported;

    /**
     * @param client  whether the submitter is a client (followed by its heartbeats) rather than a
     *                member (watched)
     * @param curator told {@link ScenarioCuratorCommand.JobEnded} as soon as the report went out, so
     *                it takes the next scenario while this job waits for its submitter to leave
     */
    static Behavior<JobCommand> create(long job, ScenarioSource source, Scenario scenario,
                                       ActorRef<SubmitterCommand> submitter, boolean client,
                                       ActorRef<ScenarioCuratorCommand> curator) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers ->
                new ClusterJob(ctx, timers, job, source, scenario, submitter, client, curator)));
    }

    private ClusterJob(ActorContext<JobCommand> ctx, TimerScheduler<JobCommand> timers, long job, ScenarioSource source,
                       Scenario scenario, ActorRef<SubmitterCommand> submitter, boolean client,
                       ActorRef<ScenarioCuratorCommand> curator) {
        super(ctx);
        this.job = job;
        this.curator = curator;
        this.scenario = scenario;
        this.submitter = submitter;
        Config settings = ctx.getSystem().settings().config();
        if (client) {
            this.silence = settings.getDuration(ClusterNode.SETTINGS + ".client-silence-timeout");
            timers.startTimerWithFixedDelay(new JobCommand.SubmitterSilent(),
                    settings.getDuration(ClusterNode.SETTINGS + ".client-heartbeat-interval"));
        } else {
            this.silence = null;
            ctx.watchWith(submitter, new JobCommand.SubmitterLeft());
        }
        CompletableFuture<SimulationGuardian.Outcomes> outcomes = new CompletableFuture<>();
        int perNode = settings.getInt(ClusterNode.SETTINGS + ".shards-per-node");
        List<String> usersUp = usersNodesUp(ctx);
        String shardSet = SeamSharding.shardSet(usersUp);
        int hosts = Math.max(1, perNode) * Math.max(1, usersUp.size());
        ctx.getLog().info("job {}: runs on shard set {} ({} shards)", job, shardSet, hosts);
        RunWiring seamRuns = SeamSharding.wiring(ctx.getSystem(), job, shardSet, source, hosts,
                settings.getDuration(ClusterNode.SETTINGS + ".run-placement-timeout"),
                settings.getInt(ClusterNode.SETTINGS + ".run-placement-attempts"));
        ctx.spawn(SimulationGuardian.create(scenario, seamRuns, throttled(submitter), outcomes), "simulation");
        ctx.pipeToSelf(outcomes, (o, e) -> e == null ? new JobCommand.Completed(o.seam(), o.audits(), o.placement())
                : new JobCommand.Aborted(reason(e)));
    }

    /** The unique addresses of the members that are Up with the users role, as this node sees them. */
    private static List<String> usersNodesUp(ActorContext<?> ctx) {
        List<String> up = new ArrayList<>();
        for (Member member : Cluster.get(ctx.getSystem()).state().getMembers()) {
            if (member.status() == MemberStatus.up() && member.hasRole(SeamSharding.USERS_ROLE)) {
                up.add(member.uniqueAddress().address() + "#" + member.uniqueAddress().longUid());
            }
        }
        return up;
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
                .onMessage(JobCommand.SubmitterLeft.class, m -> abandoned("left"))
                .onMessage(JobCommand.SubmitterDone.class, m -> abandoned("gave the job up"))
                .onMessage(JobCommand.SubmitterAlive.class, m -> {
                    lastHeard = System.nanoTime();
                    submitter.tell(new SubmitterCommand.JobAlive());
                    return this;
                })
                .onMessage(JobCommand.SubmitterSilent.class, m -> silence == null
                        || System.nanoTime() - lastHeard > silence.toNanos()
                        ? abandoned("went silent") : this)
                .build();
    }

    /** The submitter is done or gone: the job stops (with a warning when the report had not gone out). */
    private Behavior<JobCommand> abandoned(String how) {
        if (!reported) {
            getContext().getLog().warn("job {}: the submitter {}; abandoning the job", job, how);
        }
        return Behaviors.stopped();
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
        getContext().getLog().info("job {}: report sent to {} ({} rows, {} audits)", job, submitter.path(),
                m.seam().size(), m.audits().size());
        return reported();
    }

    /**
     * The report went out: frees the curator for the next scenario and waits
     * for the submitter to leave.
     */
    private Behavior<JobCommand> reported() {
        reported = true;
        curator.tell(new ScenarioCuratorCommand.JobEnded(job));
        if (silence == null) {
            getContext().scheduleOnce(Duration.ofSeconds(LINGER_SECONDS), getContext().getSelf(),
                    new JobCommand.SubmitterSilent());
        }
        return this;
    }
}
