package org.privsim.core.audit;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.audit.RocCurve.RocPoint;

/**
 * The likelihood-ratio membership attack (LiRA; Carlini, Chien, Nasr, Song, Terzis, Tramèr, S&amp;P
 * 2022) from shadow runs: in each of S runs every user took part or not (independently, with
 * probability 1/2), and the adversary's view of the run gave each user a score. A user's scores when
 * in and when out are each fitted by a Gaussian, so the attack calibrates every user on its own (a
 * user whose score is high in or out is not mistaken for a member); the attack's score of a user in
 * a run is the log-likelihood ratio ln N(x; μ_in, σ_in²) − ln N(x; μ_out, σ_out²).
 *
 * <p>Every run is the target once, its users' Gaussians fitted on the other S − 1 runs (leave one run
 * out), so no score is judged by a fit that saw it. A user needs at least {@value #MIN_FIT} runs in
 * and out among the others to be scored there; a fitted variance is floored at {@code 1e-12} times
 * the pooled one (a score that never varies would otherwise give infinite ratios).
 *
 * <p>Guarantees: the ROC is {@link RocCurve#empirical} of the scored (run, user) pairs, members as
 * positives; {@link Result#truePositiveRateAt} is the largest true-positive rate of a threshold whose
 * false-positive rate is at most the one asked; {@link Result#impliedEpsilon} is the ε of one such
 * operating point — a point estimate, not a confidence bound: the pairs of one run share its
 * randomness, so they are dependent trials. Deterministic;
 * inputs validated with {@link IllegalArgumentException}.
 */
public final class LikelihoodRatioAttack {
    /** Runs in and runs out a user needs among the fitting runs to be scored. */
    public static final int MIN_FIT = 2;

    private LikelihoodRatioAttack() {}

    /**
     * The attack's outcome.
     *
     * @param roc       the empirical ROC of the scored pairs
     * @param members   scored (run, user) pairs where the user took part
     * @param outsiders scored pairs where it did not
     */
    public record Result(List<RocPoint> roc, int members, int outsiders) {

        /** The largest TPR among thresholds whose FPR is at most {@code falsePositiveRate}. */
        public double truePositiveRateAt(double falsePositiveRate) {
            double best = 0;
            for (RocPoint p : roc) {
                if (p.falsePositiveRate() <= falsePositiveRate) {
                    best = Math.max(best, p.truePositiveRate());
                }
            }
            return best;
        }

        /**
         * The ε the attack implies at the operating point of false-positive rate {@code falsePositiveRate}
         * (at least one outsider's worth, 1/{@link #outsiders}): the larger of ln((TPR − δ)/FPR) and
         * ln((1 − FPR − δ)/(1 − TPR)) there, TPR = {@link #truePositiveRateAt}, and 0 when neither beats
         * chance — a point estimate (the maximum over every point of the curve would chase the noise
         * of its first few pairs).
         */
        public double impliedEpsilon(double falsePositiveRate, double delta) {
            if (!(falsePositiveRate * outsiders >= 1 && falsePositiveRate < 1)) {
                throw new IllegalArgumentException("false-positive rate " + falsePositiveRate + " is below one of the "
                        + outsiders + " outsiders, or not below 1");
            }
            double tpr = truePositiveRateAt(falsePositiveRate);
            double best = 0;
            if (tpr - delta > 0) {
                best = Math.max(best, Math.log((tpr - delta) / falsePositiveRate));
            }
            if (tpr < 1 && 1 - falsePositiveRate - delta > 0) {
                best = Math.max(best, Math.log((1 - falsePositiveRate - delta) / (1 - tpr)));
            }
            return best;
        }
    }

    /**
     * The attack on {@code scores[run][user]}, {@code member[run][user]} saying whether the user took
     * part in that run.
     */
    public static Result attack(boolean[][] member, double[][] scores) {
        int runs = member.length;
        if (runs < 2 * MIN_FIT + 1 || scores.length != runs) {
            throw new IllegalArgumentException("need at least " + (2 * MIN_FIT + 1) + " runs, with a score row per"
                    + " membership row; got " + runs + " and " + scores.length);
        }
        int users = member[0].length;
        for (int s = 0; s < runs; s++) {
            if (member[s].length != users || scores[s].length != users) {
                throw new IllegalArgumentException("run " + s + " must have " + users + " users");
            }
            for (double x : scores[s]) {
                if (!Double.isFinite(x)) {
                    throw new IllegalArgumentException("run " + s + " has a score that is not finite: " + x);
                }
            }
        }
        // per user and side (0 out, 1 in): runs, sum, and centred sum of squares (two passes)
        double[][] count = new double[2][users];
        double[][] sum = new double[2][users];
        double[][] squares = new double[2][users];
        for (int s = 0; s < runs; s++) {
            for (int u = 0; u < users; u++) {
                int side = member[s][u] ? 1 : 0;
                count[side][u]++;
                sum[side][u] += scores[s][u];
            }
        }
        for (int s = 0; s < runs; s++) {
            for (int u = 0; u < users; u++) {
                int side = member[s][u] ? 1 : 0;
                double z = scores[s][u] - sum[side][u] / count[side][u];
                squares[side][u] += z * z;
            }
        }
        double[] pooled = new double[2];
        double[] freedom = new double[2];
        for (int side = 0; side < 2; side++) {
            for (int u = 0; u < users; u++) {
                if (count[side][u] > 1) {
                    pooled[side] += squares[side][u];
                    freedom[side] += count[side][u] - 1;
                }
            }
        }
        List<Double> in = new ArrayList<>();
        List<Double> out = new ArrayList<>();
        for (int target = 0; target < runs; target++) {
            for (int u = 0; u < users; u++) {
                int side = member[target][u] ? 1 : 0;
                int other = 1 - side;
                double x = scores[target][u];
                double n = count[side][u];
                if (n - 1 < MIN_FIT || count[other][u] < MIN_FIT) {
                    continue;
                }
                // the target's own score taken out of its side's mean and of the pooled squares
                double meanWith = sum[side][u] / n;
                double meanWithout = (sum[side][u] - x) / (n - 1);
                double squaresWithout = Math.max(0, squares[side][u] - (x - meanWith) * (x - meanWith) * n / (n - 1));
                double[] mean = new double[2];
                double[] variance = new double[2];
                mean[side] = meanWithout;
                variance[side] = (pooled[side] - squares[side][u] + squaresWithout) / (freedom[side] - 1);
                mean[other] = sum[other][u] / count[other][u];
                variance[other] = pooled[other] / freedom[other];
                if (!(variance[0] > 0 && variance[1] > 0)) {
                    throw new IllegalArgumentException("the scores do not vary within users: no Gaussian fits them");
                }
                double ratio = logDensity(x, mean[1], variance[1]) - logDensity(x, mean[0], variance[0]);
                (side == 1 ? in : out).add(ratio);
            }
        }
        if (in.isEmpty() || out.isEmpty()) {
            throw new IllegalArgumentException("no user took part, and stayed out, in at least " + MIN_FIT
                    + " of the other runs: nothing to score");
        }
        double[] outsiders = out.stream().mapToDouble(Double::doubleValue).toArray();
        double[] members = in.stream().mapToDouble(Double::doubleValue).toArray();
        return new Result(RocCurve.empirical(outsiders, members), members.length, outsiders.length);
    }

    /** ln N(x; mean, variance). */
    private static double logDensity(double x, double mean, double variance) {
        double z = x - mean;
        return -0.5 * (Math.log(2 * Math.PI * variance) + z * z / variance);
    }
}
