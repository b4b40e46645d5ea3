package org.privsim.protocol;

import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages a seam run host handles on a cluster: the host runs one run of one seam cell — its
 * curator and, as the curator's children, its participants — on the node sharding placed it on,
 * rebuilding the cell from the job's scenario there.
 *
 * <p>Guarantee: the run's curator reports to {@code coordinator} exactly once; a curator that fails
 * is reported by its host as {@link CoordinatorCommand.RunFailed}; the host passivates when its run is
 * over. A repeated start of a run in progress only repeats the acknowledgement.
 */
public sealed interface SeamHostCommand extends CborSerializable
        permits SeamHostCommand.StartRun, SeamHostCommand.Stop {

    /**
     * Run {@code run} of seam cell {@code cell} of the job's scenario (parsed once per node and job).
     *
     * @param job         the cluster job
     * @param text        the scenario file's text
     * @param sourceName  the file's name (data paths resolve against its folder)
     * @param seed        the seed override, or null
     * @param cell        index in {@code Families.cells} order
     * @param run         the run
     * @param coordinator receives the run's outcome
     * @param placer      acknowledged with {@link RunPlacerCommand.Placed} on every start received, told
     *                    {@link RunPlacerCommand.Ended} when the run's curator stopped
     */
    record StartRun(long job, String text, String sourceName, Long seed, int cell, int run,
                    ActorRef<CoordinatorCommand> coordinator, ActorRef<RunPlacerCommand> placer)
            implements SeamHostCommand {}

    /** Sharding's stop message after a passivation or hand-off. */
    record Stop() implements SeamHostCommand {}
}
