package org.privsim.protocol;

import org.privsim.core.transfer.TransferOutcome;

/**
 * Messages the coordinator of a scenario's transfer cells handles: the end of one run.
 *
 * <p>Guarantee: each run (cell × repeat) reports exactly once, from its curator, which then stops;
 * the coordinator watches the curators and fails the phase when one stops without reporting.
 */
public sealed interface TransferCoordinatorCommand extends CborSerializable
        permits TransferCoordinatorCommand.RunFinished, TransferCoordinatorCommand.RunFailed {

    /**
     * Run (cell {@code cell}, repeat {@code repeat}) finished.
     *
     * @param cell    index in {@link org.privsim.core.transfer.TransferRunPlan#cells} order
     * @param repeat  repeat
     * @param outcome its outcome
     */
    record RunFinished(int cell, int repeat, TransferOutcome outcome) implements TransferCoordinatorCommand {}

    /**
     * Run (cell {@code cell}, repeat {@code repeat}) failed (e.g. its ledger refused a step) or its
     * curator stopped without reporting; ignored when that run already finished.
     *
     * @param cell   cell index
     * @param repeat repeat
     * @param reason what went wrong
     */
    record RunFailed(int cell, int repeat, String reason) implements TransferCoordinatorCommand {}
}
