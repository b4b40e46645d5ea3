package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;
import org.privsim.core.seam.BoundCell;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.Step;

/**
 * A slice of one step of a run whose participants share a context ({@code Family.contextKey}):
 * positions {@code from … to − 1} of the step, answered (or, for a {@link Step.Fold}, one range folded
 * in order) by participants built from the shared context for the slice, so that no participant needs
 * an actor of its own and one message carries a whole range. The result goes to the run's curator:
 * {@link RunCommand.Folded} with the range's partial sum, {@link RunCommand.BatchAnswered} with the
 * slice's answers, or {@link RunCommand.ParticipantStopped} for the first participant that threw.
 *
 * <p>Guarantee: the answers (and partial sums) are those of the sequential interpreter for the same
 * positions, in the same order. Local only: a live object handed to a worker on the curator's node,
 * exempt from serialization.
 *
 * @param cell    the run's cell
 * @param run     the run's index in its cell
 * @param seed    the scenario's root seed
 * @param context the shared context
 * @param step    the step (an ask or a fold)
 * @param range   the fold's range this slice is (0 for an ask)
 * @param from    first position of the slice
 * @param to      one past its last position
 * @param curator the run's curator
 */
public record ParticipantBatch(BoundCell cell, int run, long seed, Object context, Step<Object, Object> step,
                               int range, int from, int to, ActorRef<RunCommand> curator)
        implements org.apache.pekko.actor.NoSerializationVerificationNeeded {

    /** Computes the slice on the calling thread and tells the curator. */
    public void compute() {
        int[] ids = step.asked();
        int position = from;
        try {
            if (step instanceof Step.Fold<Object, Object> fold) {
                Object sum = fold.folding().empty();
                for (; position < to; position++) {
                    sum = participant(ids[position]).fold(fold.request(), sum, fold.folding());
                }
                curator.tell(new RunCommand.Folded(range, sum));
            } else {
                Object[] answers = new Object[to - from];
                for (; position < to; position++) {
                    answers[position - from] = participant(ids[position]).answer(step.request(position));
                }
                curator.tell(new RunCommand.BatchAnswered(from, answers));
            }
        } catch (RuntimeException e) {
            curator.tell(new RunCommand.ParticipantStopped(ids[position]));
        }
    }

    private Participant<Object, Object> participant(int id) {
        return cell.participant(run, seed, context, id);
    }
}
