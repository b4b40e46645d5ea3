package org.privsim.actors.cluster;

import java.time.Duration;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.cluster.sharding.typed.ShardingEnvelope;
import org.apache.pekko.cluster.sharding.typed.ShardingMessageExtractor;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.sharding.typed.javadsl.Entity;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityContext;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityRef;
import org.apache.pekko.cluster.sharding.typed.javadsl.EntityTypeKey;
import org.privsim.protocol.PopulationCommand;

/**
 * The one sharded entity type of a cluster simulation, {@code population}, hosted on nodes with
 * role {@value #USERS_ROLE}: the aggregator of range r of job J has entity id {@code J/r/a}, user j
 * of that range {@code J/r/u<j>}, and the shard id is {@code J/r} — so a range's aggregator and
 * users always share a shard, hence a node, and user answers never cross the network (only the
 * curator's requests and the aggregators' partials do).
 *
 * <p>Guarantee: ids are a function of (job, range, user) only; with passivation turned off in
 * {@code cluster.conf} an entity lives until its job retires it or its shard moves (a node left),
 * and a moved entity rebuilds its state from the {@link org.privsim.protocol.PopulationSpec} in
 * its next envelope.
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
        ClusterSharding.get(system).init(Entity.of(TYPE, ctx -> create(ctx, chunkBytes, patience))
                .withRole(USERS_ROLE)
                .withMessageExtractor(new RangeExtractor())
                .withStopMessage(new PopulationCommand.Stop()));
    }

    /** The aggregator entity of range {@code range} of job {@code job}. */
    static EntityRef<PopulationCommand> aggregator(ActorSystem<?> system, long job, int range) {
        return ClusterSharding.get(system).entityRefFor(TYPE, job + "/" + range + "/a");
    }

    /** The entity of user {@code user} in range {@code range} of job {@code job}. */
    static EntityRef<PopulationCommand> user(ActorSystem<?> system, long job, int range, int user) {
        return ClusterSharding.get(system).entityRefFor(TYPE, job + "/" + range + "/u" + user);
    }

    private static Behavior<PopulationCommand> create(EntityContext<PopulationCommand> ctx, int chunkBytes,
                                                      Duration patience) {
        String[] parts = ctx.getEntityId().split("/");
        long job = Long.parseLong(parts[0]);
        int range = Integer.parseInt(parts[1]);
        return parts[2].equals("a") ? AggregatorEntity.create(job, range, ctx.getShard(), chunkBytes, patience)
                : UserEntity.create(ctx.getShard());
    }

    /** Shard id = the entity id up to its second '/', i.e. (job, range). */
    private static final class RangeExtractor
            extends ShardingMessageExtractor<ShardingEnvelope<PopulationCommand>, PopulationCommand> {
        @Override
        public String entityId(ShardingEnvelope<PopulationCommand> envelope) {
            return envelope.entityId();
        }

        @Override
        public String shardId(String entityId) {
            return entityId.substring(0, entityId.lastIndexOf('/'));
        }

        @Override
        public PopulationCommand unwrapMessage(ShardingEnvelope<PopulationCommand> envelope) {
            return envelope.message();
        }
    }
}
