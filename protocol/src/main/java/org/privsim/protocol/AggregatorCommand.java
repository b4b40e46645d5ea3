package org.privsim.protocol;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.apache.pekko.actor.typed.ActorRef;
import org.privsim.core.sim.UserTask;

/**
 * Messages an aggregator (one fixed range of user ids) handles: a collection request from the
 * curator, the news that its range's chained fold came back, and its own per-collection deadline.
 *
 * <p>Named Jackson subtypes, so a command can travel inside a {@link PopulationCommand} envelope.
 *
 * <p>Guarantee: for each collection request the aggregator sends exactly one partial sum to the
 * curator — when every asked user folded or at the deadline, whichever comes first — summed in
 * ascending user id order; news of another collection is ignored.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = AggregatorCommand.CollectInit.class, name = "CollectInit"),
        @JsonSubTypes.Type(value = AggregatorCommand.CollectRound.class, name = "CollectRound"),
        @JsonSubTypes.Type(value = AggregatorCommand.CollectEvaluate.class, name = "CollectEvaluate"),
        @JsonSubTypes.Type(value = AggregatorCommand.CollectionDeadline.class, name = "CollectionDeadline")})
public sealed interface AggregatorCommand extends CborSerializable
        permits AggregatorCommand.CollectInit, AggregatorCommand.CollectRound, AggregatorCommand.CollectEvaluate,
        AggregatorCommand.CollectionDeadline, AggregatorCommand.RangeFolded {

    /**
     * Collect every user's initialisation term of the range.
     *
     * @param collection     collection id
     * @param task           the request to users
     * @param deadlineMillis how long to wait for answers before sending what arrived
     * @param replyTo        where to send the {@link CuratorCommand.InitPartial}
     */
    record CollectInit(long collection, UserTask.Init task, long deadlineMillis, ActorRef<CuratorCommand> replyTo)
            implements AggregatorCommand {}

    /**
     * Collect the U-step statistics of the range's participating users.
     *
     * @param collection     collection id
     * @param task           the request to users
     * @param deadlineMillis how long to wait for answers before sending what arrived
     * @param replyTo        where to send the {@link CuratorCommand.RoundPartial}
     */
    record CollectRound(long collection, UserTask.Round task, long deadlineMillis, ActorRef<CuratorCommand> replyTo)
            implements AggregatorCommand {}

    /**
     * Collect every user's squared model error of the range.
     *
     * @param collection     collection id
     * @param task           the request to users
     * @param deadlineMillis how long to wait for answers before sending what arrived
     * @param replyTo        where to send the {@link CuratorCommand.ErrorPartial}
     */
    record CollectEvaluate(long collection, UserTask.Evaluate task, long deadlineMillis,
                           ActorRef<CuratorCommand> replyTo) implements AggregatorCommand {}

    /**
     * The aggregator's own timer: the collection's deadline passed.
     *
     * @param collection collection id
     */
    record CollectionDeadline(long collection) implements AggregatorCommand {}

    /**
     * The range's chained fold of collection {@code collection} reached its last asked user (local
     * only: sent by the user actors on the aggregator's own node).
     */
    record RangeFolded(long collection)
            implements AggregatorCommand, org.apache.pekko.actor.NoSerializationVerificationNeeded {}
}
