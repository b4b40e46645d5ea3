package org.privsim.actors.cluster;

import java.time.Duration;
import java.util.Arrays;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.apache.pekko.serialization.Serializer;
import org.apache.pekko.serialization.Serializers;
import org.privsim.protocol.CuratorCommand;
import org.privsim.protocol.TransferCommand;

/**
 * Sends one partial sum to a remote curator in {@link CuratorCommand.PartialChunk}s of at most
 * {@code chunkBytes} bytes, one chunk in flight at a time (stop-and-wait on
 * {@link TransferCommand.ChunkAck}), so a d = 200, k = 5 partial (2.4 MB) crosses Artery, whose
 * frames stop at 256 KiB, and a burst of partials never fills its outbound queue.
 *
 * <p>Guarantee: the bytes are exactly Pekko's serialization of the partial (the curator
 * deserializes the same object); the transfer stops after the last chunk's acknowledgement, when
 * the curator declines it, or after {@code patience} without an acknowledgement.
 */
final class PartialTransfer {
    private PartialTransfer() {}

    static Behavior<TransferCommand> create(ActorRef<CuratorCommand> curator, long collection, int range,
                                            CuratorCommand partial, int chunkBytes, Duration patience) {
        return Behaviors.setup(ctx -> {
            Serialization serialization = SerializationExtension.get(Adapter.toClassic(ctx.getSystem()));
            Serializer serializer = serialization.findSerializerFor(partial);
            String manifest = Serializers.manifestFor(serializer, partial);
            byte[] bytes = serializer.toBinary(partial);
            int chunks = Math.max(1, (bytes.length + chunkBytes - 1) / chunkBytes);
            Sender sender = seq -> curator.tell(new CuratorCommand.PartialChunk(collection, range, seq,
                    seq == chunks - 1, serializer.identifier(), manifest,
                    Arrays.copyOfRange(bytes, seq * chunkBytes, Math.min(bytes.length, (seq + 1) * chunkBytes)),
                    ctx.getSelf()));
            sender.send(0);
            ctx.setReceiveTimeout(patience, new TransferCommand.Stalled());
            return awaiting(ctx, sender, chunks, collection, range);
        });
    }

    private interface Sender {
        void send(int seq);
    }

    private static Behavior<TransferCommand> awaiting(ActorContext<TransferCommand> ctx, Sender sender, int chunks,
                                                      long collection, int range) {
        return Behaviors.receive(TransferCommand.class)
                .onMessage(TransferCommand.ChunkAck.class, ack -> {
                    if (!ack.proceed() || ack.seq() + 1 >= chunks) {
                        return Behaviors.stopped();
                    }
                    sender.send(ack.seq() + 1);
                    return Behaviors.same();
                })
                .onMessage(TransferCommand.Stalled.class, m -> {
                    ctx.getLog().warn("range {}: partial of collection {} abandoned, no acknowledgement", range,
                            collection);
                    return Behaviors.stopped();
                })
                .build();
    }
}
