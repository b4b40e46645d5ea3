package org.privsim.actors.cluster;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.ChildFailed;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.typed.Cluster;
import org.privsim.actors.local.LocalSettings;
import org.privsim.actors.local.RunCuratorActor;
import org.privsim.protocol.CoordinatorCommand;
import org.privsim.protocol.RunCommand;
import org.privsim.protocol.SeamHostCommand;

/**
 * One seam run placed on a cluster node: on {@link SeamHostCommand.StartRun} it takes the cell from
 * the node's {@link SeamCache} (the job's scenario parsed once per node) and spawns the local
 * runner's {@link RunCuratorActor}, whose participants are its children — so the run's requests and
 * answers stay on this node and only its outcome crosses to the coordinator, with this node's
 * address and participant count as its placement.
 *
 * <p>Guarantee: the outcome is the local runner's bit for bit (same curator, same participants). A
 * curator that fails is reported to the coordinator as {@link CoordinatorCommand.RunFailed}; one that
 * stops after reporting lets the host passivate through its shard; on sharding's
 * {@link SeamHostCommand.Stop} the host stops.
 */
final class SeamHostEntity extends AbstractBehavior<SeamHostCommand> {
    private static final DispatcherSelector COMPUTE = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);

    private final ActorRef<ClusterSharding.ShardCommand> shard;
    private SeamHostCommand.StartRun started;

    static Behavior<SeamHostCommand> create(ActorRef<ClusterSharding.ShardCommand> shard) {
        return Behaviors.setup(ctx -> new SeamHostEntity(ctx, shard));
    }

    private SeamHostEntity(ActorContext<SeamHostCommand> ctx, ActorRef<ClusterSharding.ShardCommand> shard) {
        super(ctx);
        this.shard = shard;
    }

    @Override
    public Receive<SeamHostCommand> createReceive() {
        return newReceiveBuilder()
                .onMessage(SeamHostCommand.StartRun.class, this::onStart)
                .onMessage(SeamHostCommand.RunEnded.class, m -> {
                    shard.tell(new ClusterSharding.Passivate<>(getContext().getSelf()));
                    return this;
                })
                .onMessage(SeamHostCommand.Stop.class, m -> Behaviors.stopped())
                .onSignal(ChildFailed.class, failed -> {
                    started.coordinator().tell(new CoordinatorCommand.RunFailed(started.cell(), started.run(),
                            "the curator of run " + started.run() + " failed on "
                                    + Cluster.get(getContext().getSystem()).selfMember().address() + ": "
                                    + failed.getCause().getMessage()));
                    shard.tell(new ClusterSharding.Passivate<>(getContext().getSelf()));
                    return this;
                })
                .build();
    }

    private Behavior<SeamHostCommand> onStart(SeamHostCommand.StartRun m) {
        if (started != null) {
            return this;
        }
        started = m;
        SeamCache.Job job = SeamCache.job(m.job(), new ScenarioSource(m.text(), m.sourceName(), m.seed()));
        String node = Cluster.get(getContext().getSystem()).selfMember().address().toString();
        ActorRef<RunCommand> curator = getContext().spawn(RunCuratorActor.create(job.cells().get(m.cell()), m.run(),
                job.seed(), node, m.coordinator()), "run", COMPUTE);
        getContext().watchWith(curator, new SeamHostCommand.RunEnded());
        return this;
    }
}
