package org.privsim.actors.local;

import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Participant;
import org.privsim.protocol.ParticipantCommand;
import org.privsim.protocol.RunCommand;

/**
 * One participant of one run of any seam family (an MP-MTL task, a public task, a DP-SGD row holder
 * …): builds the family's {@link Participant} at setup from the run's context and its id, and
 * answers each {@link ParticipantCommand.Ask} with it, or adds its answer to a
 * {@link ParticipantCommand.Fold} and hands the fold on.
 *
 * <p>Guarantee: its answers are exactly the sequential interpreter's for the same participant (same
 * context, same requests in the same order); a request that throws stops the actor, which its
 * curator watches.
 */
public final class ParticipantActor {
    private ParticipantActor() {}

    /** Participant {@code id} of run {@code run} of {@code cell}, whose context is {@code context}. */
    public static Behavior<ParticipantCommand> create(BoundCell cell, int run, long seed, Object context, int id) {
        return Behaviors.setup(ctx -> {
            Participant<Object, Object> participant = cell.participant(run, seed, context, id);
            return Behaviors.receive(ParticipantCommand.class)
                    .onMessage(ParticipantCommand.Ask.class, m -> {
                        m.replyTo().tell(new RunCommand.Answered(m.position(), participant.answer(m.request())));
                        return Behaviors.same();
                    })
                    .onMessage(ParticipantCommand.Fold.class, m -> {
                        m.chain().foldIn(participant);
                        return Behaviors.same();
                    })
                    .build();
        });
    }
}
