package org.privsim.actors.cluster;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.ChildFailed;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.typed.Cluster;
import com.typesafe.config.Config;
import org.privsim.actors.local.LocalSettings;
import org.privsim.actors.local.RemoteParticipants;
import org.privsim.actors.local.RunCuratorActor;
import org.privsim.actors.local.SpreadSteps;
import org.privsim.core.run.Progress;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.RunCommand;
import org.privsim.protocol.SeamDeskCommand;
import org.privsim.protocol.SeamHostCommand;

/**
 * One seam run placed on a cluster node: on {@link SeamHostCommand.StartRun} it takes the cell from
 * the node's {@link SeamCache} (the job's scenario parsed once per node) and spawns the local
 * runner's {@link RunCuratorActor}, whose participants are its children — so the run's requests and
 * answers stay on this node and only its outcome crosses to the job's node, with this node's
 * address and participant count as its placement — unless the run is spread over the users nodes
 * ({@link SpreadRun#spreads}), when its participants are computed by the nodes that hold them. A
 * participant of another role (an audit's
 * adversary) runs on a node of its role, behind a {@link RemoteParticipant} stand-in.
 *
 * <p>Guarantee: the outcome is the local runner's bit for bit (same curator, same participants).
 * Everything the host says goes to the seam desk of the job's node ({@link SeamDesk}), by job,
 * cell and run, in this order: {@link SeamDeskCommand.Placed} for every start received (a repeat
 * does not start the run twice), the run's {@link SeamDeskCommand.Report} (a curator that fails is
 * reported as {@link CoordinatorCommand.RunFailed}), then {@link SeamDeskCommand.Ended} once the
 * curator stopped, after which the host passivates through its shard — or, when the host stops
 * before that (sharding's {@link SeamHostCommand.Stop} on a hand-off, or a failure),
 * {@link SeamDeskCommand.HostStopped}.
 */
final class SeamHostEntity extends AbstractBehavior<SeamHostCommand> {
    private static final DispatcherSelector COMPUTE = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);

    private final ActorRef<ClusterSharding.ShardCommand> shard;
    private final String node;
    private SeamHostCommand.StartRun started;
    private boolean ended;

    static Behavior<SeamHostCommand> create(ActorRef<ClusterSharding.ShardCommand> shard) {
        return Behaviors.setup(ctx -> new SeamHostEntity(ctx, shard));
    }

    private SeamHostEntity(ActorContext<SeamHostCommand> ctx, ActorRef<ClusterSharding.ShardCommand> shard) {
        super(ctx);
        this.shard = shard;
        this.node = Cluster.get(ctx.getSystem()).selfMember().address().toString();
    }

    @Override
    public Receive<SeamHostCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(SeamHostCommand.StartRun.class, this::onStart)
                .onMessage(SeamHostCommand.Reported.class, m -> {
                    started.desk().tell(new SeamDeskCommand.Report(started.job(), m.report()));
                    return this;
                })
                .onMessage(SeamHostCommand.Stop.class, m -> Behaviors.stopped())
                .onSignal(ChildFailed.class, failed -> {
                    started.desk().tell(new SeamDeskCommand.Report(started.job(), new CoordinatorCommand.RunFailed(
                            started.cell(), started.run(), "the curator of run " + started.run() + " failed on "
                            + node + ": " + failed.getCause().getMessage())));
                    return ended();
                })
                .onSignal(Terminated.class, stopped -> ended())
                .onSignal(PostStop.class, stop -> {
                    if (started != null && !ended) {
                        started.desk().tell(new SeamDeskCommand.HostStopped(started.job(), started.cell(),
                                started.run(), node));
                    }
                    return this;
                })
                .build();
    }

    private Behavior<SeamHostCommand> onStart(SeamHostCommand.StartRun m) {
        if (started == null) {
            started = m;
            ScenarioSource source = new ScenarioSource(m.text(), m.sourceName(), m.seed());
            SeamCache.Job job = SeamCache.job(m.job(), source);
            Config config = getContext().getSystem().settings().config();
            RemoteParticipants remote = RemoteParticipant.of(m.job(), source,
                    config.getDuration(ClusterNode.SETTINGS + ".adversary-placement-timeout"),
                    config.getDuration(ClusterNode.SETTINGS + ".adversary-silence-timeout"));
            // the curator reports to this host, which passes the report on to the job's desk
            ActorRef<CoordinatorCommand> reports = getContext().messageAdapter(CoordinatorCommand.class,
                    SeamHostCommand.Reported::new);
            long jobId = m.job();
            SpreadSteps spread = (cell, run, curator) -> SpreadRun.spreads(job.scenario(), cell)
                    ? SpreadRun.create(jobId, source, cell, run, curator) : null;
            ActorRef<RunCommand> curator = getContext().spawn(RunCuratorActor.create(job.cells().get(m.cell()),
                    m.run(), job.seed(), node, remote, reports, job.contexts(), spread, Progress.NONE), "run", COMPUTE);
            getContext().watch(curator);
        }
        m.desk().tell(new SeamDeskCommand.Placed(m.job(), m.cell(), m.run(), node));
        return this;
    }

    /** The run's curator stopped: tells the desk and passivates. */
    private Behavior<SeamHostCommand> ended() {
        ended = true;
        started.desk().tell(new SeamDeskCommand.Ended(started.job(), started.cell(), started.run()));
        shard.tell(new ClusterSharding.Passivate<>(getContext().getSelf()));
        return this;
    }
}
