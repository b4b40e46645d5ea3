package org.privsim.protocol;

import org.privsim.core.multitask.MultitaskOutcome;

/**
 * Messages the coordinator of a multi-task experiment cell handles: the end of one of its runs.
 *
 * <p>Guarantee: each run (candidate × repeat) reports exactly once, from its curator, which then
 * stops; the coordinator watches the curators and fails the cell when one stops without reporting.
 */
public sealed interface MultitaskCommand extends CborSerializable
        permits MultitaskCommand.RunFinished, MultitaskCommand.RunFailed {

    /**
     * Run (candidate {@code candidate}, repeat {@code repeat}) finished.
     *
     * @param candidate index in {@code MultitaskRunPlan.candidates()} (λ and covariance shift)
     * @param repeat      repeat
     * @param outcome     its outcome
     */
    record RunFinished(int candidate, int repeat, MultitaskOutcome outcome) implements MultitaskCommand {}

    /**
     * Run (candidate {@code candidate}, repeat {@code repeat}) failed (e.g. its ledger refused a
     * release) or its curator stopped without reporting; ignored when that run already finished.
     *
     * @param candidate index in {@code MultitaskRunPlan.candidates()} (λ and covariance shift)
     * @param repeat      repeat
     * @param reason      what went wrong
     */
    record RunFailed(int candidate, int repeat, String reason) implements MultitaskCommand {}
}
