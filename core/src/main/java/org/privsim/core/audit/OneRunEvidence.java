package org.privsim.core.audit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * What one run with canaries certifies: the adversary's guesses, how many are right and the
 * {@link OneRunBound} ε lower bound (Steinke, Nasr, Jagielski 2023, Cor. 5.4 and App. D).
 *
 * <p>Guessing rule, fixed before the scores are seen: with r guesses, the ⌈r/2⌉ highest-scoring canaries
 * are guessed included and the ⌊r/2⌋ lowest-scoring ones excluded (ties broken by canary index), the
 * rest abstained on. With r given, the bound is {@link OneRunBound#epsilonLowerBound} at the
 * confidence. Without it, the rule is played at every r of {@link #guessGrid} (m, m/2, m/4, … down to
 * at least 2; at most {@link #GRID} values) and each bound taken at confidence 1 − (1 − c)/|grid|: by
 * the union bound the largest of them holds at confidence c, and the row reports the r that gave it.
 *
 * <p>Guarantee: a pure function of its arguments. The point estimate is ln(v/(r − v)), the ε of the
 * randomized response whose accuracy is the guesses' (null when every guess is right);
 * {@code maxCertifiableEpsilon} the bound a perfect adversary would give (all r right, at the best r of the grid). The
 * verdict is violated when the bound exceeds the claim, inconclusive when even a perfect adversary
 * could not certify more than the claim, consistent otherwise.
 *
 * @param guesses               r, the canaries guessed
 * @param correct               v, the right guesses
 * @param epsilonLower          the ε lower bound at the audit's confidence
 * @param epsilonPoint          ln(v/(r − v)), or null when v = r
 * @param maxCertifiableEpsilon the bound of r right guesses out of r (the largest over the grid)
 * @param verdict               what the bound says of the claim
 * @param roc                   the ROC of the scores, excluded canaries against included ones
 */
public record OneRunEvidence(int guesses, int correct, double epsilonLower, Double epsilonPoint,
                             double maxCertifiableEpsilon, Verdict verdict, List<RocCurve.RocPoint> roc) {

    /** Largest number of guess counts the default rule tries. */
    public static final int GRID = 6;

    /**
     * The evidence of {@code scores} (canary c's at index c) given which canaries were included:
     * {@code guesses} r, or null for the best of {@link #guessGrid}.
     */
    public static OneRunEvidence of(double[] scores, boolean[] included, Integer guesses, double delta,
                                    double confidence, double claimedEpsilon) {
        int m = scores.length;
        if (included.length != m || m < 2) {
            throw new IllegalArgumentException(m + " scores and " + included.length + " inclusions, need ≥ 2 of each");
        }
        Integer[] order = new Integer[m];
        for (int c = 0; c < m; c++) {
            order[c] = c;
        }
        Arrays.sort(order, Comparator.<Integer>comparingDouble(c -> scores[c]).thenComparingInt(c -> c));
        int[] grid = guesses != null ? new int[] {guesses} : guessGrid(m);
        double level = 1 - (1 - confidence) / grid.length;
        double max = 0;
        for (int r : grid) {
            max = Math.max(max, OneRunBound.epsilonLowerBound(m, r, r, delta, level));
        }
        OneRunEvidence best = null;
        for (int r : grid) {
            int in = (r + 1) / 2;
            int correct = 0;
            for (int k = 0; k < in; k++) {
                correct += included[order[m - 1 - k]] ? 1 : 0;
            }
            for (int k = 0; k < r - in; k++) {
                correct += included[order[k]] ? 0 : 1;
            }
            double lower = OneRunBound.epsilonLowerBound(m, r, correct, delta, level);
            if (best == null || lower > best.epsilonLower) {
                Verdict verdict = lower > claimedEpsilon ? Verdict.VIOLATED
                        : max <= claimedEpsilon ? Verdict.INCONCLUSIVE : Verdict.CONSISTENT;
                best = new OneRunEvidence(r, correct, lower, correct == r ? null : Math.log((double) correct / (r - correct)),
                        max, verdict, List.of());
            }
        }
        List<Double> out = new ArrayList<>();
        List<Double> inScores = new ArrayList<>();
        for (int c = 0; c < m; c++) {
            (included[c] ? inScores : out).add(scores[c]);
        }
        return new OneRunEvidence(best.guesses, best.correct, best.epsilonLower, best.epsilonPoint,
                best.maxCertifiableEpsilon, best.verdict,
                out.isEmpty() || inScores.isEmpty() ? List.of() : RocCurve.empirical(array(out), array(inScores)));
    }

    /** The default rule's guess counts for m canaries: m, ⌊m/2⌋, ⌊m/4⌋, … while ≥ 2, at most {@link #GRID}. */
    public static int[] guessGrid(int canaries) {
        List<Integer> grid = new ArrayList<>();
        for (int r = canaries; r >= 2 && grid.size() < GRID; r /= 2) {
            grid.add(r);
        }
        return grid.stream().mapToInt(Integer::intValue).toArray();
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
