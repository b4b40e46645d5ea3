package org.privsim.protocol;

import java.util.List;
import org.apache.pekko.actor.typed.ActorRef;
import org.privsim.core.seam.Folding;
import org.privsim.core.seam.Participant;

/**
 * A seam fold in flight ({@link org.privsim.core.seam.Step.Fold}), or one range of it: the running
 * sum handed from participant to participant in the order the curator listed them, each adding its
 * answer ({@link Participant#fold}); after the last one the sum goes back to the run's curator,
 * tagged with the range. No answer travels on its own.
 *
 * <p>Guarantee: the sum sees the listed participants' answers in the listed order, each exactly
 * once. Local only: it is a live object passed between the actors of one run, which always share a
 * node, so the messages carrying it are exempt from serialization.
 */
public final class FoldChain {
    private final List<ActorRef<ParticipantCommand>> participants;
    private final Object request;
    private final Folding<Object, Object> folding;
    private final int range;
    private final ActorRef<RunCommand> curator;
    private Object sum;
    private int next;

    /**
     * A chain over {@code participants}, in order, folding their answers to {@code request}.
     *
     * @param range   the fold's range this chain folds (0 for a fold without ranges)
     * @param curator receives the sum ({@link RunCommand.Folded})
     */
    public FoldChain(List<ActorRef<ParticipantCommand>> participants, Object request, Folding<Object, Object> folding,
                     int range, ActorRef<RunCommand> curator) {
        this.participants = List.copyOf(participants);
        this.request = request;
        this.folding = folding;
        this.range = range;
        this.curator = curator;
        this.sum = folding.empty();
    }

    /** Hands the chain to its first participant (or the empty sum straight back when it has none). */
    public void start() {
        handOn();
    }

    /** Lets the current participant add its answer ({@link Participant#fold}) and hands the chain on. */
    public void foldIn(Participant<Object, Object> participant) {
        sum = participant.fold(request, sum, folding);
        next++;
        handOn();
    }

    private void handOn() {
        if (next < participants.size()) {
            participants.get(next).tell(new ParticipantCommand.Fold(this));
        } else {
            curator.tell(new RunCommand.Folded(range, sum));
        }
    }
}
