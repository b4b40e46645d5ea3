package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages of the sharded population entity type on a cluster: every aggregator range and every
 * user is one entity, and a range's aggregator and users share one shard so they always live on
 * the same node. Each envelope carries the {@link PopulationSpec}, so an entity started (or
 * re-homed after a node loss) anywhere rebuilds its state from (seed, id) on its first message.
 * The users' collection requests do not travel in envelopes: the aggregator locates each user's
 * actor once ({@link Locate}) and then hands its range's chained fold from user to user directly.
 *
 * <p>Guarantee: envelopes only carry small values (the spec, a range's bounds and the wrapped
 * command); bulk statistics never travel in them.
 */
public sealed interface PopulationCommand extends CborSerializable
        permits PopulationCommand.ForAggregator, PopulationCommand.Locate, PopulationCommand.Located,
        PopulationCommand.Retire, PopulationCommand.Stop {

    /**
     * A command for the aggregator of range {@code range}, ids [first, end).
     *
     * @param spec    the population
     * @param range   range index
     * @param first   first user id of the range
     * @param end     one past the last user id
     * @param command the wrapped command
     */
    record ForAggregator(PopulationSpec spec, int range, int first, int end, AggregatorCommand command)
            implements PopulationCommand {}

    /**
     * Asks user {@code user}'s entity for the reference of its user actor (started on this
     * envelope if it is not running yet). Its aggregator asks once per range and then reaches the
     * user directly: they share a shard, so the reference is local to the aggregator's node.
     *
     * @param spec    the population
     * @param user    user id
     * @param replyTo the aggregator entity, told {@link Located}
     */
    record Locate(PopulationSpec spec, int user, ActorRef<PopulationCommand> replyTo) implements PopulationCommand {}

    /**
     * The answer to {@link Locate}: user {@code user}'s actor. Sent to the aggregator entity's own
     * reference, not through sharding.
     *
     * @param user user id
     * @param ref  the user's actor
     */
    record Located(int user, ActorRef<UserCommand> ref) implements PopulationCommand {}

    /**
     * The job is over: the entity asks its shard to passivate it (so messages racing with its stop
     * are buffered, never lost), an aggregator first retiring its range's users.
     */
    record Retire() implements PopulationCommand {}

    /** Sharding's stop message (after a passivation, or when the shard hands off): stop now. */
    record Stop() implements PopulationCommand {}
}
