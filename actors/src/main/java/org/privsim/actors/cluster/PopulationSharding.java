package org.privsim.actors.cluster;

import java.time.Duration;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.cluster.Cluster;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityContext;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.privsim.protocol.PopulationCommand;

/**
 * The one sharded entity type of a cluster simulation, {@code population}, hosted on nodes with
 * role {@value #USERS_ROLE}: aggregator range r of job J is entity {@code J/s/r} in shard
 * {@code J/s}, s = r mod S, where the job deals its ranges over S = {@code
 * privsim.cluster.shards-per-node} × (users nodes when it starts) shards, at most one per range;
 * the range's users are that entity's children ({@link AggregatorEntity}) — so a range's users
 * always live on its aggregator's node and their answers never cross the network (only the
 * curator's requests and the aggregators' partials do).
 *
 * <p>Guarantee: ids are a function of (job, S, range) only, and S is fixed for the job; with
 * passivation turned off in {@code cluster.conf} an entity lives until its job retires it or its
 * shard moves (a node left), and a moved entity rebuilds its range — users included — from the
 * {@link org.privsim.protocol.PopulationSpec} in its next envelope. Which node hosts which range
 * never changes a bit of the report.
 */
public final class PopulationSharding {
    /** The entity type. */
    public static final EntityTypeKey<PopulationCommand> TYPE = EntityTypeKey.create(PopulationCommand.class,
            "population");
    /** The role of nodes that host users and aggregators. */
    public static final String USERS_ROLE = "users";

    private PopulationSharding() {}

    /**
     * Starts sharding of the population on this node (a proxy only when it lacks the users role).
     *
     * @param chunkBytes largest chunk of a partial sent to the curator
     * @param patience   how long a partial transfer waits for an acknowledgement
     */
    public static void init(ActorSystem<?> system, int chunkBytes, Duration patience) {
        ClusterSharding.get(system).init(Entity.of(TYPE,
                        ctx -> AggregatorEntity.create(ctx.getShard(), chunkBytes, patience))
                .withRole(USERS_ROLE)
                .withMessageExtractor(new EnvelopeExtractor<PopulationCommand>(
                        // shard id = the entity id up to its last '/', i.e. (job, shard)
                        id -> id.substring(0, id.lastIndexOf('/'))))
                .withStopMessage(new PopulationCommand.Stop())
                .withAllocationStrategy(JobShardAllocation.of(TYPE.name(), Cluster.get(Adapter.toClassic(system)))));
    }

    /** The aggregator entity of range {@code range} of job {@code job}, whose ranges go to {@code shards} shards. */
    static EntityRef<PopulationCommand> aggregator(ActorSystem<?> system, long job, int shards, int range) {
        return ClusterSharding.get(system).entityRefFor(TYPE, job + "/" + range % shards + "/" + range);
    }

    /**
     * How many shards a job of {@code ranges} ranges deals its ranges over on a cluster of
     * {@code usersNodes} users nodes: {@code perNode} per node, at most one per range; every
     * range when {@code perNode} is 0 or less.
     */
    static int shards(int ranges, int usersNodes, int perNode) {
        return perNode <= 0 ? Math.max(1, ranges) : Math.max(1, Math.min(ranges, perNode * Math.max(1, usersNodes)));
    }
}
