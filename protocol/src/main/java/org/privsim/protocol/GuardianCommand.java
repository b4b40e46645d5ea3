package org.privsim.protocol;

import org.privsim.core.audit.AuditResult;
import org.privsim.core.run.ExperimentRow;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Map;

/**
 * Messages the simulation guardian handles: the end of one seam cell (of any family), or of one
 * audit.
 *
 * <p>Guarantee: the seam's coordinator (once per cell) and the coordinator of an audit each send
 * exactly one completion, then stop; the guardian watches them and turns a stop
 * without completion into the matching failure (ignored when it arrives after the completion).
 */
public sealed interface GuardianCommand extends CborSerializable
        permits GuardianCommand.SeamCellCompleted,
        GuardianCommand.SeamCellFailed, GuardianCommand.AuditCompleted, GuardianCommand.AuditFailed {

    /**
     * Cell {@code cell} of the seam's families finished.
     *
     * @param cell index of the cell in {@link org.privsim.core.run.Families#cells} order
     * @param row       the family's report row (serialized with its class name)
     * @param placement its runs' participants per node address (cluster), or null (local)
     */
    record SeamCellCompleted(int cell, @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) ExperimentRow row,
                             Map<String, Integer> placement) implements GuardianCommand {}

    /**
     * Cell {@code cell} of the seam's families failed, or (cell −1) their coordinator stopped first.
     *
     * @param cell   index of the cell, or −1
     * @param reason what went wrong
     */
    record SeamCellFailed(int cell, String reason) implements GuardianCommand {}

    /**
     * Audit {@code audit} finished.
     *
     * @param audit  index of the audit in the scenario
     * @param result its report row
     */
    record AuditCompleted(int audit, AuditResult result) implements GuardianCommand {}

    /**
     * Audit {@code audit} failed.
     *
     * @param audit  index of the audit
     * @param reason what went wrong
     */
    record AuditFailed(int audit, String reason) implements GuardianCommand {}
}
