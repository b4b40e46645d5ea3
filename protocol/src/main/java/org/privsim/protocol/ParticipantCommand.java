package org.privsim.protocol;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages a participant actor handles, for every family: one request of its run's curator (a
 * participant placed on another node than its curator, an audit's adversary on a cluster).
 *
 * <p>Guarantee: a participant answers every request exactly once, to {@code replyTo}, in the order
 * the requests arrive, with what its family's participant answers — never with its data.
 */
public sealed interface ParticipantCommand extends CborSerializable permits ParticipantCommand.Ask {

    /**
     * Answer {@code request} with {@link RunCommand.Answered} at {@code position}.
     *
     * @param position the participant's place in the curator's ask (its answer's slot)
     * @param request  the family's request (serialized with its class name)
     * @param replyTo  the run's curator
     */
    record Ask(int position, @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Object request,
               ActorRef<RunCommand> replyTo) implements ParticipantCommand {}
}
