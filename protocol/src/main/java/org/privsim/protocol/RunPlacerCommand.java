package org.privsim.protocol;

/**
 * Messages of the placer of one seam run on a cluster: the actor, next to the seam's coordinator,
 * that starts the run on a users node through sharding and starts it again when that node is lost
 * before the run ended.
 *
 * <p>Guarantee: a host acknowledges every start it receives with {@link Placed} and tells the placer
 * {@link Ended} once its run's curator stopped after reporting (or failing), both through the seam
 * desk of the placer's node ({@link SeamDeskCommand}); a run whose node is lost (or whose host stops)
 * in between is started again, its outcome unchanged (a run is a function of the scenario, the
 * cell, the run index and the seed).
 */
public sealed interface RunPlacerCommand extends CborSerializable
        permits RunPlacerCommand.Placed, RunPlacerCommand.Ended, RunPlacerCommand.Lost, RunPlacerCommand.Retry {

    /**
     * The run is running on {@code node}.
     *
     * @param node the host node's address
     */
    record Placed(String node) implements RunPlacerCommand {}

    /** The run's curator stopped after reporting its outcome or its failure to the coordinator. */
    record Ended() implements RunPlacerCommand {}

    /**
     * The run placed on {@code node} is lost: that member was removed from the cluster, or its host
     * stopped before {@link Ended} (its shard was handed off).
     */
    record Lost(String node) implements RunPlacerCommand {}

    /** No {@link Placed} arrived within the placement timeout: start the run again. */
    record Retry() implements RunPlacerCommand {}
}
