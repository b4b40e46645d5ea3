package org.privsim.core.audit;

import java.util.Arrays;

/**
 * The area under an adversary's ROC curve — A = P(S₁ &gt; S₀) + ½·P(S₁ = S₀) for independent scores
 * S₀ of world 0 and S₁ of world 1 — its Mann–Whitney estimate over all pairs, and a lower
 * confidence bound on A that holds in finite samples.
 *
 * <p><b>Estimate.</b> Â = U/(n₀n₁) with U = Σ over all n₀·n₁ pairs of 1[s₁ &gt; s₀] + ½·1[s₁ = s₀]:
 * unbiased for A. It is counted exactly in integers (2U fits a {@code long}), so it has the same
 * bits whatever the order of the scores.
 *
 * <p><b>Lower bound</b> (Hoeffding 1963, §5, with the Chernoff bound in relative-entropy form).
 * With k = min(n₀, n₁), Â is the average, over all ways of pairing k world-0 scores with k world-1
 * scores, of W = (1/k)·Σᵢ h(S₀ᵢ, S₁ᵢ) with h(x, y) = 1[y &gt; x] + ½·1[y = x] ∈ [0, 1]: a mean of k
 * independent terms with mean A. As e^{sx} is convex, E e^{sÂ} ≤ E e^{sW} (Jensen over the
 * pairings), and each term's moment generating function is at most that of a Bernoulli(A)
 * (convexity again: e^{sx} ≤ 1 − x + x·e^s on [0, 1]). The Chernoff bound of a Binomial(k, A)
 * mean therefore holds for Â: P(Â ≥ u) ≤ exp(−k·kl(u ‖ A)) for every u ≥ A, with kl the binary
 * relative entropy. The bound returned is A_lower = the a ≤ Â with k·kl(Â ‖ a) = ln(1/(1 − c))
 * (0 when Â = 0). A_lower &gt; A happens only if Â exceeds the u &gt; A with k·kl(u ‖ A) = ln(1/(1 − c))
 * (kl(Â ‖ ·) decreases on [0, Â]), which has probability at most 1 − c. Compared with the other
 * finite-sample bounds considered: Hoeffding's t = √(ln(1/(1 − c))/(2k)) is the quadratic lower
 * bound (Pinsker) of the same exponent, never tighter; Bernstein with the variance bound A(1 − A)
 * is also weaker than the exact Bernoulli exponent. The price of finite-sample validity against the
 * normal approximation of the DeLong variance (valid only asymptotically) is about a factor 1.8 in
 * the width at A ≈ ½ and c = 0.95: √(2·A(1 − A)·ln 20 / k) against 1.645·√((1/n₀ + 1/n₁)/12).
 *
 * <p>Guarantee: pure functions; inputs validated with {@link IllegalArgumentException}.
 */
public final class RocArea {
    /** Bisection steps of {@link #lowerBound}: the interval [0, Â] halves each time, far below 1e-15. */
    private static final int BISECTIONS = 100;

    private RocArea() {}

    /**
     * Â = (Σ pairs 1[s₁ &gt; s₀] + ½·1[s₁ = s₀])/(n₀n₁): the area under the empirical ROC curve of
     * "higher score ⇒ world 1", ties counting one half.
     *
     * @throws IllegalArgumentException if either array is empty
     */
    public static double area(double[] world0Scores, double[] world1Scores) {
        if (world0Scores.length == 0 || world1Scores.length == 0) {
            throw new IllegalArgumentException("both worlds need at least one score");
        }
        double[] world0 = world0Scores.clone();
        double[] world1 = world1Scores.clone();
        Arrays.sort(world0);
        Arrays.sort(world1);
        // twiceU = Σ over world-1 scores y of 2·#{x < y} + #{x = y}, walking both sorted arrays once.
        long twiceU = 0;
        int below = 0;
        int atOrBelow = 0;
        for (double y : world1) {
            while (below < world0.length && world0[below] < y) {
                below++;
            }
            atOrBelow = Math.max(atOrBelow, below);
            while (atOrBelow < world0.length && world0[atOrBelow] <= y) {
                atOrBelow++;
            }
            twiceU += 2L * below + (atOrBelow - below);
        }
        return twiceU / (2.0 * world0.length * world1.length);
    }

    /**
     * The lower confidence bound A_lower of the class comment: the a ≤ {@code area} with
     * {@code pairs}·kl(area ‖ a) = ln(1/(1 − confidence)), found by bisection.
     *
     * @param area       Â in [0, 1]
     * @param pairs      k = min(n₀, n₁) ≥ 1
     * @param confidence c in (0, 1)
     * @throws IllegalArgumentException for arguments outside those ranges
     */
    public static double lowerBound(double area, int pairs, double confidence) {
        if (!(area >= 0 && area <= 1)) {
            throw new IllegalArgumentException("area must be in [0, 1], got " + area);
        }
        if (pairs < 1) {
            throw new IllegalArgumentException("pairs must be ≥ 1, got " + pairs);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
        double budget = -Math.log1p(-confidence) / pairs;
        double low = 0;
        double high = area;
        if (area == 0 || relativeEntropy(area, 0) <= budget) {
            return 0;
        }
        for (int i = 0; i < BISECTIONS; i++) {
            double mid = (low + high) / 2;
            if (relativeEntropy(area, mid) > budget) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /** kl(p ‖ q) = p ln(p/q) + (1 − p) ln((1 − p)/(1 − q)), with 0·ln 0 = 0 (+∞ where q excludes p). */
    static double relativeEntropy(double p, double q) {
        return term(p, q) + term(1 - p, 1 - q);
    }

    private static double term(double p, double q) {
        if (p == 0) {
            return 0;
        }
        return q == 0 ? Double.POSITIVE_INFINITY : p * Math.log(p / q);
    }
}
