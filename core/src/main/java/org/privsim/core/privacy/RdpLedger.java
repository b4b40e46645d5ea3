package org.privsim.core.privacy;

import java.util.Arrays;

/**
 * A Rényi-DP ledger for mechanisms whose cost is an RDP curve (the Poisson-subsampled Gaussian of
 * DP-SGD): the curve ε(α) at fixed orders is summed over releases (RDP composes additively at each
 * order) and converted to (ε, δ) with {@link Conversions#tightEpsilonFromRdp}.
 *
 * <p>Guarantee: {@link #charge} refuses, all or nothing, a release after which the tight
 * conversion of the composed curve would exceed the budget ε (relative slack
 * {@link Ledger#RELATIVE_SLACK}), so a run that completes has spent at most ε at δ. One account
 * stands for every user: a release charged here is charged to every user, which is exact when
 * every user could have taken part in every release (Poisson sampling of the whole population at
 * every step: each user's privacy loss is the subsampled mechanism's, whether or not it was drawn).
 * Not thread-safe.
 */
public final class RdpLedger {
    private final double[] orders;
    private final double budget;
    private final double delta;
    private final double[] spent;
    private int releases;

    /**
     * An empty ledger.
     *
     * @param orders        RDP orders, each in (1, ∞)
     * @param budgetEpsilon ε budget; positive and finite
     * @param delta         δ of the conversion, in (0, 1)
     */
    public RdpLedger(double[] orders, double budgetEpsilon, double delta) {
        this.orders = orders.clone();
        this.budget = Args.positive("budgetEpsilon", budgetEpsilon);
        this.delta = Args.openUnit("delta", delta);
        this.spent = new double[orders.length];
    }

    /**
     * Records a release of RDP curve {@code rdp} (at this ledger's orders) charged to every user.
     *
     * @param round     the release's round (for the message)
     * @param mechanism what was released
     * @throws BudgetExceededException when the composed curve would exceed the budget (nothing is charged)
     */
    public void charge(int round, String mechanism, double[] rdp) {
        if (rdp.length != orders.length) {
            throw new IllegalArgumentException("rdp has " + rdp.length + " orders, the ledger " + orders.length);
        }
        double[] next = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            if (!(rdp[i] >= 0)) {
                throw new IllegalArgumentException("rdp[" + i + "] must be non-negative, got " + rdp[i]);
            }
            next[i] = spent[i] + rdp[i];
        }
        double epsilon = Conversions.tightEpsilonFromRdp(orders, next, delta);
        if (epsilon > budget * (1 + Ledger.RELATIVE_SLACK)) {
            throw new BudgetExceededException(mechanism + " " + round, 0, "ε spend (RDP, tight conversion at δ = "
                    + delta + ")", epsilon, budget);
        }
        System.arraycopy(next, 0, spent, 0, next.length);
        releases++;
    }

    /** ε spent so far at δ (tight conversion of the composed curve); 0 before any release. */
    public double spentEpsilon() {
        return releases == 0 ? 0 : Conversions.tightEpsilonFromRdp(orders, spent, delta);
    }

    /** The composed RDP curve at this ledger's orders. */
    public double[] curve() {
        return Arrays.copyOf(spent, spent.length);
    }

    /** Releases charged. */
    public int releases() {
        return releases;
    }
}
