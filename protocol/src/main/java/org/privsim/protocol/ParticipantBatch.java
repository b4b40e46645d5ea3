package org.privsim.protocol;

import java.util.function.IntFunction;
import org.apache.pekko.actor.typed.ActorRef;
import org.privsim.core.seam.Participant;
import org.privsim.core.seam.Step;

/**
 * A slice of one step of a run: positions {@code from … to − 1} of the step, answered (or, for a
 * {@link Step.Fold}, one range folded in order) by the run's participants on whatever thread
 * computes the slice — a worker of the run's curator, or the curator itself — so that no
 * participant needs an actor of its own and one message carries a whole slice. Its result
 * ({@link #result}) is {@link RunCommand.Folded} with the range's partial sum,
 * {@link RunCommand.BatchAnswered} with the slice's answers, or {@link RunCommand.ParticipantStopped}
 * for the first participant that threw (with what it threw).
 *
 * <p>Guarantee: the answers (and partial sums) are those of the sequential interpreter for the same
 * positions, in the same order. Local only: a live object handed to a worker on the curator's node,
 * exempt from serialization.
 *
 * @param step         the step (an ask or a fold)
 * @param range        the fold's range this slice is (0 for an ask)
 * @param from         first position of the slice
 * @param to           one past its last position
 * @param participants the run's participant of each id (each id of the slice touched by this slice only)
 * @param curator      the run's curator
 */
public record ParticipantBatch(Step<Object, Object> step, int range, int from, int to,
                               IntFunction<Participant<Object, Object>> participants, ActorRef<RunCommand> curator)
        implements org.apache.pekko.actor.NoSerializationVerificationNeeded {

    /** Computes the slice on the calling thread and tells the curator its {@link #result}. */
    public void compute() {
        curator.tell(result());
    }

    /** Computes the slice on the calling thread. */
    public RunCommand result() {
        int[] ids = step.asked();
        int position = from;
        try {
            if (step instanceof Step.Fold<Object, Object> fold) {
                Object sum = fold.folding().empty();
                for (; position < to; position++) {
                    sum = participants.apply(ids[position]).fold(fold.request(), sum, fold.folding());
                }
                return new RunCommand.Folded(range, sum);
            }
            Object[] answers = new Object[to - from];
            for (; position < to; position++) {
                answers[position - from] = participants.apply(ids[position]).answer(step.request(position));
            }
            return new RunCommand.BatchAnswered(from, answers);
        } catch (RuntimeException e) {
            return new RunCommand.ParticipantStopped(ids[position], e.toString());
        }
    }
}
