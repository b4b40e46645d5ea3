package org.privsim.core.audit;

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
 * accounted ε, at most the claimed ε. Deterministic (a pure function of its inputs).
 *
 * @param samplingRate q, in (0, 1]
 * @param steps        the number of releases composed, ≥ 1
 */
public record SampledGaussianAuc(double samplingRate, int steps) {
    /** The discretization interval of the area's PLD (coarser than the accountant's: only pessimism matters here). */
    static final double INTERVAL = 1e-3;
    /** Relative width of the σ bracket at which {@link #sigmaUpper} stops. */
    static final double SIGMA_TOLERANCE = 1e-3;
    /** The smallest σ searched. */
    static final double SIGMA_FLOOR = 1e-2;
    /** The largest σ searched. */
    static final double SIGMA_CEILING = 1e6;

    public SampledGaussianAuc {
        if (!(samplingRate > 0 && samplingRate <= 1)) {
            throw new IllegalArgumentException("samplingRate must be in (0, 1], got " + samplingRate);
        }
        if (steps < 1) {
            throw new IllegalArgumentException("steps must be at least 1, got " + steps);
        }
    }

    /** The ROC area of the optimal test of the composition at noise multiplier σ (an upper bound). */
    public double area(double sigma) {
        return PldAccountant.poissonSampledGaussian(samplingRate, sigma, INTERVAL).selfCompose(steps).rocArea();
    }

    /**
     * A σ whose area is below {@code target}, within relative {@value #SIGMA_TOLERANCE} of the
     * largest σ whose area reaches it: +∞ when target ≤ 1/2 or the area at σ = {@value #SIGMA_CEILING}
     * still reaches it (every σ may then reach it: ε 0); the smallest σ tried when no σ down to
     * {@value #SIGMA_FLOOR} reaches it (an upper end all the same).
     */
    public double sigmaUpper(double target) {
        if (target <= 0.5) {
            return Double.POSITIVE_INFINITY;
        }
        double low = 1;
        double high = 1;
        if (area(1) >= target) {
            do {
                low = high;
                high = 2 * high;
                if (high > SIGMA_CEILING) {
                    return Double.POSITIVE_INFINITY;
                }
            } while (area(high) >= target);
        } else {
            do {
                high = low;
                low = low / 2;
                if (low < SIGMA_FLOOR) {
                    return high;
                }
            } while (area(low) < target);
        }
        while (high / low - 1 > SIGMA_TOLERANCE) {
            double mid = Math.sqrt(low * high);
            if (area(mid) >= target) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return high;
    }

    /** The PLD ε at δ of the composition at {@link #sigmaUpper}(area): 0 when area ≤ 1/2. */
    public double epsilon(double area, double delta) {
        double sigma = sigmaUpper(area);
        return Double.isInfinite(sigma) ? 0 : PldAccountant.dpSgdEpsilon(samplingRate, sigma, steps, delta);
    }
}
