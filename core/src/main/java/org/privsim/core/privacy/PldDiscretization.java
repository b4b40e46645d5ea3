package org.privsim.core.privacy;

import java.util.function.DoublePredicate;

/**
 * The connect-the-dots discretization (Doroshenko, Ghazi, Kamath, Kumar &amp; Manurangsi 2022) that
 * turns a mechanism's privacy loss into a pessimistic {@link PrivacyLossDistribution} on a grid, and
 * the PLD of an explicit list of loss points.
 *
 * <p>Guarantee: the distribution built dominates the mechanism's pair, as stated on
 * {@link PrivacyLossDistribution} (each grid cell's P- and Q-mass preserved at its two ends, losses
 * beyond the covered range moved up or split to +∞, which only increases δ′).
 */
final class PldDiscretization {
    private PldDiscretization() {}

    /**
     * The privacy loss of a pair (P, Q) on ordered outcomes, as the discretization needs it: the
     * P- and Q-probabilities that L ≤ l and that l &lt; L &lt; ∞. Implementations compute each from
     * whichever side is the smaller probability, so that small masses keep their relative accuracy.
     */
    interface LossModel {
        /**
         * Fills {@code out} with P(L ≤ l), P(l &lt; L &lt; ∞), Q(L ≤ l) and Q(l &lt; L &lt; ∞), in that
         * order, each accurate relative to its own size (the smaller of a complementary pair computed
         * directly, the larger as one minus it).
         */
        void evaluate(double l, double[] out);

        /** The smallest loss with positive P-mass, or −∞ when the loss is unbounded below. */
        double lowest();

        /** The largest finite loss with positive P-mass, or +∞ when the finite loss is unbounded above. */
        double highest();

        /** P(L = +∞): the mass of outcomes Q cannot produce. */
        double infinityMass();
    }

    /**
     * The connect-the-dots PLD of {@code model} on the grid of interval h, covering the losses from
     * the point where P(L ≤ l) ≤ τ/2 (or the lowest loss) to where P(l &lt; L &lt; ∞) ≤ τ/2 (or the
     * highest loss).
     */
    static PrivacyLossDistribution of(LossModel model, double interval, double tailMass) {
        Args.positive("interval", interval);
        Args.openUnit("tailMass", tailMass);
        double[] probe = new double[4];
        double lowLoss = Double.isFinite(model.lowest()) ? model.lowest()
                : quantileBound(l -> {
                    model.evaluate(l, probe);
                    return probe[0] <= tailMass / 2;
                }, -1);
        double highLoss = Double.isFinite(model.highest()) ? model.highest()
                : quantileBound(l -> {
                    model.evaluate(l, probe);
                    return probe[1] <= tailMass / 2;
                }, 1);
        long lo = (long) Math.floor(lowLoss / interval);
        long hi = Math.max(lo, (long) Math.ceil(highLoss / interval));
        if (hi - lo + 1 > PrivacyLossDistribution.MAX_POINTS) {
            throw new IllegalArgumentException("the loss range [" + lowLoss + ", " + highLoss
                    + "] needs more than " + PrivacyLossDistribution.MAX_POINTS + " grid points at interval " + interval);
        }
        int n = (int) (hi - lo + 1);
        double[] p = new double[n];
        double h = interval;
        double upperShare = -1 / Math.expm1(-h); // t_i / (t_i − t_{i−1}) = 1/(1 − e^{−h})
        double lowerShare = 1 / Math.expm1(h);   // t_{i−1} / (t_i − t_{i−1}) = 1/(e^h − 1)
        double[] at = new double[4];
        double[] prev = new double[4];
        model.evaluate(lo * h, prev);
        // Below the lowest grid point: all P-mass moves up to it.
        p[0] = prev[0];
        double tLow = Math.exp(lo * h);
        for (int i = 1; i < n; i++) {
            double l = (lo + i) * h;
            model.evaluate(l, at);
            // Each cell's mass as a difference on the side where the probabilities are small.
            double pMass = Math.max(0, at[0] <= 0.5 ? at[0] - prev[0] : prev[1] - at[1]);
            double qMass = Math.max(0, at[2] <= 0.5 ? at[2] - prev[2] : prev[3] - at[3]);
            double tHigh = Math.exp(l);
            // The cell (l_{i−1}, l_i] split so that P-mass and Q-mass are both preserved.
            p[i] += Math.max(0, (pMass - tLow * qMass) * upperShare);
            p[i - 1] += Math.max(0, (tHigh * qMass - pMass) * lowerShare);
            double[] swap = prev;
            prev = at;
            at = swap;
            tLow = tHigh;
        }
        // Above the highest grid point (prev holds its probabilities): P − e^{l_max} Q to +∞, e^{l_max} Q to l_max.
        double keep = Math.min(prev[1], tLow * prev[3]);
        p[n - 1] += keep;
        double infinity = model.infinityMass() + (prev[1] - keep);
        return PrivacyLossDistribution.trimmed(h, lo, p, infinity);
    }

    /** A loss l with pred(l) true, searched from {@code start} by doubling (start's sign gives the direction), refined by bisection. */
    private static double quantileBound(DoublePredicate holds, double start) {
        double far = start;
        double near = 0;
        while (!holds.test(far)) {
            near = far;
            far *= 2;
            if (Double.isInfinite(far)) {
                throw new ArithmeticException("no finite loss bound found");
            }
        }
        for (int i = 0; i < 60; i++) {
            double mid = near + (far - near) / 2;
            if (mid == near || mid == far) {
                break;
            }
            if (holds.test(mid)) {
                far = mid;
            } else {
                near = mid;
            }
        }
        return far;
    }

    /**
     * A PLD given directly by its loss points: mass {@code masses[j]} at loss {@code losses[j]}
     * (rounded up to the grid, which only increases δ), and {@code infinityMass} at +∞.
     */
    static PrivacyLossDistribution ofPoints(double[] losses, double[] masses, double infinityMass, double interval) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        long[] index = new long[losses.length];
        for (int j = 0; j < losses.length; j++) {
            index[j] = (long) Math.ceil(losses[j] / interval);
            lo = Math.min(lo, index[j]);
            hi = Math.max(hi, index[j]);
        }
        double[] p = new double[(int) (hi - lo + 1)];
        for (int j = 0; j < losses.length; j++) {
            p[(int) (index[j] - lo)] += masses[j];
        }
        return new PrivacyLossDistribution(interval, lo, p, infinityMass);
    }
}
