package org.privsim.actors.local;

import java.util.function.Consumer;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.privsim.core.seam.BoundCell;
import org.privsim.protocol.ParticipantCommand;
import org.privsim.protocol.RunCommand;

/**
 * Where the seam's participants live: children of their run's curator in one local actor system
 * ({@link #local}), or spread over a cluster's users nodes in hosts (sharded entities), each holding
 * the participants of one run whose id falls in its residue class.
 *
 * <p>Guarantee: a run's curator calls {@link #open} once per host before the first
 * {@link #participant} of that host, {@link #participant} once per participant before its first
 * ask, and {@link #release} once per host it opened when the run is over; the returned consumer
 * delivers asks to the participant in the order given. Where a participant runs never changes its
 * answers.
 */
public interface ParticipantWiring {

    /** The host holding participant {@code id} of {@code cell}'s runs, or −1 when participants are the curator's children. */
    int host(BoundCell cell, int id);

    /** Prepares host {@code host} for run {@code run} (it answers {@link RunCommand.HostOpened} to the curator). */
    void open(ActorContext<RunCommand> curator, BoundCell cell, int run, int host);

    /**
     * How to tell participant {@code id} of run {@code run}.
     *
     * @param context the run's context, as the curator built it (local participants share it)
     */
    Consumer<ParticipantCommand> participant(ActorContext<RunCommand> curator, BoundCell cell, int run, long seed,
                                             Object context, int id);

    /** Run {@code run} is over: host {@code host} may let its participants go. */
    void release(ActorContext<RunCommand> curator, BoundCell cell, int run, int host);

    /**
     * Participants as children of the curator on the compute dispatcher, watched by it (a participant
     * that stops fails the run).
     */
    static ParticipantWiring local() {
        DispatcherSelector compute = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);
        return new ParticipantWiring() {
            @Override
            public int host(BoundCell cell, int id) {
                return -1;
            }

            @Override
            public void open(ActorContext<RunCommand> curator, BoundCell cell, int run, int host) {
                throw new IllegalStateException("local participants have no hosts");
            }

            @Override
            public Consumer<ParticipantCommand> participant(ActorContext<RunCommand> curator, BoundCell cell, int run,
                                                            long seed, Object context, int id) {
                ActorRef<ParticipantCommand> ref = curator.spawn(ParticipantActor.create(cell, run, seed, context, id),
                        "p-" + id, compute);
                curator.watchWith(ref, new RunCommand.ParticipantStopped(id));
                return ref::tell;
            }

            @Override
            public void release(ActorContext<RunCommand> curator, BoundCell cell, int run, int host) {
                throw new IllegalStateException("local participants have no hosts");
            }
        };
    }
}
