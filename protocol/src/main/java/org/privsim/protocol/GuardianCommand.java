package org.privsim.protocol;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Map;
import org.privsim.core.sim.RunOutcome;

/**
 * Messages the simulation guardian handles: the end of one low-rank algorithm run, or of one seam
 * cell (indexed mean, multi-task, transfer …, or an audit).
 *
 * <p>Guarantee: the curator of run {@code run} and the coordinator of the cells each send exactly one
 * completion per run or cell, then stop; the guardian watches them and turns a stop
 * without completion into the matching failure (ignored when it arrives after the completion).
 */
public sealed interface GuardianCommand extends CborSerializable
        permits GuardianCommand.RunCompleted, GuardianCommand.RunFailed, GuardianCommand.SeamCellCompleted,
        GuardianCommand.SeamCellFailed {

    /**
     * Run {@code run} finished.
     *
     * @param run     index of the run in {@link org.privsim.core.run.ScenarioPlan} order
     * @param outcome its result
     */
    record RunCompleted(int run, RunOutcome outcome) implements GuardianCommand {}

    /**
     * Run {@code run} failed (e.g. the ledger refused a release).
     *
     * @param run    index of the run
     * @param reason what went wrong
     */
    record RunFailed(int run, String reason) implements GuardianCommand {}

    /**
     * Cell {@code cell} of the seam's families finished.
     *
     * @param cell index of the cell in {@link org.privsim.core.run.Families#cells} order
     * @param row       the family's report row, an experiment row or an audit row (serialized with its
     *                  class name)
     * @param placement its runs' participants per node address (cluster), or null (local)
     */
    record SeamCellCompleted(int cell, @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Object row,
                             Map<String, Integer> placement) implements GuardianCommand {}

    /**
     * Cell {@code cell} of the seam's families failed, or (cell −1) their coordinator stopped first.
     *
     * @param cell   index of the cell, or −1
     * @param reason what went wrong
     */
    record SeamCellFailed(int cell, String reason) implements GuardianCommand {}

}
