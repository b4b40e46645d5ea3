package org.privsim.core.run;

import java.util.List;
import org.privsim.core.privacy.ReleaseLog;

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

    /** Target δ, or null. */
    Double delta();

    /** The ε the row's accounting states at δ, or null when non-private. */
    Double accountedEpsilon();

    /**
     * The releases of the runs behind the row, one log per run in the row's run order (written to
     * {@code releases.jsonl} and {@code privacy-events.json}, not to {@code report.json}).
     */
    List<ReleaseLog> releases();
}
