package org.privsim.core.run;

/**
 * One row of a report's {@code experiments}: a low-rank algorithm at one ε
 * ({@link ExperimentResult}), an indexed-mean mechanism at one (ε, t) ({@link IndexedMeanResult}), a
 * multi-task algorithm at one ε ({@link MultitaskResult}), a transfer algorithm at one (n₁, ε, n₂)
 * ({@link TransferResult}) or an algorithm on a ratings task at one ε ({@link RatingsResult}).
 * Guarantee: rows appear in scenario order — experiment index, then ε, then t (transfer: n₁, then ε,
 * then n₂).
 */
public sealed interface ExperimentRow permits ExperimentResult, IndexedMeanResult, MultitaskResult,
        TransferResult, RatingsResult {

    /** Index of the experiment in the scenario. */
    int experiment();

    /** Algorithm id. */
    String algorithm();

    /** Target ε, or null when non-private. */
    Double epsilon();
}
