package org.privsim.protocol;

/**
 * Messages of the sharded population entity type on a cluster: every aggregator range and every
 * user is one entity, and a range's aggregator and users share one shard so they always live on
 * the same node. Each envelope carries the {@link PopulationSpec}, so an entity started (or
 * re-homed after a node loss) anywhere rebuilds its state from (seed, id) on its first message.
 *
 * <p>Guarantee: envelopes only carry small values (the spec, a range's bounds and the wrapped
 * command); bulk statistics never travel in them.
 */
public sealed interface PopulationCommand extends CborSerializable
        permits PopulationCommand.ForAggregator, PopulationCommand.ForUser, PopulationCommand.Retire,
        PopulationCommand.Stop {

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
     * A command for one user.
     *
     * @param spec    the population
     * @param user    user id
     * @param command the wrapped command
     */
    record ForUser(PopulationSpec spec, int user, UserCommand command) implements PopulationCommand {}

    /**
     * The job is over: the entity asks its shard to passivate it (so messages racing with its stop
     * are buffered, never lost), an aggregator first retiring its range's users.
     */
    record Retire() implements PopulationCommand {}

    /** Sharding's stop message (after a passivation, or when the shard hands off): stop now. */
    record Stop() implements PopulationCommand {}
}
