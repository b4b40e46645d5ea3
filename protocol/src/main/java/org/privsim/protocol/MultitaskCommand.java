package org.privsim.protocol;

import org.privsim.core.multitask.MultitaskOutcome;

/**
 * Messages the coordinator of a multi-task experiment cell handles: the end of one of its runs.
 *
 * <p>Guarantee: each run (λ candidate × repeat) reports exactly once, from its curator, which then
 * stops; the coordinator watches the curators and fails the cell when one stops without reporting.
 */
public sealed interface MultitaskCommand extends CborSerializable
        permits MultitaskCommand.RunFinished, MultitaskCommand.RunFailed {

    /**
     * Run (λ candidate {@code lambdaIndex}, repeat {@code repeat}) finished.
     *
     * @param lambdaIndex λ candidate
     * @param repeat      repeat
     * @param outcome     its outcome
     */
    record RunFinished(int lambdaIndex, int repeat, MultitaskOutcome outcome) implements MultitaskCommand {}

    /**
     * Run (λ candidate {@code lambdaIndex}, repeat {@code repeat}) failed (e.g. its ledger refused a
     * release) or its curator stopped without reporting; ignored when that run already finished.
     *
     * @param lambdaIndex λ candidate
     * @param repeat      repeat
     * @param reason      what went wrong
     */
    record RunFailed(int lambdaIndex, int repeat, String reason) implements MultitaskCommand {}
}
