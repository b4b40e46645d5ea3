package org.privsim.protocol;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.apache.pekko.actor.typed.ActorRef;

/**
 * Messages a seam run host handles on a cluster: the host runs one run of one seam cell — its
 * curator and, as the curator's children, its participants — on the node sharding placed it on,
 * rebuilding the cell from the job's scenario there.
 *
 * <p>Guarantee: the run's outcome reaches the job's coordinator exactly once, through the job node's
 * {@link SeamDeskCommand seam desk} (a curator that fails is reported by its host as
 * {@link CoordinatorCommand.RunFailed}); the host passivates when its run is over. A repeated start
 * of a run in progress only repeats the acknowledgement.
 */
public sealed interface SeamHostCommand extends CborSerializable
        permits SeamHostCommand.StartRun, SeamHostCommand.Reported, SeamHostCommand.Stop {

    /**
     * Run {@code run} of seam cell {@code cell} of the job's scenario (parsed once per node and job).
     *
     * @param job         the cluster job
     * @param text        the scenario file's text
     * @param sourceName  the file's name (data paths resolve against its folder)
     * @param seed        the seed override, or null
     * @param cell        index in {@code Families.cells} order
     * @param run         the run
     * @param desk        the seam desk of the job's node: told {@link SeamDeskCommand.Placed} on every
     *                    start received, the run's {@link SeamDeskCommand.Report}, then
     *                    {@link SeamDeskCommand.Ended} when the run's curator stopped, or
     *                    {@link SeamDeskCommand.HostStopped} when the host stops before that
     */
    record StartRun(long job, String text, String sourceName, Long seed, int cell, int run,
                    ActorRef<SeamDeskCommand> desk)
            implements SeamHostCommand {}

    /**
     * Local: the run's curator reported to its host (the host passes it on to the desk).
     *
     * @param report {@link CoordinatorCommand.RunFinished} or {@link CoordinatorCommand.RunFailed}
     */
    record Reported(@JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) CoordinatorCommand report) implements SeamHostCommand {}

    /** Sharding's stop message after a passivation or hand-off. */
    record Stop() implements SeamHostCommand {}
}
