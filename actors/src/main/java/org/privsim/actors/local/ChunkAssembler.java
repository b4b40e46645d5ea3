package org.privsim.actors.local;

import java.io.ByteArrayOutputStream;
import java.util.HashMap;
import java.util.Map;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.serialization.Serialization;
import org.apache.pekko.serialization.SerializationExtension;
import org.privsim.protocol.CuratorCommand;
import org.privsim.protocol.CuratorCommand.PartialChunk;
import org.privsim.protocol.TransferCommand;

/**
 * The curator's side of chunked partial transfers: concatenates each range's chunks in sequence
 * order and turns the last one into the partial with Pekko's serializer for it.
 *
 * <p>Guarantee: every chunk is acknowledged exactly once — {@code proceed = true} when the next
 * chunk is wanted, false when the transfer is complete, unwanted (stale collection, range already
 * in) or out of order (then the range is simply re-requested later) — so a sender never waits
 * forever. A transfer is identified by its sender: a new sender's chunk 0 for a range replaces an
 * older unfinished transfer (the range's aggregator was re-homed), and stray chunks of the old one
 * are refused.
 */
final class ChunkAssembler {
    private final Serialization serialization;
    private final Map<Integer, Transfer> open = new HashMap<>();

    private static final class Transfer {
        final ActorRef<TransferCommand> sender;
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int next;

        Transfer(ActorRef<TransferCommand> sender) {
            this.sender = sender;
        }
    }

    ChunkAssembler(ActorSystem<?> system) {
        this.serialization = SerializationExtension.get(Adapter.toClassic(system));
    }

    /** Forgets every unfinished transfer (a new collection began). */
    void clear() {
        open.clear();
    }

    /**
     * Takes one chunk; returns the whole partial when {@code chunk} completed it, else null.
     *
     * @param wanted whether the chunk's (collection, range) still needs a partial
     */
    CuratorCommand offer(PartialChunk chunk, boolean wanted) {
        Transfer t = open.get(chunk.range());
        if (wanted && chunk.seq() == 0) {
            t = new Transfer(chunk.ackTo());
            open.put(chunk.range(), t);
        }
        if (!wanted || t == null || !t.sender.equals(chunk.ackTo()) || t.next != chunk.seq()) {
            chunk.ackTo().tell(new TransferCommand.ChunkAck(chunk.seq(), false));
            return null;
        }
        t.bytes.writeBytes(chunk.bytes());
        t.next++;
        chunk.ackTo().tell(new TransferCommand.ChunkAck(chunk.seq(), !chunk.last()));
        if (!chunk.last()) {
            return null;
        }
        open.remove(chunk.range());
        return (CuratorCommand) serialization.deserialize(t.bytes.toByteArray(), chunk.serializerId(),
                chunk.manifest()).get();
    }
}
