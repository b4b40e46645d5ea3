package org.privsim.actors.local;

import java.util.Map;
import java.util.function.Consumer;
import org.apache.pekko.actor.typed.DispatcherSelector;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.privsim.core.data.Populations;
import org.privsim.protocol.AggregatorCommand;
import org.privsim.protocol.GuardianCommand;

/**
 * Where a simulation's aggregator ranges live: children of the guardian in one local actor system
 * ({@link #local}), or sharded entities spread over a cluster.
 *
 * <p>Guarantee: {@link #aggregator} is called once per range, in range order, before any run
 * starts; the returned consumer delivers commands to that range's aggregator in the order given.
 */
@FunctionalInterface
public interface RangeWiring {

    /**
     * How to tell the aggregator of range {@code range}, ids [first, end).
     *
     * @param populations the scenario's low-rank populations (the scenario seed's and each repeat's)
     */
    Consumer<AggregatorCommand> aggregator(ActorContext<GuardianCommand> ctx, int range, int first, int end,
                                           Populations populations);

    /**
     * Ranges as children of the guardian, their users on the compute dispatcher.
     *
     * @param faults injected user faults by id (tests only; empty otherwise)
     */
    static RangeWiring local(Map<Integer, UserFault> faults) {
        DispatcherSelector compute = DispatcherSelector.fromConfig(LocalSettings.COMPUTE_DISPATCHER);
        return (ctx, range, first, end, populations) -> ctx.spawn(AggregatorActor.local(range, first, end, populations,
                faults, compute), "range-" + range, compute)::tell;
    }
}
