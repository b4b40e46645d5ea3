package org.privsim.actors.cluster;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Participant;
import org.privsim.protocol.ParticipantCommand;
import org.privsim.protocol.RunCommand;

/**
 * A participant placed on another node than its run's curator (an audit's adversary on an
 * {@code adversary} node, spawned by its {@link ParticipantHost}): builds the family's
 * {@link Participant} at setup from the run's context and its id, and answers each
 * {@link ParticipantCommand.Ask} with it.
 *
 * <p>Guarantee: its answers are exactly the sequential interpreter's for the same participant (same
 * context, same requests in the same order); a request that throws stops the actor, which its
 * stand-in watches.
 */
final class ParticipantActor {
    private ParticipantActor() {}

    /** Participant {@code id} of run {@code run} of {@code cell}, whose context is {@code context}. */
    static Behavior<ParticipantCommand> create(BoundCell cell, int run, long seed, Object context, int id) {
        return Behaviors.setup(ctx -> {
            Participant<Object, Object> participant = cell.participant(run, seed, context, id);
            return Behaviors.receive(ParticipantCommand.class)
                    .onMessage(ParticipantCommand.Ask.class, m -> {
                        m.replyTo().tell(new RunCommand.Answered(m.position(), participant.answer(m.request())));
                        return Behaviors.same();
                    })
                    .build();
        });
    }
}
