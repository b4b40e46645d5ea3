package org.privsim.core.privacy;

/**
 * Conversions between zCDP / RDP / Gaussian-DP and (ε, δ)-DP, and their inverses.
 *
 * <p>Guarantee: every ε returned is the named (ε, δ)-DP bound for the stated input, evaluated to
 * close to full double precision (relative error ~1e-14 or better); where a search has to round it
 * rounds towards the conservative side (larger ε, smaller ρ or μ). Every inverse returns, up to
 * that rounding, the most generous parameter its forward conversion still accepts. All functions
 * are pure and deterministic. Arguments are validated: ρ ≥ 0 finite, δ in (0, 1), ε &gt; 0 finite
 * (ε ≥ 0 for {@link #gaussianDelta}), μ &gt; 0 finite (μ ≥ 0 for {@link #gaussianTradeoff});
 * anything else, including NaN, throws {@link IllegalArgumentException}.
 *
 * <p>Three families:
 * <ul>
 *   <li>classic: ε = ρ + 2√(ρ ln(1/δ)) (Bun &amp; Steinke 2016, Prop. 1.3), valid for any
 *       ρ-zCDP mechanism;
 *   <li>tight RDP: Canonne, Kamath &amp; Steinke 2020 (Prop. 12): an (α, r)-RDP mechanism is
 *       (ε, δ)-DP with ε = r + ln((α−1)/α) − (ln δ + ln α)/(α−1); for ρ-zCDP, r = αρ and the order
 *       is optimised continuously; for a fixed list of orders, as in dp_accounting's
 *       {@code compute_epsilon}, over that list;
 *   <li>exact Gaussian: the privacy profile of the Gaussian mechanism (Balle &amp; Wang 2018,
 *       Thm. 8; Dong, Roth &amp; Su's μ-GDP), δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) with
 *       μ = S/σ. Any composition of Gaussian releases is again μ-GDP with μ² = Σ μᵢ² = 2ρ, so
 *       for a total zCDP budget ρ spent entirely on Gaussian releases μ = √(2ρ) is exact; it is
 *       tighter than both bounds above (it is the exact (ε, δ) curve, not a bound on it).
 * </ul>
 */
public final class Conversions {
    private Conversions() {}

    // ---------------------------------------------------------------- classic

    /** ε = ρ + 2√(ρ ln(1/δ)) (Bun &amp; Steinke 2016, Prop. 1.3). */
    public static double classicEpsilon(double rho, double delta) {
        Args.nonNegative("rho", rho);
        double log1OverDelta = logOneOver(delta);
        return rho + 2 * Math.sqrt(rho * log1OverDelta);
    }

    /**
     * The ρ whose classic conversion is exactly ε: (√(L + ε) − √L)², L = ln(1/δ), evaluated as
     * ε²/(√(L + ε) + √L)² to avoid cancellation when ε ≪ L.
     */
    public static double rhoForClassicEpsilon(double epsilon, double delta) {
        Args.positive("epsilon", epsilon);
        double log1OverDelta = logOneOver(delta);
        double denominator = Math.sqrt(log1OverDelta + epsilon) + Math.sqrt(log1OverDelta);
        double root = epsilon / denominator;
        return root * root;
    }

    // ---------------------------------------------------------------- tight RDP (CKS 2020)

    /**
     * The tight RDP conversion of ρ-zCDP, minimised over a continuous order α &gt; 1:
     * ε = min_α αρ + ln((α−1)/α) − (ln δ + ln α)/(α−1), clamped at 0.
     *
     * <p>Implementation: with t = α − 1 the objective is (1+t)ρ − log1p(1/t) + (L − log1p(t))/t,
     * L = ln(1/δ); its derivative has the sign of g(t) = ρt² + log1p(t) − L, which increases
     * strictly from g(0) = −L &lt; 0, so the minimiser is the unique root of g, bracketed by
     * [0, √(L/ρ)] and found by bisection to adjacent doubles. This is the same objective and
     * stationarity condition OpenDP's {@code cdp_epsilon} bisects (OpenDP additionally restricts
     * α ≥ 1.01, which only matters for ρ in the thousands), and it reproduces OpenDP's published
     * value ρ = 1/32, δ = 1e-3 → ε = 0.6880024554878086. Since any α gives a valid bound, the
     * result is valid however the search rounds. Returns 0 for ρ = 0.
     */
    public static double tightEpsilon(double rho, double delta) {
        Args.nonNegative("rho", rho);
        double log1OverDelta = logOneOver(delta);
        if (rho == 0) {
            return 0;
        }
        double upper = Math.sqrt(log1OverDelta) / Math.sqrt(rho);
        double t = Bisection.boundary(0, upper,
                s -> rho * s * s + Math.log1p(s) < log1OverDelta).lastTrue();
        return Math.max(0, rdpToEpsilon(1 + t, (1 + t) * rho, log1OverDelta));
    }

