package org.privsim.actors.local;

import java.util.ArrayList;
import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.privsim.protocol.ParticipantBatch;

/**
 * The {@link ParticipantWorker}s of one actor that hands out slices of steps (a run's curator, or a
 * node's share of a spread run): children on the compute dispatcher, spawned as needed up to one per
 * processor, then handed out round-robin.
 *
 * <p>Guarantee: at most one worker per available processor; every slice told to a worker is
 * computed once; the workers stop with their parent. Not thread-safe (its parent's).
 */
public final class WorkerPool {
    private static final DispatcherSelector COMPUTE = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);

    private final ActorContext<?> parent;
    private final List<ActorRef<ParticipantBatch>> workers = new ArrayList<>();
    private int next;

    /** An empty pool of {@code parent}'s workers. */
    public WorkerPool(ActorContext<?> parent) {
        this.parent = parent;
    }

    /** The next worker, round-robin; the pool grows to one worker per processor. */
    public ActorRef<ParticipantBatch> next() {
        if (workers.size() < Runtime.getRuntime().availableProcessors()) {
            ActorRef<ParticipantBatch> w = parent.spawn(ParticipantWorker.create(), "w-" + workers.size(), COMPUTE);
            workers.add(w);
            return w;
        }
        return workers.get(next++ % workers.size());
    }
}
