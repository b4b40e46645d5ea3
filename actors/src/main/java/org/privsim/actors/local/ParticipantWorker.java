package org.privsim.actors.local;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.privsim.protocol.ParticipantBatch;

/**
 * A worker of a run's curator ({@link RunCuratorActor}), or of a node's share of a spread run: computes each {@link ParticipantBatch} it
 * receives, in arrival order, on a thread of the compute dispatcher.
 *
 * <p>Guarantee: every batch is computed exactly once and reports to its curator (a participant that
 * throws is reported by the batch, the worker goes on).
 */
public final class ParticipantWorker {
    private ParticipantWorker() {}

    /** A worker. */
    public static Behavior<ParticipantBatch> create() {
        return Behaviors.receive((ctx, batch) -> {
            batch.compute();
            return Behaviors.same();
        });
    }
}