    /**
     * The tight RDP conversion minimised over the given orders, as dp_accounting's
     * {@code compute_epsilon}: min_i rdp[i] + ln((αᵢ−1)/αᵢ) − (ln δ + ln αᵢ)/(αᵢ−1), clamped at 0.
     *
     * <p>Differences from dp_accounting, none of which matter for orders ≥ 1.01 and δ² ≤ 1 −
     * e^(−rdp): it neither applies the KL shortcut (ε = 0 when δ² &gt; 1 − e^(−rdp)) nor drops
     * orders ≤ 1.01; orders must be in (1, ∞); rdp values must be ≥ 0 (+∞ allowed, giving ε = +∞
     * for that order).
     */
    public static double tightEpsilonFromRdp(double[] orders, double[] rdp, double delta) {
        if (orders.length != rdp.length || orders.length == 0) {
            throw new IllegalArgumentException("orders and rdp must be non-empty and of equal length, got "
                    + orders.length + " and " + rdp.length);
        }
        double log1OverDelta = logOneOver(delta);
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < orders.length; i++) {
            Args.renyiOrder("orders[" + i + "]", orders[i]);
            if (!(rdp[i] >= 0)) {
                throw new IllegalArgumentException("rdp[" + i + "] must be non-negative, got " + rdp[i]);
            }
            best = Math.min(best, rdpToEpsilon(orders[i], rdp[i], log1OverDelta));
        }
        return Math.max(0, best);
    }

    /**
     * The largest ρ whose {@link #tightEpsilon} is at most ε (bisection on ρ, which is valid because
     * the tight ε is non-decreasing in ρ).
     */
    public static double rhoForTightEpsilon(double epsilon, double delta) {
        Args.positive("epsilon", epsilon);
        Args.openUnit("delta", delta);
        // The tight conversion never exceeds the classic one, so the classic ρ is a lower bracket.
        double upper = Bisection.firstFalseByDoubling(rhoForClassicEpsilon(epsilon, delta),
                rho -> tightEpsilon(rho, delta) <= epsilon);
        return Bisection.boundary(0, upper, rho -> tightEpsilon(rho, delta) <= epsilon).lastTrue();
    }

    /** CKS 2020 Prop. 12 for one order: r + ln((α−1)/α) + (ln(1/δ) − ln α)/(α−1). */
    private static double rdpToEpsilon(double alpha, double rdp, double log1OverDelta) {
        double t = alpha - 1;
        return rdp - Math.log1p(1 / t) + (log1OverDelta - Math.log(alpha)) / t;
    }

    // ---------------------------------------------------------------- exact Gaussian (μ-GDP)

    /**
     * The exact privacy profile of μ-GDP (e.g. the Gaussian mechanism with μ = S/σ):
     * δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2), for ε ≥ 0.
     *
     * <p>The second term is evaluated as exp(ε + ln Φ(−ε/μ − μ/2)) with a tail-accurate ln Φ, so it
     * neither overflows (e^ε) nor underflows (Φ) for large ε; the result is clamped at 0.
     */
    public static double gaussianDelta(double mu, double epsilon) {
        Args.positive("mu", mu);
        Args.nonNegative("epsilon", epsilon);
        double shift = epsilon / mu;
        double first = StandardNormal.cdf(-shift + mu / 2);
        double second = Math.exp(epsilon + StandardNormal.logCdf(-shift - mu / 2));
        return Math.max(0, first - second);
    }

    /**
     * The smallest ε ≥ 0 with {@link #gaussianDelta}(μ, ε) ≤ δ: the exact ε of μ-GDP at δ (Balle
     * &amp; Wang's analytic Gaussian mechanism). Returns 0 when δ ≥ δ(0) = 2Φ(μ/2) − 1. Found by
     * bisection on ε to adjacent doubles (δ(ε) is decreasing), rounding towards the larger ε.
     */
    public static double analyticGaussianEpsilon(double mu, double delta) {
        Args.positive("mu", mu);
        Args.openUnit("delta", delta);
        if (delta >= gaussianDelta(mu, 0)) {
            return 0;
        }
        double upper = Bisection.firstFalseByDoubling(1, eps -> gaussianDelta(mu, eps) > delta);
        return Bisection.boundary(0, upper, eps -> gaussianDelta(mu, eps) > delta).firstFalse();
    }

    /**
     * The largest μ whose exact Gaussian ε at δ is at most ε, i.e. with
     * {@link #gaussianDelta}(μ, ε) ≤ δ (δ(ε) is increasing in μ). The Gaussian mechanism then needs
     * σ = S/μ.
     */
    public static double muForGaussianEpsilon(double epsilon, double delta) {
        Args.positive("epsilon", epsilon);
        Args.openUnit("delta", delta);
        double upper = Bisection.firstFalseByDoubling(1, mu -> gaussianDelta(mu, epsilon) <= delta);
        return Bisection.boundary(0, upper, mu -> gaussianDelta(mu, epsilon) <= delta).lastTrue();
    }

    /**
     * The μ-GDP trade-off curve (Dong, Roth &amp; Su): the smallest false-negative rate
     * Φ(Φ⁻¹(1−α) − μ) of any test between neighbouring datasets whose false-positive rate is α,
     * for α in [0, 1] and μ ≥ 0 finite. Computed as Φ(−Φ⁻¹(α) − μ) so that small α stays accurate.
     */
    public static double gaussianTradeoff(double mu, double alpha) {
        Args.nonNegative("mu", mu);
        if (!(alpha >= 0 && alpha <= 1)) {
            throw new IllegalArgumentException("alpha must be in [0, 1], got " + alpha);
        }
        return StandardNormal.cdf(-StandardNormal.quantile(alpha) - mu);
    }

    /** ln(1/δ) after checking δ in (0, 1). */
    private static double logOneOver(double delta) {
        return -Math.log(Args.openUnit("delta", delta));
    }
}
