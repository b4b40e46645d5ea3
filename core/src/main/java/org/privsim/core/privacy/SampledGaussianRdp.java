package org.privsim.core.privacy;

import java.util.stream.DoubleStream;

/**
 * Rényi DP of the Poisson-subsampled Gaussian mechanism (the sampled Gaussian mechanism of DP-SGD)
 * after Mironov, Talwar &amp; Zhang 2019 ("Rényi Differential Privacy of the Sampled Gaussian
 * Mechanism", MTZ), composed over steps and converted to (ε, δ)-DP.
 *
 * <p>Setting: each step includes every record independently with probability q (the sampling
 * rate), sums the included records' contributions, each of L2 norm at most 1 (sensitivity 1, i.e.
 * after clipping to norm C everything is measured in units of C), and adds N(0, σ²I) noise, σ being
 * the noise multiplier; neighbouring datasets differ by adding or removing one record. MTZ reduce
 * this to the pair μ₀ = N(0, σ²), μ = (1 − q)N(0, σ²) + qN(1, σ²) and show that the divergence
 * of μ from μ₀ is the larger of the two directions, so one step is (α, ε(α))-RDP with
 * ε(α) = ln(A_α)/(α − 1), A_α = E_{x∼μ₀}[(μ(x)/μ₀(x))^α], and no smaller ε(α) holds.
 *
 * <p>Guarantee for {@link #rdp(double, double, double)}:
 * <ul>
 *   <li>integer α ≥ 2: A_α = Σ_{k=0..α} C(α,k)(1−q)^(α−k) q^k e^((k²−k)/(2σ²)) (MTZ §3.2), evaluated
 *       as 1 + Σ_{k=2..α} C(α,k)(1−q)^(α−k) q^k expm1((k²−k)/(2σ²)) — the k = 0, 1 terms and the 1
 *       make up the binomial sum ((1−q) + q)^α — with a log-sum-exp of positive terms, so ε(α) has a
 *       relative error of order α ulps, however small it is;
 *   <li>fractional α: MTZ §3.3, the integral split at z₁ = σ² ln(1/q − 1) + ½ where the mixture's
 *       two components have equal weight, each side a binomial series with erfc (here Φ) factors,
 *       summed with signs in log space. Beyond k = α the terms of both series alternate in sign and
 *       shrink, so stopping once the last terms are below 1e-16 of the partial sum bounds the
 *       truncation error by 2e-16·A_α, under the rounding error: ln A_α has an absolute error of
 *       about 1e-15, so ε(α) a relative one of about 1e-15/ln A_α (1e-10 for the ε(1.25) ≈ 1.5e-5
 *       of the DP-SGD example). Terms decay only like k^−(α+2), so a far smaller tolerance such as
 *       1e-30 would multiply the work by 10^(14/(α+2)); dp_accounting stops at e^−30 ≈ 1e-13
 *       relative and, unlike this class, adds the negative terms' magnitudes (an upper bound);
 *   <li>q = 1: the Gaussian mechanism's α/(2σ²), exactly;
 *   <li>+∞ when (α² − α)/(2σ²) overflows a double (σ below about α·5e-155), where
 *       ln A_α ≥ α ln q + (α² − α)/(2σ²) does too;
 *       never NaN; never negative (a computed ln A_α below 0 from rounding is returned as 0).
 * </ul>
 * The work is proportional to α (integer) or to α plus the series length (fractional: a few dozen
 * terms for DP-SGD's q ≈ 0.004, but up to about 1e5 for α = 1.1 and q near ½, where one
 * {@link #sigmaFor} takes seconds).
 *
 * <p>Composition: S steps are (α, S·ε(α))-RDP for every α. Conversion to (ε, δ) at a list of orders:
 * the classic ε = min_α S·ε(α) + ln(1/δ)/(α − 1) (Mironov 2017, Prop. 3) and the tight one of
 * {@link Conversions#tightEpsilonFromRdp} (Canonne, Kamath &amp; Steinke 2020, Prop. 12), each with
 * the order attaining it. Arguments are validated: q in (0, 1], σ &gt; 0 finite, steps ≥ 1,
 * δ in (0, 1), orders in (1, ∞); anything else, NaN included, throws
 * {@link IllegalArgumentException} naming the parameter. All methods are pure and deterministic.
 */
