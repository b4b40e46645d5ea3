package org.privsim.core.privacy;

/**
 * The composition bound CB({ε_t}, δ) of a sequence of pure ε_t-DP releases, Liang et al. eq. (6),
 * which is Kairouz, Oh and Viswanath (2017) Thm 3.5:
 * min{ Σε_t, Σ tanh(ε_t/2)ε_t + √(2 Σε_t² ln(1/δ)), Σ tanh(ε_t/2)ε_t + √(2 Σε_t² ln(e + √(Σε_t²)/δ)) }.
 * The composition is (CB, δ)-DP ((Σε_t, 0)-DP when the first term is the minimum).
 *
 * <p>Guarantees: (e^ε − 1)/(e^ε + 1) is computed as tanh(ε/2), so huge ε_t never give NaN; sums
 * run in index order; with δ = 0 the second and third terms are +∞ and CB = Σε_t.
 */
public final class CompositionBound {
    private CompositionBound() {}

    /** CB({ε_t}, δ); ε_t ≥ 0 finite, δ ∈ [0, 1). An empty sequence composes to 0. */
    public static double of(double[] epsilons, double delta) {
        return Math.min(basic(epsilons), Math.min(advanced(epsilons, delta), advancedWithE(epsilons, delta)));
    }

    /** Σ ε_t (basic composition). */
    public static double basic(double[] epsilons) {
        check(epsilons);
        double sum = 0;
        for (double e : epsilons) {
            sum += e;
        }
        return sum;
    }

    /** Σ tanh(ε_t/2) ε_t + √(2 Σ ε_t² ln(1/δ)); +∞ when δ = 0. */
    public static double advanced(double[] epsilons, double delta) {
        checkDelta(delta);
        if (delta == 0) {
            return Double.POSITIVE_INFINITY;
        }
        return drift(epsilons) + Math.sqrt(2 * squares(epsilons) * Math.log(1 / delta));
    }

    /** Σ tanh(ε_t/2) ε_t + √(2 Σ ε_t² ln(e + √(Σ ε_t²)/δ)); +∞ when δ = 0. */
    public static double advancedWithE(double[] epsilons, double delta) {
        checkDelta(delta);
        if (delta == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double squares = squares(epsilons);
        return drift(epsilons) + Math.sqrt(2 * squares * Math.log(Math.E + Math.sqrt(squares) / delta));
    }

    private static double drift(double[] epsilons) {
        check(epsilons);
        double sum = 0;
        for (double e : epsilons) {
            sum += Math.tanh(e / 2) * e;
        }
        return sum;
    }

    private static double squares(double[] epsilons) {
        double sum = 0;
        for (double e : epsilons) {
            sum += e * e;
        }
        return sum;
    }

    private static void check(double[] epsilons) {
        for (double e : epsilons) {
            if (!(e >= 0) || Double.isInfinite(e)) {
                throw new IllegalArgumentException("every ε_t must be ≥ 0 and finite, got " + e);
            }
        }
    }

    private static void checkDelta(double delta) {
        if (!(delta >= 0 && delta < 1)) {
            throw new IllegalArgumentException("δ must be in [0, 1), got " + delta);
        }
    }
}
