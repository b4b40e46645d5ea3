package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages the curator of one run handles: one partial sum per aggregator range and collection,
 * and its own overall deadline.
 *
 * <p>Guarantee: each partial carries the ids of exactly the users whose answers it contains, in
 * ascending order, so the curator's ledger charges exactly them; {@code asked} counts the users
 * the range asked (for progress and diagnostics only).
 */
public sealed interface CuratorCommand extends CborSerializable
        permits CuratorCommand.InitPartial, CuratorCommand.RoundPartial, CuratorCommand.ErrorPartial,
        CuratorCommand.CollectionTimeout, CuratorCommand.PartialChunk {

    /**
     * A range's sum of initialisation terms.
     *
     * @param collection     collection id
     * @param range          aggregator range index
     * @param asked          users the range asked
     * @param dimension      d
     * @param packed         packed symmetric d×d sum (d(d+1)/2 doubles)
     * @param contributorIds ids summed, ascending
     */
    record InitPartial(long collection, int range, int asked, int dimension, double[] packed, int[] contributorIds)
            implements CuratorCommand {}

    /**
     * A range's sum of U-step statistics in compact form (see {@link org.privsim.core.sim.RoundSum}).
     *
     * @param collection     collection id
     * @param range          aggregator range index
     * @param asked          users the range asked
     * @param dimension      d
     * @param rank           k of the sum (1 when the task carries no U)
     * @param blocks         packed blocks S_ab, k(k+1)/2 · d(d+1)/2 doubles
     * @param h              stacked h_a, k·d doubles
     * @param contributorIds ids summed, ascending
     */
    record RoundPartial(long collection, int range, int asked, int dimension, int rank, double[] blocks, double[] h,
                        int[] contributorIds) implements CuratorCommand {}

    /**
     * A range's sum of its users' evaluation answers, component by component.
     *
     * @param collection     collection id
     * @param range          aggregator range index
     * @param asked          users the range asked
     * @param sums           the sums
     * @param contributorIds ids summed, ascending
     */
    record ErrorPartial(long collection, int range, int asked, double[] sums, int[] contributorIds)
            implements CuratorCommand {}

    /**
     * The curator's own timer: the collection's overall deadline passed; missing ranges are left out.
     *
     * @param collection collection id
     */
    record CollectionTimeout(long collection) implements CuratorCommand {}

    /**
     * One chunk of a partial sum serialized by Pekko's serializer for it (used on a cluster, where a
     * d = 200, k = 5 partial is megabytes and Artery drops frames over 256 KiB). The curator
     * concatenates the chunks of a (collection, range) in {@code seq} order and deserializes them
     * into the partial once {@code last} arrives.
     *
     * @param collection   collection id
     * @param range        aggregator range index
     * @param seq          chunk number, from 0
     * @param last         whether this is the final chunk
     * @param serializerId Pekko serializer id of the partial
     * @param manifest     the serializer's manifest of the partial
     * @param bytes        this chunk's bytes
     * @param ackTo        where to acknowledge the chunk
     */
    record PartialChunk(long collection, int range, int seq, boolean last, int serializerId, String manifest,
                        byte[] bytes, ActorRef<TransferCommand> ackTo) implements CuratorCommand {}
}
