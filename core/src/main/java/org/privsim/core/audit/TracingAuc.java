package org.privsim.core.audit;

import java.util.Arrays;
import org.privsim.core.privacy.StandardNormal;

/**
 * The area under the ROC curve of a tracing audit's membership test, with a confidence interval and
 * the ceiling every (ε, δ)-DP mechanism imposes on it.
 *
 * <p>AUC is the Mann–Whitney estimate P(T_member &gt; T_non-member) + ½·P(tie) over all trials'
 * scores (members: world 1, non-members: world 0); the interval is DeLong's asymptotic normal one
 * (DeLong, DeLong &amp; Clarke-Pearson 1988: variance S₁₀/m + S₀₁/n from the placement values),
 * clipped to [0, 1].
 *
 * <p>Ceiling: an (ε, δ)-DP release bounds every threshold test by TPR ≤ e^ε·FPR + δ and, applied to
 * the complementary test, TPR ≤ 1 − e^−ε(1 − δ − FPR); so the ROC lies under
 * c(x) = min(1, e^ε x + δ, 1 − e^−ε(1 − δ − x)) and AUC ≤ ∫₀¹ c. The first two lines cross at
 * x₀ = (1 − δ)/(e^ε + 1) and the last reaches 1 at x = 1 − δ, so
 * AUC ≤ e^ε x₀²/2 + δx₀ + (1 − δ − x₀) − e^−ε(1 − δ − x₀)²/2 + δ, which is e^ε/(1 + e^ε) at δ = 0.
 *
 * @param persons    t
 * @param dimension  d
 * @param auc        the Mann–Whitney AUC
 * @param aucLower   lower end of the DeLong interval at the audit's confidence
 * @param aucUpper   upper end of that interval
 * @param aucCeiling the (ε, δ)-DP ceiling at the claimed (ε, δ); 1 for a nonprivate mechanism
 */
public record TracingAuc(int persons, int dimension, double auc, double aucLower, double aucUpper,
        double aucCeiling) {

    /**
     * The AUC of {@code members} against {@code nonMembers} with its two-sided interval at
     * {@code confidence}, and the ceiling at (ε, δ) (null ε: none).
     */
    public static TracingAuc of(int persons, int dimension, double[] members, double[] nonMembers,
            double confidence, Double epsilon, double delta) {
        double[] sortedMembers = members.clone();
        double[] sortedNon = nonMembers.clone();
        Arrays.sort(sortedMembers);
        Arrays.sort(sortedNon);
        int m = members.length;
        int n = nonMembers.length;
        double[] v10 = new double[m];
        double[] v01 = new double[n];
        for (int i = 0; i < m; i++) {
            v10[i] = placement(sortedNon, members[i], true) / n;
        }
        for (int j = 0; j < n; j++) {
            v01[j] = placement(sortedMembers, nonMembers[j], false) / m;
        }
        double auc = mean(v10);
        double se = Math.sqrt(variance(v10) / m + variance(v01) / n);
        double z = StandardNormal.quantile(1 - (1 - confidence) / 2);
        return new TracingAuc(persons, dimension, auc, Math.max(0, auc - z * se), Math.min(1, auc + z * se),
                epsilon == null ? 1 : ceiling(epsilon, delta));
    }

    /** ∫₀¹ min(1, e^ε x + δ, 1 − e^−ε(1 − δ − x)) dx: the largest AUC of any test against an (ε, δ)-DP release. */
    public static double ceiling(double epsilon, double delta) {
        double e = Math.exp(epsilon);
        double x0 = (1 - delta) / (e + 1);
        double rest = 1 - delta - x0;
        return e * x0 * x0 / 2 + delta * x0 + rest - rest * rest / (2 * e) + delta;
    }

    /**
     * For a member score x: #{non-members &lt; x} + ½#{= x}; for a non-member score y
     * ({@code below} false): #{members &gt; y} + ½#{= y}.
     */
    private static double placement(double[] sorted, double x, boolean below) {
        int less = lowerBound(sorted, x);
        int lessOrEqual = upperBound(sorted, x);
        double ties = lessOrEqual - less;
        return (below ? less : sorted.length - lessOrEqual) + ties / 2;
    }

    private static int lowerBound(double[] sorted, double x) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static int upperBound(double[] sorted, double x) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static double mean(double[] xs) {
        double sum = 0;
        for (double x : xs) {
            sum += x;
        }
        return sum / xs.length;
    }

    private static double variance(double[] xs) {
        double m = mean(xs);
        double sum = 0;
        for (double x : xs) {
            sum += (x - m) * (x - m);
        }
        return sum / (xs.length - 1);
    }
}
