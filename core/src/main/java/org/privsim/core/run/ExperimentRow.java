package org.privsim.core.run;

import java.util.List;
import org.privsim.core.privacy.PrivateSelection;
import org.privsim.core.privacy.ReleaseLog;

/**
 * One row of a report's {@code experiments}, implemented by each family's row type: a low-rank,
 * federated or ratings algorithm at one ε ({@link ExperimentResult}), an indexed-mean mechanism at one
 * (ε, t), a multi-task algorithm at one ε, a transfer algorithm at one (n₁, ε, n₂) (the row types of
 * the families' folders under {@code core/family/}).
 * Each row type is described for the report's files by one {@code RowDescription} that its module lists
 * ({@code ExperimentResultRows} for {@link ExperimentResult}).
 * Guarantee: rows appear in scenario order — experiment index, then ε, then t (transfer: n₁, then ε,
 * then n₂).
 */
public interface ExperimentRow {

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

    /**
     * The private selection each run of the row is the winner of (its releases are one candidate's; the
     * row's accounting is dp_accounting's {@code RepeatAndSelectDpEvent} of them), or null.
     */
    default PrivateSelection privateSelection() {
        return null;
    }
}
