package org.privsim.actors.cluster;

import java.util.LinkedHashSet;
import org.apache.pekko.actor.ActorPaths;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.typed.ClusterSingleton;
import org.apache.pekko.cluster.typed.ClusterSingletonSettings;
import org.apache.pekko.cluster.typed.SingletonActor;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.ScenarioException;
import org.privsim.core.scenario.ScenarioParser;
import org.privsim.protocol.JobCommand;
import org.privsim.protocol.ScenarioCuratorCommand;
import org.privsim.protocol.ScenarioCuratorCommand.Submit;
import org.privsim.protocol.SubmitterCommand;

/**
 * The cluster's curator: a Cluster Singleton on the oldest node with role {@value #ROLE}. It
 * validates each submitted scenario with the same parser as the CLI and runs it as a
 * {@link ClusterJob}, one job at a time: a job runs until it has sent its report (it tells the
 * curator) or stops.
 *
 * <p>Guarantee: every submission is answered once — accepted with a job id unique across curator
 * incarnations (it starts from the wall clock), or rejected with the parser's message or because
 * another job is running; a submission repeated by the same submitter (one of the last
 * {@value #SEEN} submitters) is not answered again. If the curator's node leaves, the singleton
 * restarts elsewhere without the job; its submitter, watching the job (or hearing from it no more),
 * fails rather than waits. A client submitter is answered through a reference of the curator's own
 * made from its path ({@link #detached}), and its messages for its job come through the entry
 * ({@link ScenarioCuratorCommand.ToJob}), so no node resolves a reference to a client's actor or to
 * a job's through Pekko's caches.
 */
public final class ScenarioCurator extends AbstractBehavior<ScenarioCuratorCommand> {
    /** The role of the node that hosts the curator. */
    public static final String ROLE = "curator";

    /** How many submitters are remembered, so that a repeated submission is answered once. */
    static final int SEEN = 8;

    private long nextJob = System.currentTimeMillis() * 1000;
    private Long running;
    private final LinkedHashSet<String> seen = new LinkedHashSet<>();

    /** Starts (or, off the curator role, proxies) the singleton; returns the proxy to submit to. */
    public static ActorRef<ScenarioCuratorCommand> init(ActorSystem<?> system) {
        return ClusterSingleton.get(system).init(SingletonActor.of(
                Behaviors.<ScenarioCuratorCommand>setup(ScenarioCurator::new), "scenario-curator")
                .withSettings(ClusterSingletonSettings.create(system).withRole(ROLE)));
    }

    private ScenarioCurator(ActorContext<ScenarioCuratorCommand> ctx) {
        super(ctx);
    }

    @Override
    public Receive<ScenarioCuratorCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(Submit.class, this::onSubmit)
                .onMessage(ScenarioCuratorCommand.ToJob.class, m -> {
                    getContext().getChild("job-" + m.job()).ifPresent(job -> job.<JobCommand>unsafeUpcast().tell(m.command()));
                    return this;
                })
                .onMessage(ScenarioCuratorCommand.JobEnded.class, m -> {
                    if (running != null && running == m.job()) {
                        running = null;
                    }
                    return this;
                })
                .build();
    }

    /**
     * The actor at {@code path} (serialization format, with its address) as a reference of the
     * caller's own: Pekko resolves a reference carried in a message through caches that keep it
     * (1,024 entries per cache) and, once something was sent through it, its peer's association
     * with it — every departed client's, until a thousand others evicted it. A reference made from
     * the path is held by its user alone.
     */
    static <T> ActorRef<T> detached(ActorSystem<?> system, String path) {
        return Adapter.toTyped(((ExtendedActorSystem) Adapter.toClassic(system)).provider()
                .resolveActorRef(ActorPaths.fromString(path)));
    }

    private Behavior<ScenarioCuratorCommand> onSubmit(Submit received) {
        boolean client = received.clientPath() != null;
        if (!seen.add(client ? received.clientPath() : received.replyTo().path().toSerializationFormat())) {
            return this;
        }
        if (seen.size() > SEEN) {
            seen.remove(seen.iterator().next());
        }
        Submit m = !client ? received : new Submit(received.scenarioText(), received.sourceName(),
                received.seed(), received.datasetSha256(), detached(getContext().getSystem(), received.clientPath()),
                received.clientPath());
        if (running != null) {
            m.replyTo().tell(new SubmitterCommand.Rejected("the cluster is running job " + running
                    + "; submit again when it has finished"));
            return this;
        }
        Scenario scenario;
        try {
            scenario = ScenarioParser.parse(m.scenarioText(), m.sourceName());
        } catch (ScenarioException e) {
            m.replyTo().tell(new SubmitterCommand.Rejected(e.getMessage()));
            return this;
        }
        if (scenario.datasetTask() != null && !scenario.datasetTask().sha256().equals(m.datasetSha256())) {
            m.replyTo().tell(new SubmitterCommand.Rejected("error: task.path: " + scenario.datasetTask().path()
                    + " has SHA-256 " + scenario.datasetTask().sha256() + " on the curator's node, but "
                    + m.datasetSha256() + " where the scenario was submitted; every node needs the same file"));
            return this;
        }
        if (m.seed() != null) {
            scenario = scenario.withSeed(m.seed());
        }
        long job = nextJob++;
        ActorRef<JobCommand> ref = getContext().spawn(ClusterJob.create(job,
                new ScenarioSource(m.scenarioText(), m.sourceName(), m.seed()), scenario, m.replyTo(), client,
                getContext().getSelf()),
                "job-" + job);
        getContext().watchWith(ref, new ScenarioCuratorCommand.JobEnded(job));
        running = job;
        getContext().getLog().info("job {}: running scenario {} for {}", job, scenario.name(), m.replyTo().path());
        m.replyTo().tell(new SubmitterCommand.Accepted(job, ref));
        return this;
    }
}
