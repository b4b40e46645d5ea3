package org.privsim.core.privacy;

import java.util.Objects;

/**
 * The composition bound CB({ε_t}, δ) of pure ε_t-DP releases: eq. (6) of Liang et al., "Model-protected
 * multi-task learning", which is Theorem 3.5 of Kairouz, Oh &amp; Viswanath (2017):
 * <pre>
 *   CB = min{ Σ ε_t,
 *             Σ (e^ε_t − 1)ε_t/(e^ε_t + 1) + √(Σ 2ε_t² log(1/δ)),
 *             Σ (e^ε_t − 1)ε_t/(e^ε_t + 1) + √(Σ 2ε_t² log(e + √(Σ ε_t²)/δ)) }.
 * </pre>
 *
 * <p>Guarantee (privacy): the adaptive composition of releases that are ε_1-, …, ε_T-DP is
 * (CB({ε_t}, δ), δ)-DP. With δ = 0 the second and third terms are +∞, so CB = Σ ε_t (basic composition).
 *
 * <p>Guarantee (numerics): every method accepts ε_t that are non-negative and finite (huge ones
 * such as 1e40 included), and δ in [0, 1), and never returns NaN; the empty sequence has CB = 0.
 * (e^ε − 1)/(e^ε + 1) is evaluated as tanh(ε/2), exact in the limit ε → ∞ where the quotient
 * would be ∞/∞. Each method computes Σ ε_t, Σ tanh(ε_t/2)·ε_t and r = √(Σ ε_t²) in index order,
 * r as m·√(Σ (ε_t/m)²) with m = max ε_t so that it neither overflows for huge ε_t nor underflows
 * (which would understate the bound) for tiny ones; then √(Σ 2ε_t² log x) is √(2 log x)·r. log(1/δ)
 * is −log δ, and log(e + r/δ) is log(r/δ) + log1p(eδ/r) when r &gt; δ, so neither overflows for tiny
 * δ. Results are bit-for-bit deterministic; a term whose value exceeds the largest double is +∞.
 */
public final class CompositionBound {
    private CompositionBound() {}

    /** CB({ε_t}, δ): the smallest of {@link #basic}, {@link #advanced} and {@link #advancedWithE}. */
    public static double of(double[] epsilons, double delta) {
        Sums sums = Sums.of(epsilons);
        Args.zeroToOpenUnit("delta", delta);
        return sums.bound(delta);
    }

    /** Σ ε_t: basic composition, the first term. */
    public static double basic(double[] epsilons) {
        return Sums.of(epsilons).sum();
    }

    /** Σ (e^ε_t − 1)ε_t/(e^ε_t + 1) + √(Σ 2ε_t² log(1/δ)), the second term; +∞ when δ = 0. */
    public static double advanced(double[] epsilons, double delta) {
        Sums sums = Sums.of(epsilons);
        Args.zeroToOpenUnit("delta", delta);
        return sums.advanced(delta);
    }

    /** Σ (e^ε_t − 1)ε_t/(e^ε_t + 1) + √(Σ 2ε_t² log(e + √(Σ ε_t²)/δ)), the third term; +∞ when δ = 0. */
    public static double advancedWithE(double[] epsilons, double delta) {
        Sums sums = Sums.of(epsilons);
        Args.zeroToOpenUnit("delta", delta);
        return sums.advancedWithE(delta);
    }

    /**
     * The three quantities the bound is made of.
     *
     * @param sum     Σ ε_t
     * @param tanhSum Σ tanh(ε_t/2)·ε_t, i.e. Σ (e^ε_t − 1)ε_t/(e^ε_t + 1)
     * @param root    √(Σ ε_t²)
     */
    private record Sums(double sum, double tanhSum, double root) {
        /** The sums of the given ε_t (each non-negative and finite), added in index order. */
        static Sums of(double[] epsilons) {
            Objects.requireNonNull(epsilons, "epsilons");
            double sum = 0;
            double tanhSum = 0;
            double max = 0;
            for (double epsilon : epsilons) {
                Args.nonNegative("epsilon", epsilon);
                sum += epsilon;
                tanhSum += Math.tanh(epsilon / 2) * epsilon;
                max = Math.max(max, epsilon);
            }
            double scaledSquares = 0;
            if (max > 0) {
                for (double epsilon : epsilons) {
                    double scaled = epsilon / max;
                    scaledSquares += scaled * scaled;
                }
            }
            return new Sums(sum, tanhSum, max * Math.sqrt(scaledSquares));
        }

        /** CB for these sums and δ in [0, 1) (not checked). */
        double bound(double delta) {
            return Math.min(sum, Math.min(advanced(delta), advancedWithE(delta)));
        }

        double advanced(double delta) {
            if (delta == 0) {
                return Double.POSITIVE_INFINITY;
            }
            return tanhSum + Math.sqrt(2 * -Math.log(delta)) * root;
        }

        double advancedWithE(double delta) {
            if (delta == 0) {
                return Double.POSITIVE_INFINITY;
            }
            double log = root <= delta
                    ? Math.log(Math.E + root / delta)
                    : Math.log(root) - Math.log(delta) + Math.log1p(Math.E * delta / root);
            return tanhSum + Math.sqrt(2 * log) * root;
        }
    }
}
