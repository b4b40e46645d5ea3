package org.privsim.core.privacy;

/**
 * A privacy-loss-distribution ledger for a run of identical releases (DP-SGD's steps): each
 * {@link #charge} adds one more release of the same mechanism, and the spend is the PLD ε of that
 * many compositions at δ ({@link PldAccountant}).
 *
 * <p>Guarantee: {@link #charge} refuses a release after which the PLD ε of the composition would
 * exceed the budget ε (relative slack {@link Ledger#RELATIVE_SLACK}), so a run that completes has
 * spent at most ε at δ. A count c is accepted without a new computation when it is at most a count
 * already shown to be within budget (ε of c compositions is at most ε of more: composing with a
 * further release is never tighter); otherwise the composition of c is accounted (one FFT). One
 * account stands for every user, as in {@link RdpLedger}. Not thread-safe.
 */
public final class PldLedger {
    private final PldAccountant release;
    private final double budget;
    private final double delta;
    private int verifiedCount;
    private double verifiedEpsilon;
    private int releases;

    /**
     * An empty ledger.
     *
     * @param release        the PLD of one release
     * @param budgetEpsilon  ε budget; positive and finite
     * @param delta          δ in (0, 1)
     * @param knownCount     a count of releases whose ε is known (0 if none)
     * @param knownEpsilon   the PLD ε at δ of {@code knownCount} releases (ignored when the count is 0);
     *                       counts up to it are accepted at once if it is within budget
     */
    public PldLedger(PldAccountant release, double budgetEpsilon, double delta, int knownCount, double knownEpsilon) {
        this.release = release;
        this.budget = Args.positive("budgetEpsilon", budgetEpsilon);
        this.delta = Args.openUnit("delta", delta);
        if (knownCount < 0) {
            throw new IllegalArgumentException("knownCount must be non-negative, got " + knownCount);
        }
        if (knownCount > 0 && withinBudget(knownEpsilon)) {
            verifiedCount = knownCount;
            verifiedEpsilon = knownEpsilon;
        }
    }

    private boolean withinBudget(double epsilon) {
        return epsilon <= budget * (1 + Ledger.RELATIVE_SLACK);
    }

    /**
     * Records one more release.
     *
     * @param round     the release's round (for the message)
     * @param mechanism what was released
     * @throws BudgetExceededException when the composition would exceed the budget (nothing is charged)
     */
    public void charge(int round, String mechanism) {
        int next = releases + 1;
        if (next > verifiedCount) {
            double epsilon = release.selfCompose(next).epsilon(delta);
            if (!withinBudget(epsilon)) {
                throw new BudgetExceededException(mechanism + " " + round, 0,
                        "ε spend (PLD at δ = " + delta + ")", epsilon, budget);
            }
            verifiedCount = next;
            verifiedEpsilon = epsilon;
        }
        releases = next;
    }

    /** ε spent so far at δ (PLD of the releases' composition); 0 before any release. */
    public double spentEpsilon() {
        if (releases == 0) {
            return 0;
        }
        return releases == verifiedCount ? verifiedEpsilon : release.selfCompose(releases).epsilon(delta);
    }

    /** Releases charged. */
    public int releases() {
        return releases;
    }
}
