package org.privsim.protocol;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Map;

/**
 * Messages the coordinator of the seam's cells handles, for every family: the end of one of their runs.
 *
 * <p>Guarantee: each run reports exactly once, from its curator, which then stops; locally the
 * coordinator watches the curators and fails the cell when one stops without reporting, on a
 * cluster a run placer starts a run lost with its node again (a second report of a run is ignored).
 */
public sealed interface CoordinatorCommand extends CborSerializable
        permits CoordinatorCommand.RunFinished, CoordinatorCommand.RunFailed, CoordinatorCommand.RunStepped {

    /**
     * Run {@code run} of cell {@code cell} finished.
     *
     * @param cell      the cell's index ({@code Families.cells} order)
     * @param run       the run's index in the cell
     * @param outcome   the family's run outcome (serialized with its class name)
     * @param placement participants per node address (cluster), or null (local)
     * @param wire      a spread run's network use, {bytes, steps}, or null (not spread)
     */
    record RunFinished(int cell, int run, @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Object outcome,
                       Map<String, Integer> placement, long[] wire) implements CoordinatorCommand {}

    /**
     * Run {@code run} of cell {@code cell} failed (e.g. its ledger refused a release) or its curator
     * stopped without reporting; ignored when that run already finished.
     *
     * @param cell   the cell's index
     * @param run    the run's index in the cell
     * @param reason what went wrong
     */
    record RunFailed(int cell, int run, String reason) implements CoordinatorCommand {}

    /**
     * Run {@code run} of cell {@code cell} has taken {@code steps} steps so far: progress only, sent at
     * most every {@code RunCuratorActor.STEP_NOTICE_NANOS} by a run that lasts; it changes nothing a
     * report holds, and one that arrives after its run finished is ignored.
     *
     * @param cell  the cell's index
     * @param run   the run's index in the cell
     * @param steps the steps the run's curator took (and had answered) so far
     */
    record RunStepped(int cell, int run, int steps) implements CoordinatorCommand {}
}
