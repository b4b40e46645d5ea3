package org.privsim.core.run;

/**
 * One row of a report's {@code experiments}: a low-rank algorithm at one ε
 * ({@link ExperimentResult}), an indexed-mean mechanism at one (ε, t) ({@link IndexedMeanResult}) or a
 * multi-task algorithm at one ε ({@link MultitaskResult}).
 * Guarantee: rows appear in scenario order — experiment index, then ε, then t.
 */
public sealed interface ExperimentRow permits ExperimentResult, IndexedMeanResult, MultitaskResult {

    /** Index of the experiment in the scenario. */
    int experiment();

    /** Algorithm id. */
    String algorithm();

    /** Target ε, or null when non-private. */
    Double epsilon();
}
