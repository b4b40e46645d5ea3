package org.privsim.actors.cluster;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.apache.pekko.serialization.Serializer;
import org.apache.pekko.serialization.Serializers;
import org.privsim.protocol.SpreadCommand;

/**
 * How spread hosts send each other messages of any size: a message for another node is serialized
 * once and sent as {@link SpreadCommand.Piece}s of at most {@value #PIECE} bytes — under Artery's
 * 256 KiB frame, which drops a larger message with only a log line — and the receiving host puts
 * the pieces back together ({@link Assembly}). A message for this node's actor is told as it is.
 *
 * <p>Guarantee: a message arrives whole or not at all, never cut; the pieces of one transfer come
 * from one sender to one receiver, which Pekko delivers in order. {@link #send} returns the bytes
 * the message took on the network (0 when it stayed on the node).
 */
final class Wire {
    /** The largest piece: a frame of 256 KiB less room for the envelope. */
    static final int PIECE = 192 * 1024;

    /** Transfer ids: unique per JVM, and from a random start so that two nodes' ids do not meet. */
    private static final AtomicLong TRANSFERS = new AtomicLong(new SecureRandom().nextLong());

    private Wire() {}

    /** Sends {@code message} to {@code to} (in pieces when it is on another node); the bytes it took on the network. */
    static long send(ActorSystem<?> system, ActorRef<SpreadCommand> to, SpreadCommand message) {
        if (to.path().address().hasLocalScope()) {
            to.tell(message);
            return 0;
        }
        Serialization serialization = SerializationExtension.get(Adapter.toClassic(system));
        Serializer serializer = serialization.findSerializerFor(message);
        String manifest = Serializers.manifestFor(serializer, message);
        byte[] bytes = serialization.serialize(message).get(); // with the system's transport information (references)
        int count = Math.max(1, (bytes.length + PIECE - 1) / PIECE);
        long transfer = TRANSFERS.incrementAndGet();
        for (int i = 0; i < count; i++) {
            to.tell(new SpreadCommand.Piece(transfer, i, count, serializer.identifier(), manifest,
                    Arrays.copyOfRange(bytes, i * PIECE, Math.min(bytes.length, (i + 1) * PIECE))));
        }
        return bytes.length;
    }

    /** The transfers a host is receiving, by id; not thread-safe (one host's). */
    static final class Assembly {
        private final Map<Long, byte[][]> transfers = new HashMap<>();

        /**
         * Adds {@code piece}; the whole message and its bytes when it was the transfer's last, else null.
         *
         * @throws IllegalStateException when the bytes do not make a message (a bug: the sender serialized it)
         */
        Received add(ActorSystem<?> system, SpreadCommand.Piece piece) {
            byte[][] pieces = piece.count() == 1 ? new byte[][] {piece.bytes()}
                    : transfers.computeIfAbsent(piece.transfer(), t -> new byte[piece.count()][]);
            pieces[piece.index()] = piece.bytes();
            for (byte[] p : pieces) {
                if (p == null) {
                    return null;
                }
            }
            transfers.remove(piece.transfer());
            int length = 0;
            for (byte[] p : pieces) {
                length += p.length;
            }
            byte[] bytes = new byte[length];
            int at = 0;
            for (byte[] p : pieces) {
                System.arraycopy(p, 0, bytes, at, p.length);
                at += p.length;
            }
            Object message = SerializationExtension.get(Adapter.toClassic(system))
                    .deserialize(bytes, piece.serializerId(), piece.manifest()).get();
            return new Received((SpreadCommand) message, length);
        }
    }

    /** A message put back together, and the bytes it took. */
    record Received(SpreadCommand message, long bytes) {}
}
