package org.privsim.core.privacy;

import java.util.Arrays;
import org.hipparchus.transform.DftNormalization;
import org.hipparchus.transform.FastFourierTransformer;
import org.hipparchus.transform.TransformType;

/**
 * A pessimistic discrete privacy loss distribution (PLD) for one ordered pair of neighbouring
 * datasets: probabilities p_i of the privacy loss L = ln(P(o)/Q(o)), o ∼ P, at the grid points
 * l_i = i·h (h the discretization interval), plus a mass at L = +∞.
 *
 * <p>Guarantee (pessimism): the distribution is that of a pair (P′, Q′) which dominates the
 * mechanism's pair (P, Q), so for every ε, {@link #delta}(ε) ≥ H_{e^ε}(P‖Q) = sup_S P(S) − e^ε Q(S),
 * and {@link #epsilon}(δ) is at least the exact ε of the pair at δ. It is built by the
 * connect-the-dots discretization (Doroshenko, Ghazi, Kamath, Kumar &amp; Manurangsi 2022): the
 * losses falling in each grid cell (l_{i−1}, l_i] are replaced by two outcomes at the cell's ends,
 * with loss exactly l_{i−1} and l_i, that carry the cell's whole P-mass and Q-mass. The resulting
 * privacy profile δ′(ε) is, as a function of e^ε, the chord interpolation of the exact convex
 * profile between grid points: equal to it at every l_i and above it in between. Losses below the
 * lowest grid point are moved up to it; losses above the highest are split between it and +∞
 * (their P-mass minus e^{l_max} times their Q-mass goes to +∞); both moves only increase δ′.
 * Composition by convolution is exact for such discrete pairs, and composing dominating pairs
 * dominates the composition (Dong, Roth &amp; Su 2022), so the guarantee survives
 * {@link #compose} and {@link #selfCompose}; their truncation of tails of mass at most τ moves that
 * mass to +∞ or up to the lowest kept loss, again only increasing δ′. Floating-point rounding
 * (about 1e-12 of the mass per grid cell, and an FFT error near 1e-16 per unit of mass times the
 * count) is the only source of error not on the pessimistic side; it is far below the δ of interest.
 *
 * <p>Built from a mechanism's loss by {@code PldDiscretization}. Immutable; all methods are deterministic (single-threaded Hipparchus FFT).
 */
public final class PrivacyLossDistribution {
    /**
     * The default discretization interval h = 1e-4 of the loss grid: a single release's δ′(ε)
     * exceeds the exact δ(ε) by a chord error of order h², and S compositions shift ε up by a few
     * times S·h²·(Fisher information) — below 1e-3 relative for the DP-SGD runs of the tests.
     */
    public static final double DEFAULT_INTERVAL = 1e-4;
    /** The default mass τ a construction or composition may move to the tails (+∞ or the lowest loss). */
    public static final double DEFAULT_TAIL_MASS = 1e-15;

    /** The most grid points one distribution may carry (2^24; FFT buffers up to 512 MiB): beyond, construction and composition refuse. */
    public static final int MAX_POINTS = 1 << 24;

    private final double interval;
    private final long lowerIndex;
    private final double[] probs;
    private final double infinityMass;

    PrivacyLossDistribution(double interval, long lowerIndex, double[] probs, double infinityMass) {
        this.interval = interval;
        this.lowerIndex = lowerIndex;
        this.probs = probs;
        this.infinityMass = infinityMass;
    }

    /** Drops zero masses at both ends (keeping at least one point). */
    static PrivacyLossDistribution trimmed(double h, long lo, double[] p, double infinity) {
        int first = 0;
        while (first < p.length - 1 && p[first] == 0) {
            first++;
        }
        int last = p.length - 1;
        while (last > first && p[last] == 0) {
            last--;
        }
        double[] kept = first == 0 && last == p.length - 1 ? p : Arrays.copyOfRange(p, first, last + 1);
        return new PrivacyLossDistribution(h, lo + first, kept, infinity);
    }

    /** The discretization interval h. */
    public double interval() {
        return interval;
    }

    /** The mass at L = +∞ (δ′ can never fall below it). */
    public double infinityMass() {
        return infinityMass;
    }

    /** The number of grid points carried (the support of the finite losses, zero masses at the ends trimmed). */
    public int size() {
        return probs.length;
    }

    /** The smallest finite loss carried. */
    public double lowestLoss() {
        return lowerIndex * interval;
    }

    /** The total mass (finite losses and +∞); 1 up to rounding, slightly more after a truncated self-composition. */
    public double totalMass() {
        double sum = infinityMass;
        for (double v : probs) {
            sum += v;
        }
        return sum;
    }

