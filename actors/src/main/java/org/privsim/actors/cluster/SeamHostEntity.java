package org.privsim.actors.cluster;

import java.util.HashMap;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.typed.Cluster;
import org.privsim.actors.local.LocalSettings;
import org.privsim.actors.local.ParticipantActor;
import org.privsim.core.seam.BoundCell;
import org.privsim.protocol.ParticipantCommand;
import org.privsim.protocol.RunCommand;
import org.privsim.protocol.SeamHostCommand;

/**
 * One seam host: the participants of one run whose ids fall in its residue class, each the local
 * runner's {@link ParticipantActor} as its child on the compute dispatcher. On {@link SeamHostCommand.Open}
 * it takes the run's cell and context from the node's {@link SeamCache} (parsing the job's scenario
 * and building the context once per node) and tells the curator its node; each delivery goes to its
 * participant, spawned on the first; a participant that stops is reported to the curator as
 * {@link RunCommand.ParticipantStopped}, which fails the run.
 *
 * <p>Guarantee: the participants' answers are the local runner's bit for bit (same participant, same
 * context, same requests in order). On {@link SeamHostCommand.Retire} the host passivates through its
 * shard; on sharding's {@link SeamHostCommand.Stop} it stops with its participants.
 */
final class SeamHostEntity extends AbstractBehavior<SeamHostCommand> {
    private static final DispatcherSelector COMPUTE = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);

    private final ActorRef<ClusterSharding.ShardCommand> shard;
    private final Map<Integer, ActorRef<ParticipantCommand>> participants = new HashMap<>();
    private BoundCell cell;
    private int run;
    private long seed;
    private Object context;
    private ActorRef<RunCommand> curator;

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
                .onMessage(SeamHostCommand.Open.class, this::onOpen)
                .onMessage(SeamHostCommand.Deliver.class, this::onDeliver)
                .onMessage(SeamHostCommand.Lost.class, m -> {
                    curator.tell(new RunCommand.ParticipantStopped(m.participant()));
                    return this;
                })
                .onMessage(SeamHostCommand.Retire.class, m -> {
                    shard.tell(new ClusterSharding.Passivate<>(getContext().getSelf()));
                    return this;
                })
                .onMessage(SeamHostCommand.Stop.class, m -> Behaviors.stopped())
                .build();
    }

    private Behavior<SeamHostCommand> onOpen(SeamHostCommand.Open m) {
        SeamCache.Run served = SeamCache.run(m.job(), new ScenarioSource(m.text(), m.sourceName(), m.seed()), m.cell(),
                m.run());
        cell = served.cell();
        seed = served.seed();
        context = served.context();
        run = m.run();
        curator = m.curator();
        curator.tell(new RunCommand.HostOpened(m.host(), Cluster.get(getContext().getSystem()).selfMember().address()
                .toString()));
        return this;
    }

    private Behavior<SeamHostCommand> onDeliver(SeamHostCommand.Deliver m) {
        ActorRef<ParticipantCommand> participant = participants.get(m.participant());
        if (participant == null) {
            participant = getContext().spawn(ParticipantActor.create(cell, run, seed, context, m.participant()),
                    "p-" + m.participant(), COMPUTE);
            getContext().watchWith(participant, new SeamHostCommand.Lost(m.participant()));
            participants.put(m.participant(), participant);
        }
        participant.tell(m.ask());
        return this;
    }
}
