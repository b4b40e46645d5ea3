package org.privsim.actors.cluster;

import java.util.function.UnaryOperator;
import org.apache.pekko.cluster.sharding.typed.ShardingEnvelope;
import org.apache.pekko.cluster.sharding.typed.ShardingMessageExtractor;

/**
 * The message extractor of privsim's sharded entity types: messages travel in
 * {@link ShardingEnvelope}s whose entity ids encode the shard, and a type's rule derives the shard id
 * from the entity id.
 *
 * <p>Guarantee: the shard id is a pure function of the entity id, so every node routes an entity to
 * the same shard.
 *
 * @param <M> the entity's message type
 */
final class EnvelopeExtractor<M> extends ShardingMessageExtractor<ShardingEnvelope<M>, M> {
    private final UnaryOperator<String> shardOf;

    /** An extractor whose shard id is {@code shardOf(entityId)}. */
    EnvelopeExtractor(UnaryOperator<String> shardOf) {
        this.shardOf = shardOf;
    }

    @Override
    public String entityId(ShardingEnvelope<M> envelope) {
        return envelope.entityId();
    }

    @Override
    public String shardId(String entityId) {
        return shardOf.apply(entityId);
    }

    @Override
    public M unwrapMessage(ShardingEnvelope<M> envelope) {
        return envelope.message();
    }
}