    /**
     * δ′(ε) = P′(L = ∞) + Σ_i p_i (1 − e^{ε − l_i})₊ — the hockey-stick divergence of the
     * discretized pair, an upper bound on the mechanism's δ at ε (any real ε).
     */
    public double delta(double epsilon) {
        Args.finite("epsilon", epsilon);
        double sum = 0;
        for (int i = probs.length - 1; i >= 0; i--) {
            double l = (lowerIndex + i) * interval;
            if (l <= epsilon) {
                break;
            }
            sum += probs[i] * -Math.expm1(epsilon - l);
        }
        return Math.min(1, infinityMass + sum);
    }

    /**
     * The area under the ROC curve of the optimal (likelihood-ratio) test between the discretized
     * pair: A = P′(L_P &gt; L_Q) + ½·P′(L_P = L_Q) for independent L_P ∼ P′ and L_Q ∼ Q′, where Q′
     * has mass q_i = p_i·e^{−l_i} at each grid loss l_i and its remaining mass 1 − Σ q_i at −∞ (the
     * outcomes P′ cannot produce), and P′ its mass at +∞ (beating every L_Q). Every test of the pair
     * has ROC area at most A, and since the discretized pair dominates the mechanism's (its trade-off
     * curve lies below at every level, the profile being larger at every real ε), A is at least the
     * mechanism's optimal ROC area — an upper bound on any attack's. Clamped to [0, 1] against rounding.
     */
    public double rocArea() {
        double[] q = new double[probs.length];
        double finite = 0;
        for (int i = 0; i < probs.length; i++) {
            q[i] = probs[i] * Math.exp(-(lowerIndex + i) * interval);
            finite += q[i];
        }
        double below = Math.max(0, 1 - finite);
        double area = infinityMass;
        for (int i = 0; i < probs.length; i++) {
            area += probs[i] * (below + q[i] / 2);
            below += q[i];
        }
        return Math.max(0, Math.min(1, area));
    }

    /**
     * The smallest ε ≥ 0 with {@link #delta}(ε) ≤ δ: 0 when δ′(0) ≤ δ, +∞ when the mass at +∞
     * exceeds δ. Exact for the discrete distribution: on each interval between grid points
     * δ′(ε) = A − e^ε B with A, B suffix sums, solved in closed form.
     */
    public double epsilon(double delta) {
        Args.openUnit("delta", delta);
        if (infinityMass > delta) {
            return Double.POSITIVE_INFINITY;
        }
        double a = infinityMass; // P′ mass of losses above the current point, with +∞
        double b = 0;            // Σ p_i e^{−l_i} over the same losses
        for (int i = probs.length - 1; i >= 0; i--) {
            double l = (lowerIndex + i) * interval;
            double below = i > 0 ? (lowerIndex + i - 1) * interval : Double.NEGATIVE_INFINITY;
            a += probs[i];
            b += probs[i] * Math.exp(-l);
            // For ε in [below, l): δ′(ε) = a − e^ε b, decreasing in ε; it crosses δ here iff δ′(below) > δ.
            if (b > 0 && a - Math.exp(below) * b > delta) {
                return Math.max(0, Math.min(l, Math.log((a - delta) / b)));
            }
            if (below < 0) {
                // δ′(below) ≤ δ with below < 0: δ′(0) ≤ δ too.
                return 0;
            }
        }
        // δ′ ≤ δ on the whole range considered: the answer is at or below 0.
        return 0;
    }

    /**
     * The PLD of this mechanism followed by {@code other} (independent noise): the convolution of
     * the two, by FFT; tails of mass at most τ/2 on each side are cut (the upper to +∞, the lower
     * up to the lowest kept loss).
     *
     * @throws IllegalArgumentException if the intervals differ
     */
    public PrivacyLossDistribution compose(PrivacyLossDistribution other, double tailMass) {
        if (other.interval != interval) {
            throw new IllegalArgumentException("intervals differ: " + interval + " and " + other.interval);
        }
        Args.openUnit("tailMass", tailMass);
        int length = probs.length + other.probs.length - 1;
        if (length > MAX_POINTS) {
            throw new IllegalArgumentException("the composition needs more than " + MAX_POINTS + " grid points");
        }
        int n = Integer.highestOneBit(Math.max(1, length - 1)) << 1;
        double[][] x = spectrum(probs, n);
        double[][] y = spectrum(other.probs, n);
        for (int i = 0; i < n; i++) {
            double re = x[0][i] * y[0][i] - x[1][i] * y[1][i];
            double im = x[0][i] * y[1][i] + x[1][i] * y[0][i];
            x[0][i] = re;
            x[1][i] = im;
        }
        FastFourierTransformer.transformInPlace(x, DftNormalization.STANDARD, TransformType.INVERSE);
        double[] p = new double[length];
        for (int i = 0; i < length; i++) {
            p[i] = Math.max(0, x[0][i]);
        }
        double thisFinite = totalMass() - infinityMass;
        double otherFinite = other.totalMass() - other.infinityMass;
        double infinity = infinityMass * (otherFinite + other.infinityMass) + thisFinite * other.infinityMass;
        return truncated(lowerIndex + other.lowerIndex, p, infinity, tailMass);
    }

