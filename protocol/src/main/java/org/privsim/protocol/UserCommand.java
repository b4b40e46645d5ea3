package org.privsim.protocol;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.apache.pekko.actor.typed.ActorRef;
import org.privsim.core.sim.ErrorSum;
import org.privsim.core.sim.InitSum;
import org.privsim.core.sim.RoundSum;
import org.privsim.core.sim.UserTask;

/**
 * Requests a user actor answers. Every request carries the collection id it belongs to, and the
 * answer echoes it, so an aggregator can ignore answers that arrive after their collection closed.
 *
 * <p>Named Jackson subtypes, so a command can travel inside a {@link PopulationCommand} envelope.
 *
 * <p>Guarantee: a user answers with compact statistics computed by
 * {@link org.privsim.core.sim.UserStep} — never with raw samples.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = UserCommand.ContributeInit.class, name = "ContributeInit"),
        @JsonSubTypes.Type(value = UserCommand.ContributeRound.class, name = "ContributeRound"),
        @JsonSubTypes.Type(value = UserCommand.EvaluateModel.class, name = "EvaluateModel")})
public sealed interface UserCommand extends CborSerializable
        permits UserCommand.ContributeInit, UserCommand.ContributeRound, UserCommand.FoldInit,
        UserCommand.FoldRound, UserCommand.FoldEvaluate, UserCommand.EvaluateModel {

    /**
     * Contribute the user's initialisation term.
     *
     * @param collection collection id
     * @param task       what to compute
     * @param replyTo    where to send the {@link AggregatorCommand.InitAnswer}
     */
    record ContributeInit(long collection, UserTask.Init task, ActorRef<AggregatorCommand> replyTo)
            implements UserCommand {}

    /**
     * Contribute the user's U-step statistics (only sent to users the task's participants include).
     *
     * @param collection collection id
     * @param task       what to compute
     * @param replyTo    where to send the {@link AggregatorCommand.RoundAnswer}
     */
    record ContributeRound(long collection, UserTask.Round task, ActorRef<AggregatorCommand> replyTo)
            implements UserCommand {}

    /**
     * Add the user's U-step statistics into the range's travelling sum and hand it on (the local
     * runtime's chained fold; local only: exempt from serialize-messages, never sent to another node).
     *
     * @param collection collection id
     * @param task       what to compute
     * @param fold       the range's sum, waiting for this user
     */
    record FoldRound(long collection, UserTask.Round task, ChainedFold<RoundSum> fold)
            implements UserCommand, org.apache.pekko.actor.NoSerializationVerificationNeeded {}

    /**
     * Add the user's initialisation term into the range's travelling sum and hand it on (the
     * local runtime's chained fold; local only, like {@link FoldRound}).
     *
     * @param collection collection id
     * @param task       what to compute
     * @param fold       the range's sum, waiting for this user
     */
    record FoldInit(long collection, UserTask.Init task, ChainedFold<InitSum> fold)
            implements UserCommand, org.apache.pekko.actor.NoSerializationVerificationNeeded {}

    /**
     * Add the user's evaluation answer into the range's travelling sum and hand it on (the local
     * runtime's chained fold; local only, like {@link FoldRound}).
     *
     * @param collection collection id
     * @param task       what to compute
     * @param fold       the range's sum, waiting for this user
     */
    record FoldEvaluate(long collection, UserTask.Evaluate task, ChainedFold<ErrorSum> fold)
            implements UserCommand, org.apache.pekko.actor.NoSerializationVerificationNeeded {}

    /**
     * Fit the final model and report its squared parameter error.
     *
     * @param collection collection id
     * @param task       what to compute
     * @param replyTo    where to send the {@link AggregatorCommand.ErrorAnswer}
     */
    record EvaluateModel(long collection, UserTask.Evaluate task, ActorRef<AggregatorCommand> replyTo)
            implements UserCommand {}
}
