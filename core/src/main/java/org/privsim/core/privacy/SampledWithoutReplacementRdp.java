package org.privsim.core.privacy;

import java.util.stream.DoubleStream;
import org.hipparchus.util.CombinatoricsUtils;

/**
 * Rényi DP of the Gaussian mechanism on a sample of m of n records drawn uniformly without
 * replacement (q = m/n), under the replace-one relation (n public): the bound of Wang, Balle and
 * Kasiviswanathan (AISTATS 2019, "Subsampled Rényi Differential Privacy and Analytical Moments
 * Accountant", Thm. 27, the Gaussian form of their Thm. 9, with Cor. 10 between integer orders) —
 * the analysis dp_accounting's RDP accountant applies to a {@code SampledWithoutReplacementDpEvent}
 * of a {@code GaussianDpEvent}.
 *
 * <p>For an integer order α ≥ 2 and noise multiplier z (the Gaussian's ε(j) = j/(2z²), so
 * φ(j) = e^{(j−1)ε(j)} = e^{j(j−1)/(2z²)}), with Δ^k φ(0) the k-th forward difference of φ at 0:
 * <pre>
 *   (α − 1)·ε'(α) ≤ ln( 1 + q²·C(α,2)·min{4(e^{ε(2)} − 1), 2e^{ε(2)}}
 *                       + Σ_{j=3..α} q^j·C(α,j)·min{4·√(|Δ^{2⌊j/2⌋}φ(0)|·|Δ^{2⌈j/2⌉}φ(0)|), 2φ(j)} )
 * </pre>
 * Above order {@value #MAX_DIFFERENCED_ORDER} the differences are skipped (each term is 2φ(j), a
 * looser but valid bound, as dp_accounting does). A fractional order interpolates the log-moment
 * linearly between its neighbouring integers (Cor. 10): (α−1)ε'(α) ≤ (1−t)·L(⌊α⌋) + t·L(⌈α⌉), t = α − ⌊α⌋,
 * L(1) = 0. q = 0 gives 0, q = 1 the Gaussian's α/(2z²).
 *
 * <p>Guarantees: the bound is an upper bound on the mechanism's RDP at every order (WBK19); sums
 * are formed in log space with signs, so nothing overflows for any z &gt; 0 at the orders used;
 * pure and deterministic. Arguments are validated (q in [0, 1], z &gt; 0 finite, α ≥ 1, steps ≥ 1,
 * δ in (0, 1)) with {@link IllegalArgumentException} naming the parameter.
 */
public final class SampledWithoutReplacementRdp {
    /** The largest order whose bound uses the forward differences (their cost grows with its square). */
    static final int MAX_DIFFERENCED_ORDER = 256;
    private static final double LOG_2 = Math.log(2);
    private static final double LOG_4 = Math.log(4);
    /** dp_accounting's default RDP orders: 1.1, 1.2, …, 10.9 (each 1 + x/10), 11, 12, …, 63, then 128, 256, 512, 1024. */
    private static final double[] DP_ACCOUNTING_ORDERS = DoubleStream.concat(
            DoubleStream.concat(
                    DoubleStream.iterate(1, x -> x <= 99, x -> x + 1).map(x -> 1 + x / 10),
                    DoubleStream.iterate(11, a -> a <= 63, a -> a + 1)),
            DoubleStream.of(128, 256, 512, 1024)).toArray();

    private SampledWithoutReplacementRdp() {}

    /** dp_accounting's default RDP orders (a copy), at which the new events of privsim are accounted. */
    public static double[] dpAccountingOrders() {
        return DP_ACCOUNTING_ORDERS.clone();
    }

    /** The RDP bound at order {@code alpha} of one release with sampling proportion q and noise multiplier z. */
    public static double rdp(double q, double z, double alpha) {
        check(q, z);
        if (!(alpha >= 1)) {
            throw new IllegalArgumentException("alpha must be at least 1, got " + alpha);
        }
        if (q == 0 || alpha == 1) {
            return 0;
        }
        if (q == 1) {
            return alpha / (2 * z * z);
        }
        if (Double.isInfinite(alpha)) {
            return Double.POSITIVE_INFINITY;
        }
        double floor = Math.floor(alpha);
        if (floor == alpha) {
            return logMoment(q, z, (int) alpha) / (alpha - 1);
        }
        double t = alpha - floor;
        double low = floor == 1 ? 0 : logMoment(q, z, (int) floor);
        double high = logMoment(q, z, (int) floor + 1);
        return ((1 - t) * low + t * high) / (alpha - 1);
    }

