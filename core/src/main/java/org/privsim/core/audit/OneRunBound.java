package org.privsim.core.audit;

import org.hipparchus.distribution.discrete.BinomialDistribution;

/**
 * The ε lower bound of a privacy audit in one run (Steinke, Nasr, Jagielski, NeurIPS 2023, "Privacy
 * Auditing with One (1) Training Run", arXiv 2305.08846, Cor. 5.4 and App. D): m canaries,
 * each included independently with probability 1/2; the auditor guesses the inclusion of r of them
 * (abstaining on the rest) and v guesses are right.
 *
 * <p>If the mechanism is (ε, δ)-DP, the probability of at least v right guesses is at most
 * {@link #pValue}: P[Binomial(r, q) ≥ v] + 2mδ·α with q = e^ε/(1 + e^ε), the accuracy of ε-DP randomized
 * response, and α = max over i = 1…v of P[v − i ≤ Binomial(r, q) &lt; v] / i. The audit rejects ε at
 * confidence 1 − β when that p-value is below β; {@link #epsilonLowerBound} is the largest ε it rejects.
 *
 * <p>Guarantees: with probability at least {@code confidence} over the canaries' inclusion and the
 * mechanism's randomness, a mechanism that is (ε, δ)-DP for the add/remove (or, canary against
 * partner, replace-one) relation the canaries were drawn under has ε ≥ {@link #epsilonLowerBound}
 * — a valid bound whatever the scores were, provided r and the rule that picks the guesses were fixed
 * before the scores were seen. The search assumes, as the paper's does, that the p-value grows with ε
 * (its main term does); it brackets the boundary by doubling and bisects to {@link #RESOLUTION}; binomial probabilities come from Hipparchus' saddle-point
 * evaluation, accurate to about 1e-14 relative. Arguments are validated with
 * {@link IllegalArgumentException}.
 */
public final class OneRunBound {
    /** The bisection stops once its bracket is this narrow (the returned bound is its low end). */
    static final double RESOLUTION = 1e-9;

    private OneRunBound() {}

    /**
     * The probability, under (ε, δ)-DP, of at least {@code correct} right guesses out of {@code guesses}
     * on {@code canaries} canaries (capped at 1).
     */
    public static double pValue(int canaries, int guesses, int correct, double epsilon, double delta) {
        check(canaries, guesses, correct, delta);
        if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("epsilon: must be finite and >= 0, got " + epsilon);
        }
        double q = 1 / (1 + Math.exp(-epsilon));
        if (guesses == 0) {
            return 1;
        }
        BinomialDistribution binomial = new BinomialDistribution(guesses, q);
        double tail = correct == 0 ? 1 : 1 - binomial.cumulativeProbability(correct - 1);
        if (correct > 0 && tail < 0.5) {
            // the upper tail summed directly: 1 − CDF cancels where the tail is small
            tail = 0;
            for (int k = guesses; k >= correct; k--) {
                tail += binomial.probability(k);
            }
        }
        if (delta == 0) {
            return Math.min(1, tail);
        }
        double alpha = 0;
        double below = 0; // P[v − i ≤ Binomial(r, q) < v]
        for (int i = 1; i <= correct; i++) {
            below += binomial.probability(correct - i);
            alpha = Math.max(alpha, below / i);
        }
        return Math.min(1, tail + alpha * delta * 2 * canaries);
    }

    /**
     * The largest ε the audit rejects at {@code confidence} (the p-value of ε is below 1 − confidence),
     * to within {@link #RESOLUTION} from below; 0 when it rejects none.
     */
    public static double epsilonLowerBound(int canaries, int guesses, int correct, double delta, double confidence) {
        check(canaries, guesses, correct, delta);
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence: must be in (0, 1), got " + confidence);
        }
        double beta = 1 - confidence;
        if (!(pValue(canaries, guesses, correct, 0, delta) < beta)) {
            return 0;
        }
        double low = 0;
        double high = 1;
        while (pValue(canaries, guesses, correct, high, delta) < beta) {
            low = high;
            high *= 2;
            if (high > 1e3) {
                throw new IllegalStateException("the p-value stays below " + beta + " beyond epsilon 1000");
            }
        }
        while (high - low > RESOLUTION) {
            double mid = (low + high) / 2;
            if (pValue(canaries, guesses, correct, mid, delta) < beta) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return low;
    }

    private static void check(int canaries, int guesses, int correct, double delta) {
        if (canaries < 1) {
            throw new IllegalArgumentException("canaries: must be at least 1, got " + canaries);
        }
        if (guesses < 0 || guesses > canaries) {
            throw new IllegalArgumentException("guesses: must be in 0.." + canaries + ", got " + guesses);
        }
        if (correct < 0 || correct > guesses) {
            throw new IllegalArgumentException("correct guesses: must be in 0.." + guesses + ", got " + correct);
        }
        if (!(delta >= 0 && delta < 1)) {
            throw new IllegalArgumentException("delta: must be in [0, 1), got " + delta);
        }
    }
}
