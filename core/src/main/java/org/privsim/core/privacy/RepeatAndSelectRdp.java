package org.privsim.core.privacy;

/**
 * Rényi DP of private selection by random repetition (Papernot &amp; Steinke, ICLR 2022,
 * "Hyperparameter Tuning with Renyi Differential Privacy"): a mechanism run K times, K drawn from a
 * known distribution, and only the best run's output released. The analysis dp_accounting's RDP
 * accountant applies to a {@code RepeatAndSelectDpEvent(event, mean, shape)}:
 * <ul>
 *   <li>shape η in [0, ∞): K truncated negative binomial of parameters (η, γ), γ the one whose mean is
 *       {@code mean} (η = 0 the logarithmic distribution, η = 1 the geometric, γ = 1/mean) — their
 *       Thm. 2: ε'(λ) = ε(λ) + ln(mean)/(λ − 1) + (1 + η)·min over λ̂ of [(1 − 1/λ̂)·ε(λ̂) + ln(1/γ)/λ̂],
 *       then made non-decreasing in λ (RDP is: ε'(λ) ≤ ε'(λ') for λ ≤ λ');
 *   <li>shape +∞: K Poisson of mean μ — their Thm. 6: ε'(λ) = ε(λ) + μ·δ̂ + ln(μ)/(λ − 1), with δ̂ the δ
 *       the single run's curve gives at ε̂ = ln(1 + 1/(λ − 1)).
 * </ul>
 * The minimum over λ̂, the conversion to δ̂ and the monotone envelope range over the orders given.
 *
 * <p>Guarantees: an upper bound on the selection's RDP at every order above 1 (+∞ at orders ≤ 1, where
 * the theorems do not apply); pure and deterministic; γ is found by bisection to 1e-9 relative and
 * its lower end kept (a smaller γ means a larger ln(1/γ): conservative). Arguments are validated
 * (mean ≥ 1, shape ≥ 0 or +∞, orders and curve of equal non-zero length, curve values ≥ 0) with
 * {@link IllegalArgumentException}.
 */
public final class RepeatAndSelectRdp {
    /** The relative accuracy of γ. */
    static final double GAMMA_TOLERANCE = 1e-9;

    private RepeatAndSelectRdp() {}

    /**
     * The RDP curve of selecting the best of K runs, K of mean {@code mean} and shape {@code shape},
     * from one run's curve {@code single} at {@code orders}.
     */
    public static double[] rdp(double[] orders, double[] single, double mean, double shape) {
        if (orders.length != single.length || orders.length == 0) {
            throw new IllegalArgumentException("orders and the curve must be non-empty and of equal length, got "
                    + orders.length + " and " + single.length);
        }
        if (!(mean >= 1) || Double.isInfinite(mean)) {
            throw new IllegalArgumentException("mean number of runs must be finite and at least 1, got " + mean);
        }
        if (!(shape >= 0)) {
            throw new IllegalArgumentException("shape must be at least 0 (or infinite: Poisson), got " + shape);
        }
        for (int i = 0; i < single.length; i++) {
            if (!(single[i] >= 0)) {
                throw new IllegalArgumentException("the curve at order " + orders[i] + " must be >= 0, got " + single[i]);
            }
        }
        double[] out = new double[orders.length];
        java.util.Arrays.fill(out, Double.POSITIVE_INFINITY);
        if (Double.isInfinite(shape)) {
            for (int i = 0; i < orders.length; i++) {
                if (orders[i] > 1) {
                    double epsilonHat = Math.log1p(1 / (orders[i] - 1));
                    out[i] = single[i] + mean * delta(orders, single, epsilonHat) + Math.log(mean) / (orders[i] - 1);
                }
            }
            return out;
        }
        double gamma = gammaForMean(shape, mean);
        double inner = Double.POSITIVE_INFINITY;
        for (int j = 0; j < orders.length; j++) {
            inner = Math.min(inner, (1 - 1 / orders[j]) * single[j] - Math.log(gamma) / orders[j]);
        }
        double constant = (1 + shape) * inner;
        for (int i = 0; i < orders.length; i++) {
            if (orders[i] > 1) {
                out[i] = single[i] + Math.log(mean) / (orders[i] - 1) + constant;
            }
        }
        double[] envelope = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            envelope[i] = Double.POSITIVE_INFINITY;
            for (int j = 0; j < orders.length; j++) {
                if (orders[i] <= orders[j]) {
                    envelope[i] = Math.min(envelope[i], out[j]);
                }
            }
        }
        return envelope;
    }

    /**
     * The ε at δ of the selection from one run's curve {@code single} at dp_accounting's default orders
     * ({@link SampledWithoutReplacementRdp#dpAccountingOrders}), by the tight conversion: what
     * dp_accounting's RDP accountant reports for a {@code RepeatAndSelectDpEvent}.
     */
    public static double epsilon(double[] single, double mean, double shape, double delta) {
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        return Conversions.tightEpsilonFromRdp(orders, rdp(orders, single, mean, shape), delta);
    }

    /**
     * The mean of the truncated negative binomial distribution of shape η and parameter γ in (0, 1]
     * (Papernot &amp; Steinke, Def. 1): η(1/γ − 1)/(1 − γ^η); its limits 1/γ at η = 1 and
     * (1/γ − 1)/ln(1/γ) at η = 0 (logarithmic).
     */
    public static double truncatedNegativeBinomialMean(double gamma, double shape) {
        if (!(gamma > 0 && gamma <= 1)) {
            throw new IllegalArgumentException("gamma must be in (0, 1], got " + gamma);
        }
        if (!(shape >= 0) || Double.isInfinite(shape)) {
            throw new IllegalArgumentException("shape must be finite and >= 0, got " + shape);
        }
        if (shape == 1) {
            return 1 / gamma;
        }
        double logOverXMinus1 = gamma == 1 ? 1 : Math.log(gamma) / (gamma - 1);
        if (shape == 0) {
            return 1 / (gamma * logOverXMinus1);
        }
        double x = shape * Math.log(gamma);
        double expm1OverX = x == 0 ? 1 : Math.expm1(x) / x;
        return 1 / (gamma * expm1OverX * logOverXMinus1);
    }

    /** The γ whose truncated negative binomial of shape η has the given mean (bisection; its lower end). */
    static double gammaForMean(double shape, double mean) {
        if (shape == 1) {
            return 1 / mean;
        }
        double low = 0;
        double high = Math.min(1, 2 * (shape + 1) / mean);
        while (high > low * (1 + GAMMA_TOLERANCE)) {
            double mid = (low + high) / 2;
            if (truncatedNegativeBinomialMean(mid, shape) < mean) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return low;
    }

    /**
     * The δ a curve gives at ε: the smaller of the KL bound √(1 − e^(−ε(α))) and, at orders above
     * 1.01, the tight conversion's e^((α−1)(ε(α) − ε + ln(1 − 1/α)))/α (Canonne, Kamath &amp; Steinke
     * 2020, Prop. 12), minimised over the orders and capped at 1.
     */
    private static double delta(double[] orders, double[] curve, double epsilon) {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < orders.length; i++) {
            double logDelta = curve[i] == 0 ? Double.NEGATIVE_INFINITY : 0.5 * Math.log1p(-Math.exp(-curve[i]));
            if (orders[i] > 1.01) {
                double a = orders[i];
                logDelta = Math.min(logDelta, (a - 1) * (curve[i] - epsilon + Math.log1p(-1 / a)) - Math.log(a));
            }
            best = Math.min(best, logDelta);
        }
        return Math.min(Math.exp(best), 1);
    }
}
