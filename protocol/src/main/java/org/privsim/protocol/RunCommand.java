package org.privsim.protocol;

import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * Messages the curator actor of one run handles, for every family: its participants' answers, a
 * slice's answers or a fold range's sum from its workers, or a participant's failure.
 *
 * <p>Guarantee: the curator acts only once every participant it asked has answered, and hands the
 * answers to the family's curator in the order it asked, never in arrival order.
 */
public sealed interface RunCommand extends CborSerializable permits RunCommand.Answered, RunCommand.Folded,
        RunCommand.BatchAnswered, RunCommand.ParticipantStopped, RunCommand.ParticipantLost,
        RunCommand.SpreadAnswered, RunCommand.SpreadFailed {

    /**
     * The answer of the participant at {@code position} of the current ask.
     *
     * @param position its place in the ask
     * @param answer   the family's answer (serialized with its class name)
     */
    record Answered(int position, @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Object answer) implements RunCommand {}

    /**
     * The sum of the current fold, or of one of its ranges, from a {@link ParticipantBatch}. Local
     * only: never serialized.
     *
     * @param range the range (0 for a fold without ranges)
     * @param sum   the folded answers
     */
    record Folded(int range, Object sum) implements RunCommand, org.apache.pekko.actor.NoSerializationVerificationNeeded {}

    /**
     * The answers of positions {@code from … from + answers.length − 1} of the current ask, from a
     * {@link ParticipantBatch}. Local only: never serialized.
     *
     * @param from    the first position
     * @param answers the answers, in position order
     */
    record BatchAnswered(int from, Object[] answers)
            implements RunCommand, org.apache.pekko.actor.NoSerializationVerificationNeeded {}

    /**
     * Participant {@code participant} stopped, or threw in a {@link ParticipantBatch}: the run fails.
     *
     * @param participant its id
     * @param error       what it threw ({@code Throwable.toString()}), or null when it stopped
     */
    record ParticipantStopped(int participant, String error) implements RunCommand {}

    /**
     * Participant {@code participant}, placed on another node for its role, could not be placed or
     * was lost there: the run fails with {@code reason}.
     *
     * @param participant its id
     * @param reason      what went wrong, for the report's error
     */
    record ParticipantLost(int participant, String reason) implements RunCommand {}


    /**
     * The answers to the current step of a spread run, from the nodes that hold its participants (a
     * fold's: its one sum). Local only: never serialized.
     *
     * @param answers   what the curator gets, in position order
     * @param placement participants asked so far per node address
     * @param wireBytes the bytes the step's messages took on the network
     */
    record SpreadAnswered(java.util.List<Object> answers, java.util.Map<String, Integer> placement, long wireBytes)
            implements RunCommand, org.apache.pekko.actor.NoSerializationVerificationNeeded {}

    /**
     * A spread run cannot go on: a node failed to compute its part of a step, or the run cannot be
     * spread (no users node, a fold out of node order). The run fails. Local only: never serialized.
     *
     * @param reason what happened
     */
    record SpreadFailed(String reason)
            implements RunCommand, org.apache.pekko.actor.NoSerializationVerificationNeeded {}
}
