package org.privsim.core.family.transfer;

import org.privsim.core.privacy.ReleaseLog;

/**
 * What one transfer run (one cell, one repeat) measured.
 *
 * @param parameterError ‖ŵ − w*‖₂ in R^d
 * @param subspaceError  sin θ(B̂, B') between the representation used and the private task's subspace
 *                       (γ for the true one; null without a representation)
 * @param spentEpsilon   ε the ledger recorded at δ (null when non-private)
 * @param releases       privacy-charged releases made
 * @param releaseLog     those releases as data ({@link ReleaseLog#NONE} when non-private)
 */
public record TransferOutcome(double parameterError, Double subspaceError, Double spentEpsilon, int releases,
        ReleaseLog releaseLog) {
}
