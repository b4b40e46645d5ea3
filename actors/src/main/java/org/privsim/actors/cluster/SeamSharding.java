package org.privsim.actors.cluster;

import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.privsim.actors.local.ParticipantWiring;
import org.privsim.core.seam.BoundCell;
import org.privsim.protocol.ParticipantCommand;
import org.privsim.protocol.RunCommand;
import org.privsim.protocol.SeamHostCommand;

/**
 * The sharded entity type {@code seam}, hosted on nodes with role
 * {@value PopulationSharding#USERS_ROLE}: the participants of every seam family's runs, spread over
 * the users nodes. Participant i of run r of seam cell c in job J lives in host h = i mod H, entity
 * {@code J/c/r/h} of shard {@code J/h}, where the job deals its participants over H =
 * {@code privsim.cluster.shards-per-node} × (users nodes when it starts) hosts.
 *
 * <p>Guarantee: ids are a function of (job, cell, run, H, participant) only, and H is fixed for the
 * job; a host rebuilds its run's context from the job's scenario on its node, so which node hosts
 * which participant never changes a bit of the report.
 */
public final class SeamSharding {
    /** The entity type. */
    public static final EntityTypeKey<SeamHostCommand> TYPE = EntityTypeKey.create(SeamHostCommand.class, "seam");

    private SeamSharding() {}

    /** Starts sharding of the seam hosts on this node (a proxy only when it lacks the users role). */
    public static void init(ActorSystem<?> system) {
        ClusterSharding.get(system).init(Entity.of(TYPE, ctx -> SeamHostEntity.create(ctx.getShard()))
                .withRole(PopulationSharding.USERS_ROLE)
                .withMessageExtractor(new EnvelopeExtractor<SeamHostCommand>(
                        // shard id = (job, host): the entity id's first and last parts
                        id -> id.substring(0, id.indexOf('/')) + id.substring(id.lastIndexOf('/'))))
                .withStopMessage(new SeamHostCommand.Stop()));
    }

    /**
     * The participants of job {@code job}, dealt over {@code hosts} hosts.
     *
     * @param source the job's scenario, as every host parses it
     */
    static ParticipantWiring wiring(ActorSystem<?> system, long job, ScenarioSource source, int hosts) {
        ClusterSharding sharding = ClusterSharding.get(system);
        return new ParticipantWiring() {
            @Override
            public int host(BoundCell cell, int id) {
                return id % hosts;
            }

            @Override
            public void open(ActorContext<RunCommand> curator, BoundCell cell, int run, int host) {
                entity(cell, run, host).tell(new SeamHostCommand.Open(job, source.text(), source.sourceName(),
                        source.seed(), cell.index(), run, host, curator.getSelf()));
            }

            @Override
            public Consumer<ParticipantCommand> participant(ActorContext<RunCommand> curator, BoundCell cell, int run,
                                                            long seed, Object context, int id) {
                EntityRef<SeamHostCommand> ref = entity(cell, run, host(cell, id));
                return command -> ref.tell(new SeamHostCommand.Deliver(id, (ParticipantCommand.Ask) command));
            }

            @Override
            public void release(ActorContext<RunCommand> curator, BoundCell cell, int run, int host) {
                entity(cell, run, host).tell(new SeamHostCommand.Retire());
            }

            private EntityRef<SeamHostCommand> entity(BoundCell cell, int run, int host) {
                return sharding.entityRefFor(TYPE, job + "/" + cell.index() + "/" + run + "/" + host);
            }
        };
    }
}