public final class SampledGaussianRdp {
    /** Relative size of the last series terms at which the fractional-order series stops. */
    private static final double LOG_TERM_TOLERANCE = Math.log(1e-16);
    private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);
    private static final double[] DEFAULT_ORDERS = DoubleStream.concat(
                    DoubleStream.concat(
                            DoubleStream.of(1.25, 1.75),
                            DoubleStream.iterate(11, x -> x <= 110, x -> x + 1).map(x -> x / 10)),
                    DoubleStream.concat(
                            DoubleStream.iterate(12, a -> a <= 64, a -> a + 1),
                            DoubleStream.of(128, 256)))
            .sorted().toArray();

    private SampledGaussianRdp() {}

    /** The (ε, δ) conversions of RDP at a list of orders. */
    public enum Conversion {
        /** ε = min_α r(α) + ln(1/δ)/(α − 1) (Mironov 2017, Prop. 3). */
        CLASSIC,
        /** ε = min_α r(α) + ln((α−1)/α) − (ln δ + ln α)/(α − 1) (Canonne, Kamath &amp; Steinke 2020). */
        TIGHT
    }

    /**
     * Both conversions of an accounted run, each with the order that attains it (the first such
     * order in the list on ties).
     *
     * @param classicEpsilon the classic conversion's ε
     * @param classicOrder   the order of the classic minimum
     * @param tightEpsilon   the tight conversion's ε (never larger than the classic one)
     * @param tightOrder     the order of the tight minimum
     */
    public record Epsilon(double classicEpsilon, double classicOrder, double tightEpsilon, double tightOrder) {
        /** The ε of the given conversion. */
        public double of(Conversion conversion) {
            return conversion == Conversion.CLASSIC ? classicEpsilon : tightEpsilon;
        }
    }

    /**
     * The default orders (157, ascending): 1.1, 1.2, ..., 11.0 in steps of 0.1 (each computed as
     * (10 + x)/10, x = 1..100), plus 1.25 and 1.75, then every integer 12..64, then 128 and 256 —
     * Opacus' grid extended as in dp_accounting. Returns a fresh copy.
     */
    public static double[] defaultOrders() {
        return DEFAULT_ORDERS.clone();
    }

    /**
     * ε(α) = ln(A_α)/(α − 1) of one step of the Poisson-subsampled Gaussian mechanism with sampling
     * rate q in (0, 1] and noise multiplier σ &gt; 0, at order α in (1, ∞); accuracy and special
     * values as in the class description.
     */
    public static double rdp(double q, double sigma, double alpha) {
        Args.openClosedUnit("q", q);
        Args.positive("sigma", sigma);
        Args.renyiOrder("alpha", alpha);
        if (Double.isInfinite(alpha * ((alpha - 1) / (2 * sigma * sigma)))) {
            return Double.POSITIVE_INFINITY;
        }
        if (q == 1) {
            return alpha / (2 * sigma * sigma);
        }
        double logA = alpha == Math.rint(alpha) && alpha <= Integer.MAX_VALUE
                ? logAIntegerOrder(q, sigma, (int) alpha)
                : logAFractionalOrder(q, sigma, alpha);
        return Math.max(0, logA / (alpha - 1));
    }

    /**
     * S·ε(αᵢ) for every order αᵢ: the RDP curve of {@code steps} = S composed steps (RDP composes by
     * adding), element by element in the order given. Orders must be non-empty.
     */
    public static double[] rdp(double q, double sigma, int steps, double[] orders) {
        Args.openClosedUnit("q", q);
        Args.positive("sigma", sigma);
        Args.positiveCount("steps", steps);
        checkOrders(orders);
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = steps * rdp(q, sigma, orders[i]);
        }
        return curve;
    }

    /**
     * The (ε, δ) guarantees of {@code steps} = S steps under both conversions, minimised over the
     * given orders: classic min_α S·ε(α) + ln(1/δ)/(α − 1) and tight
     * {@link Conversions#tightEpsilonFromRdp}, with the minimising orders.
     */
    public static Epsilon epsilon(double q, double sigma, int steps, double delta, double[] orders) {
        return convert(orders, rdp(q, sigma, steps, orders), delta);
    }

    /** Both conversions of an RDP curve at the given orders (checked), minimised as {@link #epsilon}. */
    static Epsilon convert(double[] orders, double[] curve, double delta) {
        Args.openUnit("delta", delta);
        double log1OverDelta = -Math.log(delta);
        int classic = 0;
        int tight = 0;
        double classicBest = Double.POSITIVE_INFINITY;
        double tightBest = Double.POSITIVE_INFINITY;
        for (int i = 0; i < orders.length; i++) {
            double classicEpsilon = curve[i] + log1OverDelta / (orders[i] - 1);
            if (classicEpsilon < classicBest) {
                classicBest = classicEpsilon;
                classic = i;
            }
            double tightEpsilon = Conversions.tightEpsilonFromRdp(
                    new double[] {orders[i]}, new double[] {curve[i]}, delta);
            if (tightEpsilon < tightBest) {
                tightBest = tightEpsilon;
                tight = i;
            }
        }
        return new Epsilon(classicBest, orders[classic], tightBest, orders[tight]);
    }

    /**
     * The ε a conversion gives for zero RDP at the default orders: the limit of the ε of
     * {@link #epsilon} at the default orders as σ → ∞, for any q and steps. No σ reaches a target
     * at or below it. Classic: ln(1/δ)/(256 − 1); tight: {@link Conversions#tightEpsilonFromRdp} of
     * zero RDP.
     */
    public static double epsilonFloor(double delta, Conversion conversion) {
        Args.openUnit("delta", delta);
        double[] zero = new double[DEFAULT_ORDERS.length];
        if (conversion == Conversion.TIGHT) {
            return Conversions.tightEpsilonFromRdp(DEFAULT_ORDERS, zero, delta);
        }
        return -Math.log(delta) / (DEFAULT_ORDERS[DEFAULT_ORDERS.length - 1] - 1);
    }

    /**
     * The smallest noise multiplier σ (to adjacent doubles) whose {@link #epsilon} at the default
     * orders under {@code conversion} is at most {@code targetEpsilon}, for {@code steps} steps at
     * sampling rate q and δ: {@link NoiseCalibration} under the RDP accountant of that conversion,
     * i.e. doubling from σ = 1 and then bisection to adjacent doubles ({@link NoiseSearch#ADJACENT_DOUBLES});
     * ε decreases in σ (a larger σ is the smaller one plus independent noise, a post-processing),
     * so the result meets the target (it was evaluated) and the double below it, like any smaller
     * σ, does not.
     *
     * @throws IllegalArgumentException if {@code targetEpsilon} is not above
     *     {@link #epsilonFloor}(δ, conversion), besides the usual argument checks
     */
    public static double sigmaFor(double q, int steps, double delta, double targetEpsilon, Conversion conversion) {
        Args.openClosedUnit("q", q);
        Args.positiveCount("steps", steps);
        Args.positive("targetEpsilon", targetEpsilon);
        double floor = epsilonFloor(delta, conversion);
        if (!(targetEpsilon > floor)) {
            throw new IllegalArgumentException("targetEpsilon must exceed " + floor + ", the "
                    + conversion.name().toLowerCase() + " epsilon of zero RDP at the default orders"
                    + " (no noise multiplier reaches it), got " + targetEpsilon);
        }
        return NoiseCalibration.smallestNoise(RdpAccountant.of(conversion),
                sigma -> new DpEvent.PoissonSampledGaussian(q, sigma).times(steps), targetEpsilon, delta);
    }

    private static void checkOrders(double[] orders) {
        if (orders.length == 0) {
            throw new IllegalArgumentException("orders must be non-empty");
        }
        for (int i = 0; i < orders.length; i++) {
            Args.renyiOrder("orders[" + i + "]", orders[i]);
        }
    }

    /**
     * ln A_α for integer α ≥ 2 and q in (0, 1): ln(1 + Σ_{k=2..α} C(α,k)(1−q)^(α−k) q^k
     * expm1((k²−k)/(2σ²))), all terms positive.
     */
    private static double logAIntegerOrder(double q, double sigma, int alpha) {
        double logQ = Math.log(q);
        double log1MinusQ = Math.log1p(-q);
        double twoSigmaSquared = 2 * sigma * sigma;
        LogSum excess = new LogSum();
        double logBinomial = Math.log(alpha); // ln C(α, 1)
        for (int k = 2; k <= alpha; k++) {
            logBinomial += Math.log(alpha - k + 1.0) - Math.log(k);
            double exponent = ((double) k * k - k) / twoSigmaSquared;
            excess.add(1, logBinomial + k * logQ + (alpha - k) * log1MinusQ + logExpm1(exponent));
        }
        return log1pExp(excess.log());
    }

    /**
     * ln A_α for fractional α and q in (0, 1), by MTZ §3.3: with z₁ = σ² ln(1/q − 1) + ½ and
     * j = α − k,
     * A_α = Σ_k C(α,k) (1−q)^(α−k) q^k e^((k²−k)/(2σ²)) Φ((z₁ − k)/σ)        (x ≤ z₁)
     *     + Σ_k C(α,k) q^(α−k) (1−q)^k e^((j²−j)/(2σ²)) Φ((j − z₁)/σ)        (x &gt; z₁).
     * Where the Φ argument x is negative the term is rewritten exactly as
     * |C(α,k)| (1−q)^α e^(−z₁²/(2σ²)) Φ(x)e^(x²/2), so no huge exponents cancel (Φ(x)e^(x²/2) is
     * Mills' ratio at −x over √(2π)).
     */
    private static double logAFractionalOrder(double q, double sigma, double alpha) {
        double logQ = Math.log(q);
        double log1MinusQ = Math.log1p(-q);
        double u = sigma * (log1MinusQ - logQ) + 0.5 / sigma; // z₁/σ
        double logScale = alpha * log1MinusQ - 0.5 * u * u;   // ln((1−q)^α e^(−z₁²/(2σ²)))
        double twoSigmaSquared = 2 * sigma * sigma;
        LogSum below = new LogSum();
        LogSum above = new LogSum();
        double logAbsBinomial = 0; // ln |C(α, 0)|
        int sign = 1;
        for (long k = 0; ; k++) {
            if (k > 0) {
                double factor = alpha - k + 1;
                logAbsBinomial += Math.log(Math.abs(factor)) - Math.log(k);
                sign = factor < 0 ? -sign : sign;
            }
            double j = alpha - k;
            double x0 = u - k / sigma; // (z₁ − k)/σ
            double x1 = j / sigma - u; // (j − z₁)/σ
            double term0 = logAbsBinomial + (x0 >= 0
                    ? k * logQ + j * log1MinusQ + ((double) k * k - k) / twoSigmaSquared + StandardNormal.logCdf(x0)
                    : logScale + StandardNormal.logMillsRatio(-x0) - HALF_LOG_2PI);
            double term1 = logAbsBinomial + (x1 >= 0
                    ? j * logQ + k * log1MinusQ + (j * j - j) / twoSigmaSquared + StandardNormal.logCdf(x1)
                    : logScale + StandardNormal.logMillsRatio(-x1) - HALF_LOG_2PI);
            if (term0 == Double.POSITIVE_INFINITY || term1 == Double.POSITIVE_INFINITY) {
                return Double.POSITIVE_INFINITY;
            }
            below.add(sign, term0);
            above.add(sign, term1);
            // From k > α on, the signs alternate and the magnitudes shrink: the rest of each
            // series is smaller than its last term.
            if (k > alpha) {
                double total = logAdd(below.log(), above.log());
                if (Math.max(term0, term1) <= total + LOG_TERM_TOLERANCE) {
                    return total;
                }
            }
        }
    }

    /** ln(e^a + e^b). */
    private static double logAdd(double a, double b) {
        double max = Math.max(a, b);
        if (max == Double.NEGATIVE_INFINITY || max == Double.POSITIVE_INFINITY) {
            return max;
        }
        return max + Math.log1p(Math.exp(Math.min(a, b) - max));
    }

    /** ln(1 + e^z). */
    private static double log1pExp(double z) {
        return z <= 0 ? Math.log1p(Math.exp(z)) : z + Math.log1p(Math.exp(-z));
    }

    /** ln(e^y − 1) for y ≥ 0 (−∞ at 0). */
    private static double logExpm1(double y) {
        return y <= 1 ? Math.log(Math.expm1(y)) : y + Math.log1p(-Math.exp(-y));
    }

    /**
     * A signed sum kept as scaled · e^max, so that terms far outside double range add without
     * overflow or underflow; the sums here are positive whenever {@link #log} is called.
     */
    private static final class LogSum {
        private double max = Double.NEGATIVE_INFINITY;
        private double scaled;

        /** Adds sign · e^logMagnitude; a finite or −∞ logMagnitude. */
        void add(int sign, double logMagnitude) {
            if (logMagnitude == Double.NEGATIVE_INFINITY) {
                return;
            }
            if (logMagnitude > max) {
                scaled = scaled * Math.exp(max - logMagnitude) + sign;
                max = logMagnitude;
            } else {
                scaled += sign * Math.exp(logMagnitude - max);
            }
        }

        /** ln of the sum (−∞ for an empty sum). */
        double log() {
            return max == Double.NEGATIVE_INFINITY ? max : max + Math.log(scaled);
        }
    }
}
