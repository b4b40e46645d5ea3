package org.privsim.core.privacy;

/**
 * How a {@link Ledger} of one currency checks a charge against its budget and reads a spend: the
 * per-participant currencies (zCDP ρ, pure ε) read each participant's charge history, the
 * sampled-Gaussian ones (RDP, PLD) keep one account for everybody.
 *
 * <p>Guarantee: {@link #check} throws {@link BudgetExceededException} and changes nothing when the
 * charge would take some participant past budget · (1 + {@link Ledger#RELATIVE_SLACK}); otherwise it
 * commits the charge to its own account and returns the release with its cost in the currency.
 */
abstract class Spending {
    final Release.Currency currency;
    final double budget;
    final double delta;

    Spending(Release.Currency currency, double budget, double delta) {
        this.currency = currency;
        this.budget = budget;
        this.delta = delta;
    }

    /**
     * Checks the release over the participants ({@code null}: everybody) and commits it to the
     * account kept here (the histories are charged by the ledger afterwards).
     *
     * @param charged how many releases were charged before this one
     */
    abstract Release check(Release release, int[] participants, ChargeHistories histories, int charged);

    /** The spend of a participant with charge history {@code node}, after {@code charged} releases. */
    abstract double spent(int node, ChargeHistories histories, int charged);

    /** Whether one account stands for everybody (every participant's spend is the same). */
    boolean shared() {
        return false;
    }

    final boolean withinBudget(double wouldSpend) {
        return wouldSpend <= budget * (1 + Ledger.RELATIVE_SLACK);
    }

    static String describe(Release release) {
        return "round " + release.round() + " / " + release.name();
    }

    static void requireCurrency(Release release, Release.Currency expected) {
        if (release.currency() != expected) {
            throw new IllegalArgumentException("release '" + release.name() + "' costs " + release.currency().id()
                    + ", this ledger charges " + expected.id());
        }
    }
}
