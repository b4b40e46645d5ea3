package org.privsim.core.audit;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.privsim.core.privacy.PldAccountant;

/**
 * The ROC-area reading of an audit against the claim "the mechanism is (dominated by) the {@code
 * steps}-fold composition of the Poisson-subsampled Gaussian at sampling rate q with some noise
 * multiplier σ" — DP-SGD's steps, the rounds of DP-FedAvg and DP-FedRep — the method
 * {@link AuditMethod#SAMPLED_GAUSSIAN_AUC}. It plays for these mechanisms the part μ-GDP plays for
 * {@link AuditMethod#GAUSSIAN_DP_AUC}: a sampled Gaussian composition is not μ-GDP for the μ of its ε
 * (its privacy loss has a heavier upper tail), so its areas are read against its own trade-off curve.
 *
 * <p>{@link #area}(σ) is the ROC area of the optimal test of the composition at σ, read from its
 * pessimistic privacy loss distribution ({@link PldAccountant#rocArea}, interval {@value #INTERVAL}):
 * at least the exact optimal area, and so at least the area of every attack on every mechanism the
 * composition at σ dominates, adaptive steps included (dominating pairs compose adaptively). It
 * decreases in σ. Given a lower confidence bound A_lower on an attack's area,
 * {@link #sigmaUpper}(A_lower) is a σ with area(σ) &lt; A_lower found by bracketing and bisection
 * (so every σ' ≥ it has a smaller area), and {@link #epsilon} the PLD ε at δ of the composition at
 * that σ, which decreases in σ.
 *
 * <p>Guarantee: if the audited mechanism is dominated by the composition at σ_true, then
 * A_true ≤ area(σ_true); whenever A_lower ≤ A_true (probability ≥ the confidence), sigmaUpper(A_lower)
 * ≥ σ_true and so {@link #epsilon}(A_lower, δ) ≤ the PLD ε at σ_true — for the correct mechanism its
 * accounted ε, at most the claimed ε. Deterministic (every result a pure function of the inputs;
 * areas are cached per instance); safe for concurrent use.
 */
public final class SampledGaussianAuc {
    /** The discretization interval of the area's PLD at σ ≥ 1 (coarser than the accountant's: only pessimism matters here). */
    static final double INTERVAL = 1e-3;
    /** Relative width of the σ bracket at which {@link #sigmaUpper} stops. */
    static final double SIGMA_TOLERANCE = 1e-3;
    /** The smallest σ searched. */
    static final double SIGMA_FLOOR = 1e-2;
    /** The largest σ searched. */
    static final double SIGMA_CEILING = 1e6;

    private final double samplingRate;
    private final int steps;
    /** Areas already computed, by σ (pure in σ, so a cache changes no result). */
    private final Map<Double, Double> areas = new ConcurrentHashMap<>();

    /**
     * @param samplingRate q, in (0, 1]
     * @param steps        the number of releases composed, ≥ 1
     */
    public SampledGaussianAuc(double samplingRate, int steps) {
        if (!(samplingRate > 0 && samplingRate <= 1)) {
            throw new IllegalArgumentException("samplingRate must be in (0, 1], got " + samplingRate);
        }
        if (steps < 1) {
            throw new IllegalArgumentException("steps must be at least 1, got " + steps);
        }
        this.samplingRate = samplingRate;
        this.steps = steps;
    }

    /** q. */
    public double samplingRate() {
        return samplingRate;
    }

    /** The number of releases composed. */
    public int steps() {
        return steps;
    }

    /**
     * The ROC area of the optimal test of the composition at noise multiplier σ (an upper bound), on
     * the grid of interval {@value #INTERVAL}·max(1, 1/σ²) (the losses scale as 1/σ², so the grid
     * keeps about as many points per unit of spread); NaN when the composition needs more grid
     * points than a privacy loss distribution may carry (the search then treats σ as reaching any
     * target, which only moves its answer up).
     */
    public double area(double sigma) {
        return areas.computeIfAbsent(sigma, s -> {
            try {
                return PldAccountant.poissonSampledGaussian(samplingRate, s, INTERVAL * Math.max(1, 1 / (s * s)))
                        .selfCompose(steps).rocArea();
            } catch (IllegalArgumentException tooWide) {
                return Double.NaN;
            }
        });
    }

    /**
     * A σ whose area is below {@code target}, within relative {@value #SIGMA_TOLERANCE} of the
     * largest σ whose area reaches it: +∞ when target ≤ 1/2 or the area at σ = {@value #SIGMA_CEILING}
     * still reaches it (every σ may then reach it: ε 0); the smallest σ tried when no σ down to
     * {@value #SIGMA_FLOOR}, or down to where the area can no longer be computed, reaches it (an
     * upper end all the same: its area is below the target).
     */
    public double sigmaUpper(double target) {
        if (target <= 0.5) {
            return Double.POSITIVE_INFINITY;
        }
        double low = 1;
        double high = 1;
        if (!(area(1) < target)) {
            do {
                low = high;
                high = 2 * high;
                if (high > SIGMA_CEILING) {
                    return Double.POSITIVE_INFINITY;
                }
            } while (!(area(high) < target));
        } else {
            do {
                high = low;
                low = low / 2;
                if (low < SIGMA_FLOOR || Double.isNaN(area(low))) {
                    return high;
                }
            } while (area(low) < target);
        }
        while (high / low - 1 > SIGMA_TOLERANCE) {
            double mid = Math.sqrt(low * high);
            if (!(area(mid) < target)) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return high;
    }

    /**
     * The PLD ε at δ of the composition at {@link #sigmaUpper}(area): 0 when area ≤ 1/2. At the
     * accountant's interval ({@link PldAccountant#dpSgdEpsilon}) when its grid fits, else on the
     * area's interval (a larger, still pessimistic ε; only at σ far below any calibrated one).
     */
    public double epsilon(double area, double delta) {
        double sigma = sigmaUpper(area);
        if (Double.isInfinite(sigma)) {
            return 0;
        }
        try {
            return PldAccountant.dpSgdEpsilon(samplingRate, sigma, steps, delta);
        } catch (IllegalArgumentException tooWide) {
            return PldAccountant.poissonSampledGaussian(samplingRate, sigma, INTERVAL * Math.max(1, 1 / (sigma * sigma)))
                    .selfCompose(steps).epsilon(delta);
        }
    }
}
