package org.privsim.core.privacy;

/**
 * Thrown by {@link Ledger} when a release would push some user's spend above the budget: its zCDP
 * ρ, its ε (composition bound of pure releases), or the ε at δ of the composed RDP curve or privacy
 * loss distribution.
 *
 * <p>Guarantee: when this is thrown, the ledger is unchanged (nobody was charged, nothing was
 * recorded); the exception names the release, the first listed user that would exceed, the spend
 * that user would reach and the budget.
 */
public final class BudgetExceededException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int user;
    private final double wouldSpend;
    private final double budget;

    /** For a zCDP ledger: the message speaks of the "zCDP spend". */
    BudgetExceededException(String release, int user, double wouldSpend, double budget) {
        this(release, user, "zCDP spend", wouldSpend, budget);
    }

    /**
     * @param spend what is being spent, for the message, e.g. {@code "zCDP spend"} or
     *              {@code "ε spend (composition bound)"}
     */
    BudgetExceededException(String release, int user, String spend, double wouldSpend, double budget) {
        super("release '" + release + "' would raise user " + user + "'s " + spend + " to "
                + Ledger.format(wouldSpend) + " > budget " + Ledger.format(budget));
        this.user = user;
        this.wouldSpend = wouldSpend;
        this.budget = budget;
    }

    /** The first listed user whose spend would exceed the budget. */
    public int user() {
        return user;
    }

    /** The spend (zCDP ρ or ε) that user would have reached. */
    public double wouldSpend() {
        return wouldSpend;
    }

    /** The per-user budget (zCDP ρ or ε). */
    public double budget() {
        return budget;
    }
}
