package org.privsim.core.audit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.privsim.core.privacy.Conversions;

/**
 * ROC curves for plotting an attack against a claimed guarantee: the empirical curve of an
 * adversary's scores, and the exact curve of μ-GDP (the Gaussian mechanism), which no μ-GDP
 * mechanism's attack can rise above.
 *
 * <p>Guarantee: every curve starts at (0, 0), ends at (1, 1), and is non-decreasing in both
 * coordinates; all rates are in [0, 1]. Inputs are validated with {@link IllegalArgumentException}.
 */
public final class RocCurve {
    /** Where the log-spaced part of {@link #gaussianTradeoff}'s grid starts. */
    private static final double SMALLEST_POSITIVE_RATE = 1e-4;
    /** Where the log-spaced part ends and the linear part begins. */
    private static final double LINEAR_FROM = 0.1;

    private RocCurve() {}

    /**
     * One operating point of a test that guesses world 1.
     *
     * @param falsePositiveRate fraction of world-0 trials guessed as world 1
     * @param truePositiveRate  fraction of world-1 trials guessed as world 1
     */
    public record RocPoint(double falsePositiveRate, double truePositiveRate) {}

    /**
     * The empirical ROC curve of "guess world 1 when score ≥ t" (high scores mean world 1), with t
     * swept from +∞ down through every distinct pooled score: (0, 0) first, then one point per
     * distinct score — scores tied across the worlds move both rates in one step — ending at (1, 1).
     *
     * @throws IllegalArgumentException if either array is empty or holds a non-finite score
     */
    public static List<RocPoint> empirical(double[] world0Scores, double[] world1Scores) {
        double[] world0 = sortedCopy("world0Scores", world0Scores);
        double[] world1 = sortedCopy("world1Scores", world1Scores);
        int n0 = world0.length;
        int n1 = world1.length;
        List<RocPoint> curve = new ArrayList<>();
        curve.add(new RocPoint(0, 0));
        // above0/above1: scores at or above the current threshold, taken from the top of each array.
        int above0 = 0;
        int above1 = 0;
        while (above0 < n0 || above1 < n1) {
            double value = Math.max(above0 < n0 ? world0[n0 - 1 - above0] : Double.NEGATIVE_INFINITY,
                    above1 < n1 ? world1[n1 - 1 - above1] : Double.NEGATIVE_INFINITY);
            while (above0 < n0 && world0[n0 - 1 - above0] == value) {
                above0++;
            }
            while (above1 < n1 && world1[n1 - 1 - above1] == value) {
                above1++;
            }
            curve.add(new RocPoint((double) above0 / n0, (double) above1 / n1));
        }
        return curve;
    }

    /**
     * The ROC curve of μ-GDP: TPR = 1 − {@link Conversions#gaussianTradeoff}(μ, FPR) = Φ(Φ⁻¹(FPR) + μ),
     * the most powerful test between N(0, 1) and N(μ, 1). The FPR grid has {@code points} values,
     * dense near 0 where privacy attacks are judged: 0, then (points − 1)/2 log-spaced values from 1e-4
     * up to (excluding) 0.1, then the rest evenly spaced from 0.1 to 1.
     *
     * @param mu     μ ≥ 0, finite (0 gives the diagonal)
     * @param points number of points, at least 4
     * @throws IllegalArgumentException for μ or points outside those ranges
     */
    public static List<RocPoint> gaussianTradeoff(double mu, int points) {
        if (points < 4) {
            throw new IllegalArgumentException("points must be at least 4, got " + points);
        }
        int logSpaced = (points - 1) / 2;
        int linear = points - 1 - logSpaced;
        double logSpan = Math.log(LINEAR_FROM / SMALLEST_POSITIVE_RATE);
        List<RocPoint> curve = new ArrayList<>(points);
        curve.add(gaussianPoint(mu, 0));
        for (int i = 0; i < logSpaced; i++) {
            curve.add(gaussianPoint(mu, SMALLEST_POSITIVE_RATE * Math.exp(logSpan * i / logSpaced)));
        }
        for (int j = 0; j < linear; j++) {
            double fpr = j == linear - 1 ? 1 : LINEAR_FROM + (1 - LINEAR_FROM) * j / (linear - 1);
            curve.add(gaussianPoint(mu, fpr));
        }
        return curve;
    }

    private static RocPoint gaussianPoint(double mu, double falsePositiveRate) {
        return new RocPoint(falsePositiveRate, 1 - Conversions.gaussianTradeoff(mu, falsePositiveRate));
    }

    private static double[] sortedCopy(String name, double[] scores) {
        if (scores.length == 0) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        double[] copy = scores.clone();
        for (int i = 0; i < copy.length; i++) {
            if (!Double.isFinite(copy[i])) {
                throw new IllegalArgumentException(name + "[" + i + "] must be finite, got " + copy[i]);
            }
        }
        Arrays.sort(copy);
        return copy;
    }
}
