package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages of the sharded population entity type on a cluster: every aggregator range is one
 * entity, and the range's users are its children, so they always live on its node. Each envelope
 * carries the {@link PopulationSpec}, so an entity started (or re-homed after a node loss)
 * anywhere rebuilds its range, users included, from (seed, id) on its first message. The users'
 * collection requests never travel in envelopes: the aggregator hands its range's chained fold
 * from user to user directly.
 *
 * <p>Guarantee: envelopes only carry small values (the spec, a range's bounds and the wrapped
 * command); bulk statistics never travel in them.
 */
public sealed interface PopulationCommand extends CborSerializable
        permits PopulationCommand.ForAggregator, PopulationCommand.Retire, PopulationCommand.Stop {

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
     * The job is over: the entity asks its shard to passivate it (so messages racing with its stop
     * are buffered, never lost); its users stop with it.
     */
    record Retire() implements PopulationCommand {}

    /** Sharding's stop message (after a passivation, or when the shard hands off): stop now. */
    record Stop() implements PopulationCommand {}
}
