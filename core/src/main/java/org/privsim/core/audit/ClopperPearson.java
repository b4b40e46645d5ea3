package org.privsim.core.audit;

import org.hipparchus.distribution.continuous.BetaDistribution;
import org.privsim.core.privacy.StandardNormal;

/**
 * Exact (Clopper–Pearson) one-sided confidence bounds for a binomial proportion.
 *
 * <p>Guarantee: if K ~ Binomial(n, p) then, for every p and n, P(p ≤ {@link #upper}(K, n, level)) ≥
 * level and P(p ≥ {@link #lower}(K, n, level)) ≥ level: the bounds are exact, not asymptotic, and
 * never anti-conservative. They are quantiles of Beta distributions, found by Newton's method on
 * Hipparchus' regularized incomplete beta function (kept inside a bisection bracket) and then rounded
 * outwards: the returned upper bound u satisfies I_u(k+1, n−k) ≥ level as evaluated, the lower bound
 * l satisfies I_l(k, n−k+1) ≤ 1 − level. Both agree with the exact quantiles to about 1e-12
 * relative. Arguments are validated (0 ≤ k ≤ n, n ≥ 1, level in (0, 1), NaN rejected) with
 * {@link IllegalArgumentException}.
 */
public final class ClopperPearson {
    private static final int MAX_NEWTON_STEPS = 200;
    /** Newton stops once a step moves x by at most this relative amount (the next is ~its square). */
    private static final double CONVERGED = 1e-14;

    private ClopperPearson() {}

    /**
     * One-sided upper bound at confidence {@code level} for the proportion of k successes in n
     * trials: 1 if k = n, else the {@code level} quantile of Beta(k+1, n−k).
     */
    public static double upper(long k, long n, double level) {
        check(k, n, level);
        if (k == n) {
            return 1;
        }
        BetaDistribution beta = new BetaDistribution(k + 1, n - k);
        double x = quantile(beta, level);
        double step = Math.ulp(x);
        while (beta.cumulativeProbability(x) < level) {
            x = Math.min(1, x + step);
            step *= 2;
        }
        return x;
    }

    /**
     * One-sided lower bound at confidence {@code level} for the proportion of k successes in n
     * trials: 0 if k = 0, else the (1 − {@code level}) quantile of Beta(k, n−k+1).
     */
    public static double lower(long k, long n, double level) {
        check(k, n, level);
        if (k == 0) {
            return 0;
        }
        BetaDistribution beta = new BetaDistribution(k, n - k + 1);
        double tail = 1 - level;
        double x = quantile(beta, tail);
        double step = Math.ulp(x);
        while (beta.cumulativeProbability(x) > tail) {
            x = Math.max(0, x - step);
            step *= 2;
        }
        return x;
    }

    /**
     * The p quantile of a Beta distribution, p in (0, 1): Newton's method on F(x) = p from the
     * normal approximation, inside a bracket [lo, hi] with F(lo) &lt; p ≤ F(hi) that every iterate
     * narrows; a step leaving the bracket is replaced by bisection.
     */
    private static double quantile(BetaDistribution beta, double p) {
        double lo = 0;
        double hi = 1;
        double sd = Math.sqrt(beta.getNumericalVariance());
        double x = beta.getNumericalMean() + StandardNormal.quantile(p) * sd;
        if (!(x > lo && x < hi)) {
            x = beta.getNumericalMean();
        }
        for (int i = 0; i < MAX_NEWTON_STEPS; i++) {
            double excess = beta.cumulativeProbability(x) - p;
            if (excess < 0) {
                lo = x;
            } else {
                hi = x;
            }
            double next = x - excess / beta.density(x);
            if (!(next > lo && next < hi)) {
                next = lo + (hi - lo) / 2;
            }
            boolean converged = Math.abs(next - x) <= CONVERGED * x;
            x = next;
            if (converged) {
                break;
            }
        }
        return x;
    }

    private static void check(long k, long n, double level) {
        if (n < 1) {
            throw new IllegalArgumentException("trials n must be at least 1, got " + n);
        }
        if (k < 0 || k > n) {
            throw new IllegalArgumentException("successes k must be in [0, n] = [0, " + n + "], got " + k);
        }
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("confidence level must be in (0, 1), got " + level);
        }
    }
}