    /** The RDP bound of {@code steps} releases, composed, at each of {@code orders}. */
    public static double[] rdp(double q, double z, int steps, double[] orders) {
        if (steps < 1) {
            throw new IllegalArgumentException("steps must be at least 1, got " + steps);
        }
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = steps * rdp(q, z, orders[i]);
        }
        return curve;
    }

    /**
     * The ε of {@code steps} releases at δ under the tight conversion at dp_accounting's default
     * orders ({@link Conversions#tightEpsilonFromRdp}), as dp_accounting's RDP accountant reports for
     * {@code SelfComposedDpEvent(SampledWithoutReplacementDpEvent(n, m, GaussianDpEvent(z)), steps)}.
     */
    public static double epsilon(double q, double z, int steps, double delta) {
        return Conversions.tightEpsilonFromRdp(DP_ACCOUNTING_ORDERS, rdp(q, z, steps, DP_ACCOUNTING_ORDERS), delta);
    }

    /**
     * Both conversions (classic and tight, with their orders) of {@code steps} releases at δ, at
     * dp_accounting's default orders; its tight ε is {@link #epsilon}'s.
     */
    public static SampledGaussianRdp.Epsilon account(double q, double z, int steps, double delta) {
        return SampledGaussianRdp.convert(DP_ACCOUNTING_ORDERS, rdp(q, z, steps, DP_ACCOUNTING_ORDERS), delta);
    }

    /** L(α) = (α − 1)·ε'(α), the bound's log-moment at an integer order α ≥ 2. */
    private static double logMoment(double q, double z, int alpha) {
        double twoZSquared = 2 * z * z;
        double logQ = Math.log(q);
        double epsilon2 = 2 / twoZSquared;
        double logA = 0; // ln 1
        double second = Math.min(LOG_4 + logExpm1(epsilon2), epsilon2 + LOG_2);
        logA = logAdd(logA, 2 * logQ + CombinatoricsUtils.binomialCoefficientLog(alpha, 2) + second);
        double[] differences = alpha <= MAX_DIFFERENCED_ORDER ? logForwardDifferences(z, alpha + 1) : null;
        for (int j = 3; j <= alpha; j++) {
            double term = LOG_2 + j * (j - 1.0) / twoZSquared;
            if (differences != null) {
                term = Math.min(term, LOG_4 + 0.5 * (differences[2 * (j / 2)] + differences[2 * ((j + 1) / 2)]));
            }
            logA = logAdd(logA, term + j * logQ + CombinatoricsUtils.binomialCoefficientLog(alpha, j));
        }
        return logA;
    }

    /**
     * ln|Δ^k φ(0)| for k = 0..{@code n}, φ(j) = e^{j(j−1)/(2z²)}: the difference table built row by
     * row in log space with signs (row k+1's entry j is row k's entry j+1 minus its entry j).
     */
    private static double[] logForwardDifferences(double z, int n) {
        double[] magnitude = new double[n + 1];
        boolean[] positive = new boolean[n + 1];
        for (int j = 0; j <= n; j++) {
            magnitude[j] = j * (j - 1.0) / (2 * z * z);
            positive[j] = true;
        }
        double[] out = new double[n + 1];
        out[0] = magnitude[0];
        for (int k = 1; k <= n; k++) {
            for (int j = 0; j + k <= n; j++) {
                // (s1·e^{a}) − (s0·e^{b}) with a = entry j+1, b = entry j of the previous row
                double a = magnitude[j + 1];
                double b = magnitude[j];
                if (positive[j + 1] == positive[j]) {
                    if (a > b) {
                        magnitude[j] = a + Math.log1p(-Math.exp(b - a));
                        positive[j] = positive[j + 1];
                    } else if (a < b) {
                        magnitude[j] = b + Math.log1p(-Math.exp(a - b));
                        positive[j] = !positive[j + 1];
                    } else {
                        magnitude[j] = Double.NEGATIVE_INFINITY;
                        positive[j] = true;
                    }
                } else {
                    magnitude[j] = logAdd(a, b);
                    positive[j] = positive[j + 1];
                }
            }
            out[k] = magnitude[0];
        }
        return out;
    }

    /** ln(e^a + e^b). */
    private static double logAdd(double a, double b) {
        double low = Math.min(a, b);
        double high = Math.max(a, b);
        return low == Double.NEGATIVE_INFINITY ? high : high + Math.log1p(Math.exp(low - high));
    }

    /** ln(e^y − 1) for y &gt; 0. */
    private static double logExpm1(double y) {
        return y + Math.log1p(-Math.exp(-y));
    }

    private static void check(double q, double z) {
        if (!(q >= 0 && q <= 1)) {
            throw new IllegalArgumentException("q must be in [0, 1], got " + q);
        }
        if (!(z > 0) || Double.isInfinite(z)) {
            throw new IllegalArgumentException("noise multiplier must be positive and finite, got " + z);
        }
    }
}
