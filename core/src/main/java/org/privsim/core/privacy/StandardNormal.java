package org.privsim.core.privacy;

import org.hipparchus.special.Erf;

/**
 * The standard normal distribution function Φ, its logarithm and its inverse, accurate in the tails.
 *
 * <p>Guarantee: {@link #cdf} has small relative error also deep in the lower tail (down to the
 * underflow of double, x ≈ −38), because it goes through Hipparchus' erfc rather than 1 − erf;
 * {@link #logCdf} stays finite and relatively accurate for every finite x (below −37 it uses the
 * asymptotic series of the Mills ratio, whose truncation error there is below 2e-15);
 * {@link #logMillsRatio} (ln Φ(−t) + t²/2 + ½ ln 2π) stays finite and accurate to 2e-13 absolute
 * for every t ≥ 0, also where t² overflows;
 * {@link #quantile} is accurate in both tails because it works on the lower tail only
 * (Φ⁻¹(p) = −Φ⁻¹(1 − p) with 1 − p exact for p ≥ ½) and refines by Newton's method on log Φ.
 */
public final class StandardNormal {
    private static final double SQRT2 = Math.sqrt(2);
    private static final double HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);
    /** Below this, Φ(x) approaches the bottom of the normal doubles; switch to the series. */
    private static final double SERIES_BELOW = -37;
    /** Terms (−1)ⁿ(2n−1)!!/x²ⁿ, n = 1..5, of the asymptotic series; the next is < 2e-15 at −37. */
    private static final int SERIES_TERMS = 5;
    private static final int MAX_NEWTON_STEPS = 100;

    private StandardNormal() {}

    /** Φ(x) = P(Z ≤ x). */
    public static double cdf(double x) {
        return 0.5 * Erf.erfc(-x / SQRT2);
    }

    /** ln Φ(x). */
    public static double logCdf(double x) {
        if (x >= 0) {
            return Math.log1p(-cdf(-x));
        }
        if (x >= SERIES_BELOW) {
            return Math.log(cdf(x));
        }
        return -0.5 * x * x - Math.log(-x) - HALF_LOG_2PI + Math.log(millsSeries(x));
    }

    /**
     * ln of Mills' ratio (1 − Φ(t))/φ(t) for t ≥ 0, i.e. ln Φ(−t) + t²/2 + ½ ln 2π: finite for every
     * t ≥ 0 (about −ln t for large t, −∞ only at t = +∞), also where t² or e^(t²/2) overflow. Up to
     * t = 37 it is ln Φ(−t) + t²/2 + ½ ln 2π, whose absolute error is a few ulps of t²/2 (below
     * 2e-13); beyond, the asymptotic series of {@link #logCdf}, whose truncation error there is
     * below 2e-15.
     */
    static double logMillsRatio(double t) {
        if (!(t >= 0)) {
            throw new IllegalArgumentException("t must be non-negative, got " + t);
        }
        if (-t >= SERIES_BELOW) {
            return logCdf(-t) + 0.5 * t * t + HALF_LOG_2PI;
        }
        return -Math.log(t) + Math.log(millsSeries(-t));
    }

    /** 1 − 1/x² + 3/x⁴ − ... (SERIES_TERMS terms after the 1): Φ(x) = φ(x)/|x| times this, x → −∞. */
    private static double millsSeries(double x) {
        double inverseSquare = 1 / (x * x);
        double term = 1;
        double sum = 1;
        for (int n = 1; n <= SERIES_TERMS; n++) {
            term *= -(2 * n - 1) * inverseSquare;
            sum += term;
        }
        return sum;
    }

    /** Φ⁻¹(p) for p in [0, 1]; −∞ at 0 and +∞ at 1. */
    public static double quantile(double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException("probability must be in [0, 1], got " + p);
        }
        if (p > 0.5) {
            return -lowerQuantile(1 - p);
        }
        return lowerQuantile(p);
    }

    /**
     * Φ⁻¹(p) for p in [0, ½]: Newton's method on ln Φ(x) = ln p. ln Φ is concave and increasing,
     * so after the first step every iterate lies below the root and the iterates increase to it.
     */
    private static double lowerQuantile(double p) {
        if (p == 0) {
            return Double.NEGATIVE_INFINITY;
        }
        double target = Math.log(p);
        double x = -Math.sqrt(-2 * target);
        for (int i = 0; i < MAX_NEWTON_STEPS; i++) {
            double logCdf = logCdf(x);
            double slope = Math.exp(-0.5 * x * x - HALF_LOG_2PI - logCdf); // φ(x)/Φ(x)
            double next = x - (logCdf - target) / slope;
            boolean converged = Math.abs(next - x) <= 1e-15 * Math.max(1, Math.abs(x));
            x = next;
            if (converged) {
                break;
            }
        }
        return x;
    }
}
