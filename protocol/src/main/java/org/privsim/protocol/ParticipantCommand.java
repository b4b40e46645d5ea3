package org.privsim.protocol;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages a participant actor handles, for every family: one request of its run's curator, or
 * its turn in a chained fold.
 *
 * <p>Guarantee: a participant answers every request exactly once, to {@code replyTo}, in the order
 * the requests arrive, with what its family's participant answers — never with its data.
 */
public sealed interface ParticipantCommand extends CborSerializable permits ParticipantCommand.Ask, ParticipantCommand.Fold {

    /**
     * Answer {@code request} with {@link RunCommand.Answered} at {@code position}.
     *
     * @param position the participant's place in the curator's ask (its answer's slot)
     * @param request  the family's request (serialized with its class name)
     * @param replyTo  the run's curator
     */
    record Ask(int position, @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Object request,
               ActorRef<RunCommand> replyTo) implements ParticipantCommand {}

    /**
     * Add your answer to the chain's request into its sum and hand it on ({@link FoldChain#foldIn}).
     * Local only: never serialized.
     *
     * @param chain the fold in flight
     */
    record Fold(FoldChain chain) implements ParticipantCommand, org.apache.pekko.actor.NoSerializationVerificationNeeded {}
}
