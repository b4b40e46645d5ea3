package org.privsim.actors.cluster;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Participant;
import org.privsim.protocol.ParticipantHostCommand;
import org.privsim.protocol.RunCommand;
import org.privsim.protocol.SeamDeskCommand;

/**
 * A participant placed on another node than its run's curator (an audit's adversary on an
 * {@code adversary} node, spawned by its {@link ParticipantHost}): builds the family's
 * {@link Participant} at setup from the run's context and its id, and answers each request its host
 * passes on ({@link ParticipantHostCommand.Ask}) to the seam desk of its run's node.
 *
 * <p>Guarantee: its answers are exactly the sequential interpreter's for the same participant (same
 * context, same requests in the same order), sent in order; a request that throws stops the actor,
 * which its host watches and reports.
 */
final class ParticipantActor {
    private ParticipantActor() {}

    /**
     * Participant {@code id} of run {@code run} of {@code cell} of job {@code job}, whose context is
     * {@code context}, answering to {@code desk}.
     */
    static Behavior<ParticipantHostCommand> create(long job, BoundCell cell, int run, long seed, Object context, int id,
                                                   ActorRef<SeamDeskCommand> desk) {
        return Behaviors.setup(ctx -> {
            Participant<Object, Object> participant = cell.participant(run, seed, context, id);
            return Behaviors.receive(ParticipantHostCommand.class)
                    .onMessage(ParticipantHostCommand.Ask.class, m -> {
                        desk.tell(new SeamDeskCommand.ParticipantAnswered(job, cell.index(), run, id,
                                new RunCommand.Answered(m.position(), participant.answer(m.request()))));
                        return Behaviors.same();
                    })
                    .build();
        });
    }
}