    /** Cuts tails of mass at most τ/2 each: the upper to +∞, the lower up to the lowest kept point. */
    private PrivacyLossDistribution truncated(long lo, double[] p, double infinity, double tailMass) {
        int last = p.length - 1;
        double cut = 0;
        while (last > 0 && cut + p[last] <= tailMass / 2) {
            cut += p[last--];
        }
        int first = 0;
        double moved = 0;
        while (first < last && moved + p[first] <= tailMass / 2) {
            moved += p[first++];
        }
        double[] kept = Arrays.copyOfRange(p, first, last + 1);
        kept[0] += moved;
        return trimmed(interval, lo + first, kept, infinity + cut);
    }

    /**
     * The PLD of {@code count} independent runs of this mechanism: the count-fold convolution,
     * by raising its FFT to the count-th power on a window chosen by Chernoff bounds
     * (P(S ≥ s) ≤ M(λ)^count e^{−λs} over a grid of λ) so that at most τ/2 of the mass lies beyond
     * each end; the mass beyond the window (at most τ) wraps around in the cyclic convolution and is
     * also added to the mass at +∞, so δ′ stays an upper bound.
     */
    public PrivacyLossDistribution selfCompose(int count, double tailMass) {
        Args.positiveCount("count", count);
        Args.openUnit("tailMass", tailMass);
        if (count == 1) {
            return this;
        }
        int size = probs.length;
        long fullTop = (long) count * (size - 1);
        long top = fullTop;
        long bottom = 0;
        double outside = 0;
        double logTail = Math.log(tailMass / 2);
        // λ per grid step: losses' exponential tilts from 1e-3 to 1e3 per unit loss.
        for (int k = 0; k <= 40; k++) {
            double lambda = Math.pow(10, -3 + k * 0.15) * interval;
            double upper = Math.ceil((count * logMoment(lambda) - logTail) / lambda);
            if (upper < top) {
                top = (long) upper;
            }
            double lower = Math.floor((logTail - count * logMoment(-lambda)) / lambda);
            if (lower > bottom) {
                bottom = (long) lower;
            }
        }
        if (top < fullTop) {
            outside += tailMass / 2;
        }
        if (bottom > 0) {
            outside += tailMass / 2;
        }
        if (bottom > top) {
            bottom = top;
        }
        long window = top - bottom + 1;
        long needed = Math.max(window, size);
        if (needed > MAX_POINTS) {
            throw new IllegalArgumentException("self-composition of " + count + " needs a window of " + window
                    + " grid points at interval " + interval);
        }
        int n = Integer.highestOneBit((int) Math.max(1, needed - 1)) << 1;
        double[][] x = spectrum(probs, n);
        for (int i = 0; i < n; i++) {
            double modulus = Math.hypot(x[0][i], x[1][i]);
            if (modulus == 0) {
                continue;
            }
            double phase = Math.atan2(x[1][i], x[0][i]);
            double radius = Math.exp(count * Math.log(modulus));
            double angle = count * phase;
            x[0][i] = radius * Math.cos(angle);
            x[1][i] = radius * Math.sin(angle);
        }
        FastFourierTransformer.transformInPlace(x, DftNormalization.STANDARD, TransformType.INVERSE);
        double[] p = new double[(int) window];
        for (int i = 0; i < window; i++) {
            p[i] = Math.max(0, x[0][(int) Math.floorMod(bottom + i, (long) n)]);
        }
        double finite = totalMass() - infinityMass;
        double total = finite + infinityMass;
        double infinity = Math.pow(total, count) - Math.pow(finite, count) + outside;
        return trimmed(interval, (long) count * lowerIndex + bottom, p, infinity);
    }

    /** ln Σ_j p_j e^{λ j} over the finite masses (j from 0 at the lowest loss). */
    private double logMoment(double lambda) {
        // Shift by the largest exponent so that no term overflows: e^{λ j − λ j*} ≤ 1 at the far end.
        int far = lambda > 0 ? probs.length - 1 : 0;
        double sum = 0;
        for (int j = 0; j < probs.length; j++) {
            sum += probs[j] * Math.exp(lambda * (j - far));
        }
        return lambda * far + Math.log(sum);
    }

    /** The forward FFT of {@code values} zero-padded to n (a power of two): {re, im}. */
    private static double[][] spectrum(double[] values, int n) {
        double[][] x = new double[2][n];
        System.arraycopy(values, 0, x[0], 0, values.length);
        FastFourierTransformer.transformInPlace(x, DftNormalization.STANDARD, TransformType.FORWARD);
        return x;
    }
}
