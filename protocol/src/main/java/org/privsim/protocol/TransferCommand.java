package org.privsim.protocol;

/**
 * Messages of one chunked partial-sum transfer (aggregator → curator on a cluster): the curator
 * acknowledges each {@link CuratorCommand.PartialChunk}, and the sender sends the next chunk only
 * then, so a transfer never has more than one chunk in flight and never outgrows Artery's frame.
 */
public sealed interface TransferCommand extends CborSerializable permits TransferCommand.ChunkAck, TransferCommand.Stalled {

    /**
     * Chunk {@code seq} arrived.
     *
     * @param seq     the chunk's sequence number
     * @param proceed false when the curator no longer wants this transfer (a stale collection)
     */
    record ChunkAck(int seq, boolean proceed) implements TransferCommand {}

    /** The sender's own timer: no acknowledgement came for too long (the curator is gone); give up. */
    record Stalled() implements TransferCommand {}
}
