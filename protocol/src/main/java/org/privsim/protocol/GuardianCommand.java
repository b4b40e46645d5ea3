package org.privsim.protocol;

import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Map;

/**
 * Messages the simulation guardian handles: the end of one seam cell (of any family: an experiment
 * cell or an audit).
 *
 * <p>Guarantee: the seam's coordinator sends exactly one completion per cell, then stops; the
 * guardian watches it and turns a stop without completion into the matching failure (ignored when
 * it arrives after the completion).
 */
public sealed interface GuardianCommand extends CborSerializable
        permits GuardianCommand.SeamCellCompleted, GuardianCommand.SeamCellFailed {

    /**
     * Cell {@code cell} of the seam's families finished.
     *
     * @param cell index of the cell in {@link org.privsim.core.family.Families#cells} order
     * @param row       the family's report row, an experiment row or an audit row (serialized with its
     *                  class name)
     * @param placement its runs' participants per node address (cluster), or null (local)
     * @param wire      its spread runs' network use, {bytes, steps}, or null (none spread)
     */
    record SeamCellCompleted(int cell, @JsonTypeInfo(use = JsonTypeInfo.Id.CLASS) Object row,
                             Map<String, Integer> placement, long[] wire) implements GuardianCommand {}

    /**
     * Cell {@code cell} of the seam's families failed, or (cell −1) their coordinator stopped first.
     *
     * @param cell   index of the cell, or −1
     * @param reason what went wrong
     */
    record SeamCellFailed(int cell, String reason) implements GuardianCommand {}
}
