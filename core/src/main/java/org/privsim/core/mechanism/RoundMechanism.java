package org.privsim.core.mechanism;

import org.privsim.core.privacy.Ledger;
import org.privsim.core.privacy.Release;

/**
 * The privacy side of a federated run's rounds, whatever the noise: each round's cohort (after the
 * ledger charged what the round spends), the noisy release of the cohort's summed contributions, its
 * record, and the cohort size the algorithm averages by. Implementations: {@link SampledGaussianRun}
 * (independent noise, Poisson sampling), {@link TreeAggregationRun} (DP-FTRL) and {@link BandedRun}
 * (banded matrix factorization, cyclic Poisson sampling).
 *
 * <p>Guarantee: a run's cohorts and releases are a pure function of its streams and the sums it is
 * given; a round the ledger refuses throws {@link org.privsim.core.privacy.BudgetExceededException}
 * before anything is drawn. Not thread-safe: one run, one thread.
 */
public interface RoundMechanism {

    /** Round {@code step}'s cohort, ascending, after the ledger charged the round. */
    int[] cohort(int step);

    /**
     * Round {@code step}'s release of {@code sum} (the cohort's contributions summed in cohort order):
     * a new array — the noisy sum of the round, or, when {@link #cumulative}, the noisy sum of the rounds
     * since the last {@link #restarts restart}.
     */
    double[] privatize(int step, double[] sum);

    /** The record of round {@code step}'s release. */
    Release record(int step);

    /** The cohort size the algorithms average the noisy sums by. */
    double expectedCohort();

    /** The run's ledger. */
    Ledger ledger();

    /**
     * What a white-box adversary observes of the round last privatized, whose release was
     * {@code release}: the release itself (a copy), or what it is computed from (the tree: the node).
     */
    default double[] observed(double[] release) {
        return release.clone();
    }

    /** Whether {@link #privatize} releases prefix sums since the last restart (false: each round's own sum). */
    default boolean cumulative() {
        return false;
    }

    /** Whether the prefix sums restart at round {@code step} (only meaningful when {@link #cumulative}). */
    default boolean restarts(int step) {
        return false;
    }
}
