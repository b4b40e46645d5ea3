package org.privsim.actors.cluster;

import java.time.Duration;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.cluster.Cluster;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.privsim.actors.local.RunWiring;
import org.privsim.protocol.SeamHostCommand;

/**
 * The sharded entity type {@code seam}, hosted on nodes with role
 * {@value #USERS_ROLE}: every run of the seam's families, each with its
 * participants, dealt over the users nodes. The i-th run a job starts is entity {@code J/h/c/r}
 * (cell c, run r) of shard {@code J/h}, h = i mod H, where H = {@code privsim.cluster.shards-per-node}
 * × (users nodes when the job starts) — so runs spread over the nodes while each run's many small
 * requests and answers stay on one node.
 *
 * <p>Guarantee: where a run is placed never changes a bit of its outcome (its curator and
 * participants are the local runner's, rebuilt from the job's scenario on that node).
 */
public final class SeamSharding {
    /** The role of nodes that host seam runs and their participants. */
    public static final String USERS_ROLE = "users";

    /** The entity type. */
    public static final EntityTypeKey<SeamHostCommand> TYPE = EntityTypeKey.create(SeamHostCommand.class, "seam");

    private SeamSharding() {}

    /** Starts sharding of the seam hosts on this node (a proxy only when it lacks the users role). */
    public static void init(ActorSystem<?> system) {
        ClusterSharding.get(system).init(Entity.of(TYPE, ctx -> SeamHostEntity.create(ctx.getShard()))
                .withRole(USERS_ROLE)
                .withMessageExtractor(new EnvelopeExtractor<SeamHostCommand>(
                        // shard id = (job, host): the entity id's first two parts
                        id -> id.substring(0, id.indexOf('/', id.indexOf('/') + 1))))
                .withStopMessage(new SeamHostCommand.Stop())
                .withAllocationStrategy(JobShardAllocation.of(TYPE.name(), Cluster.get(Adapter.toClassic(system)))));
    }

    /**
     * The runs of job {@code job}, dealt round-robin over {@code hosts} hosts, each kept placed by a
     * {@link RunPlacer} (a child of the coordinator) that starts it again when its node is lost.
     *
     * @param source   the job's scenario, as every node parses it
     * @param timeout  how long a start waits for its host's acknowledgement before it is sent again
     * @param attempts how many starts a run gets before it fails
     */
    static RunWiring wiring(ActorSystem<?> system, long job, ScenarioSource source, int hosts, Duration timeout,
                            int attempts) {
        ClusterSharding sharding = ClusterSharding.get(system);
        int[] started = new int[1];
        return (coordinator, cell, run, seed) -> {
            int host = started[0]++ % hosts;
            EntityRef<SeamHostCommand> entity = sharding.entityRefFor(TYPE,
                    job + "/" + host + "/" + cell.index() + "/" + run);
            coordinator.spawn(RunPlacer.create(placer -> entity.tell(new SeamHostCommand.StartRun(job, source.text(),
                                    source.sourceName(), source.seed(), cell.index(), run, coordinator.getSelf(), placer)),
                            coordinator.getSelf(), cell.index(), run, cell.label() + " run " + run, timeout, attempts),
                    "place-" + cell.index() + "-" + run);
        };
    }
}
