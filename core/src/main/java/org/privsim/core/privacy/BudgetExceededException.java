package org.privsim.core.privacy;

/**
 * Thrown by {@link Ledger} (or {@link PureLedger}) when a release would push some user's zCDP spend
 * (or ε composition bound) above the budget.
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

    BudgetExceededException(String release, int user, double wouldSpend, double budget) {
        this(release, user, wouldSpend, budget, "zCDP spend");
    }

    /** The same for a ledger whose spend is {@code unit}, e.g. "ε spend (composition bound)". */
    BudgetExceededException(String release, int user, double wouldSpend, double budget, String unit) {
        super("release '" + release + "' would raise user " + user + "'s " + unit + " to "
                + Ledger.format(wouldSpend) + " > budget " + Ledger.format(budget));
        this.user = user;
        this.wouldSpend = wouldSpend;
        this.budget = budget;
    }

    /** The first listed user whose spend would exceed the budget. */
    public int user() {
        return user;
    }

    /** The spend that user would have reached (ρ, or the ε composition bound). */
    public double wouldSpend() {
        return wouldSpend;
    }

    /** The per-user budget (ρ, or ε). */
    public double budget() {
        return budget;
    }
}
