package org.privsim.core.audit;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.DoubleUnaryOperator;
import org.privsim.core.privacy.Conversions;
import org.privsim.core.privacy.StandardNormal;

/**
 * Turns an audit's scores into a statistically valid empirical lower bound on ε and a verdict on a
 * claimed ε.
 *
 * <p>Guarantee: if the audited mechanism is (ε, δ)-DP (for {@link AuditMethod#CLOPPER_PEARSON}) or
 * μ-GDP with ε = ε(μ, δ) (for {@link AuditMethod#GAUSSIAN_DP} and {@link AuditMethod#GAUSSIAN_DP_AUC}),
 * and the trials are independent, then
 * with probability at least {@code confidence} the reported {@link AuditEvidence#empiricalEpsilonLower}
 * is at most that ε, so {@link Verdict#VIOLATED} wrongly accuses a correct mechanism with probability
 * at most 1 − confidence. The contract of the two threshold methods, step by step:
 * <ol>
 *   <li><b>Tests.</b> A test is a threshold τ and a direction: with {@code worldOneAbove} it guesses
 *       world 1 when score &gt; τ, otherwise when score ≤ τ. A false positive is a world-0 trial
 *       guessed as world 1, a false negative a world-1 trial guessed as world 0.
 *   <li><b>Rate bounds.</b> The false-positive rate (FPR) and false-negative rate (FNR) are bounded
 *       simultaneously at {@code confidence} c by Bonferroni: each gets a one-sided
 *       {@link ClopperPearson#upper} bound at level 1 − (1 − c)/2.
 *   <li><b>clopper-pearson.</b> Any (ε, δ)-DP mechanism has FPR + e^ε·FNR ≥ 1 − δ and
 *       FNR + e^ε·FPR ≥ 1 − δ, so ε ≥ max(ln((1 − δ − FNR_up)/FPR_up), ln((1 − δ − FPR_up)/FNR_up)),
 *       a term counting as 0 when its ratio is ≤ 1 or its numerator ≤ 0 (the bound is never
 *       negative).
 *   <li><b>gaussian-dp.</b> μ-GDP implies FNR ≥ Φ(Φ⁻¹(1 − FPR) − μ), so μ ≥ μ_lower =
 *       max(0, Φ⁻¹(1 − FPR_up) − Φ⁻¹(FNR_up)) (0 when a bound is 1), and ε ≥ ε_lower, the exact ε of
 *       μ_lower-GDP at δ ({@link Conversions#analyticGaussianEpsilon}; 0 when μ_lower = 0).
 *   <li><b>Threshold choice.</b> On the selection half only, every candidate threshold — a value
 *       below all pooled selection scores, every midpoint between consecutive distinct ones, and the
 *       largest — is tried in both directions, and the test with the largest bound from the
 *       selection-half counts wins (ties: the smallest threshold, then {@code worldOneAbove}). The
 *       bound ranked is the method's: ε_lower for clopper-pearson, μ_lower for gaussian-dp — which
 *       ranks tests by ε_lower too (it is increasing in μ_lower) and breaks ties at ε_lower = 0 in
 *       favour of the more distinguishing test. The thresholds are finite; the lowest, min − 1 (the
 *       next double below min where 1 is below min's resolution), stands for −∞ and the largest
 *       score for +∞ on the selection half. (A score of −Double.MAX_VALUE, with no finite double
 *       below it, is therefore rejected.)
 *   <li><b>Evaluation.</b> The chosen test is then applied to the evaluation half, and the reported
 *       bounds come from its counts there only. Since the test was fixed without looking at the
 *       evaluation half, the Clopper–Pearson bounds hold for it as for any fixed test.
 *   <li><b>Point estimate.</b> {@code empiricalEpsilonPoint} is the same formula with the raw
 *       evaluation rates FP/n0 and FN/n1 instead of their upper bounds; null means unbounded by
 *       this estimate (e.g. no false positives while some world-1 trials are caught).
 *   <li><b>Power.</b> {@code maxCertifiableEpsilon} is the ε_lower of a perfect test (no errors) on
 *       the evaluation half's n0 and n1: no outcome of this audit can certify more.
 *   <li><b>Verdict.</b> {@link Verdict#VIOLATED} if ε_lower &gt; claimed ε; otherwise
 *       {@link Verdict#INCONCLUSIVE} if claimed ε ≥ maxCertifiableEpsilon; otherwise
 *       {@link Verdict#CONSISTENT}.
 * </ol>
 * The contract of <b>gaussian-dp-auc</b>, which uses the whole score distribution of every trial:
 * <ol>
 *   <li><b>Area bound.</b> Let A = P(S₁ &gt; S₀) + ½·P(S₁ = S₀) for the scores of the two worlds.
 *       Every randomized threshold test on the score is a post-processing of the mechanism's output,
 *       so for μ-GDP its true-positive rate at false-positive rate α is at most
 *       1 − G_μ(α) = Φ(Φ⁻¹(α) + μ). These tests trace the score's ROC curve (ties joined by straight
 *       segments), whose area is A; hence A ≤ ∫₀¹ Φ(Φ⁻¹(α) + μ) dα = P(Z₁ + μ &gt; Z₀) = Φ(μ/√2) for
 *       independent standard normals Z₀, Z₁. This needs no assumption on the scores' shape — unlike
 *       a standardized mean difference, which can exceed μ (the likelihood-ratio score
 *       e^{μx − μ²/2} of a Gaussian shift has one of √(e^{μ²} − 1) &gt; μ in world-0 units).
 *   <li><b>Orientation.</b> The score direction is fixed in advance — every
 *       {@link DistinguishingGame} scores world 1 higher — so nothing is selected on the data and no
 *       trial is held out: all n₀ world-0 and n₁ world-1 trials enter Â over all n₀·n₁ pairs.
 *   <li><b>Confidence.</b> {@link RocArea#lowerBound} gives A_lower ≤ A with probability ≥
 *       {@code confidence}, in finite samples (Hoeffding's U-statistic argument with the binary
 *       relative-entropy Chernoff bound, k = min(n₀, n₁)); then μ ≥ μ_lower =
 *       max(0, √2·Φ⁻¹(A_lower)) and ε_lower is the exact ε of μ_lower-GDP at δ.
 *   <li><b>Point and power.</b> {@code empiricalEpsilonPoint} is ε of √2·Φ⁻¹(Â) (null when Â = 1);
 *       {@code maxCertifiableEpsilon} is ε_lower at Â = 1 (no world-0 score reaches a world-1 one).
 *       The verdict rule is the threshold methods'.
 *   <li><b>Why not a band.</b> A simultaneous band over all thresholds (DKW on each world's score
 *       distribution) has additive width √(ln(2/(1 − c))/(2n)) on both rates at once, which at small
 *       μ costs about (w₀ + w₁)/φ(0) ≈ 1.6× the μ width of the area bound; it only helps deep in the
 *       tails, where a single Clopper–Pearson threshold (gaussian-dp) is the better tool anyway.
 * </ol>
 * <b>sampled-gaussian-auc</b> is gaussian-dp-auc with the area read against the claimed
 * Poisson-subsampled Gaussian composition instead of μ-GDP: ε_lower is {@link SampledGaussianAuc#epsilon}
 * of A_lower — the PLD ε at δ of the composition at the largest noise multiplier whose optimal ROC
 * area reaches A_lower — valid for every mechanism that composition dominates at its calibrated σ
 * (see {@link SampledGaussianAuc}); the point and power are read the same way, and no μ is reported.
 * Cost: two sorts and linear sweeps, O(N log N) in the number of trials N, plus Clopper–Pearson
 * bounds (a few µs each) for at most every possible error count — in practice for a small fraction
 * of them, since tests that cheap floors show cannot win are skipped. N = 100,000 takes well under a
 * second. gaussian-dp-auc costs two sorts and one merge.
 * Arguments are validated with {@link IllegalArgumentException}: claimed ε ≥ 0 finite, δ in [0, 1)
 * (δ = 0 tests a pure-DP claim; clopper-pearson only) and confidence in (0, 1).
 */
public final class AuditStatistics {
    private AuditStatistics() {}

    /**
     * The audit of {@code claimedEpsilon} at δ from {@code scores}, as specified in the class comment,
     * by any method but {@link AuditMethod#SAMPLED_GAUSSIAN_AUC} (which needs the sampled composition).
     */
    public static AuditEvidence evaluate(AuditScores scores, double claimedEpsilon, double delta,
                                         double confidence, AuditMethod method) {
        return evaluate(scores, claimedEpsilon, delta, confidence, method, null);
    }

    /**
     * The same, with {@code sampled} the claimed Poisson-subsampled Gaussian composition that
     * {@link AuditMethod#SAMPLED_GAUSSIAN_AUC} reads the area against (required by that method,
     * ignored by the others).
     */
    public static AuditEvidence evaluate(AuditScores scores, double claimedEpsilon, double delta,
                                         double confidence, AuditMethod method, SampledGaussianAuc sampled) {
        Objects.requireNonNull(scores, "scores");
        Objects.requireNonNull(method, "method");
        if (!(claimedEpsilon >= 0 && claimedEpsilon < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("claimed epsilon must be non-negative and finite, got " + claimedEpsilon);
        }
        if (!(delta >= 0 && delta < 1)) {
            throw new IllegalArgumentException("delta must be in [0, 1), got " + delta);
        }
        if (delta == 0 && method != AuditMethod.CLOPPER_PEARSON) {
            throw new IllegalArgumentException(
                    method.id() + " needs delta > 0 (μ-GDP is not (ε, 0)-DP for any finite ε)");
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
        if (method == AuditMethod.GAUSSIAN_DP_AUC) {
            return rocArea(scores, claimedEpsilon, delta, confidence,
                    area -> gaussianEpsilon(muFromArea(area), delta), true);
        }
        if (method == AuditMethod.SAMPLED_GAUSSIAN_AUC) {
            Objects.requireNonNull(sampled, "sampled-gaussian-auc needs the sampled composition");
            return rocArea(scores, claimedEpsilon, delta, confidence, area -> sampled.epsilon(area, delta), false);
        }
        double level = 1 - (1 - confidence) / 2;
        Test test = select(scores.selectionWorld0(), scores.selectionWorld1(), delta, level, method);

        double[] world0 = scores.evaluationWorld0();
        double[] world1 = scores.evaluationWorld1();
        int falsePositives = 0;
        for (double score : world0) {
            falsePositives += test.guessesWorldOne(score) ? 1 : 0;
        }
        int falseNegatives = 0;
        for (double score : world1) {
            falseNegatives += test.guessesWorldOne(score) ? 0 : 1;
        }
        double fprUpper = ClopperPearson.upper(falsePositives, world0.length, level);
        double fnrUpper = ClopperPearson.upper(falseNegatives, world1.length, level);
        double fprPoint = (double) falsePositives / world0.length;
        double fnrPoint = (double) falseNegatives / world1.length;
        double perfectFpr = ClopperPearson.upper(0, world0.length, level);
        double perfectFnr = ClopperPearson.upper(0, world1.length, level);

        double lower = epsilonBound(method, fprUpper, fnrUpper, delta);
        double point = epsilonBound(method, fprPoint, fnrPoint, delta);
        double maxCertifiable = epsilonBound(method, perfectFpr, perfectFnr, delta);
        Double muLower = method == AuditMethod.GAUSSIAN_DP ? gaussianMu(fprUpper, fnrUpper) : null;
        return new AuditEvidence(test.threshold, test.worldOneAbove, world0.length, world1.length,
                falsePositives, falseNegatives, fprUpper, fnrUpper, null, null, muLower, lower,
                Double.isInfinite(point) ? null : point, maxCertifiable, verdict(lower, maxCertifiable, claimedEpsilon));
    }

    /**
     * The evidence of the two area methods, as specified in the class comment: {@code epsilonOfArea}
     * reads an area as ε (gaussian-dp-auc through μ, with μ_lower reported when {@code withMu}).
     */
    private static AuditEvidence rocArea(AuditScores scores, double claimedEpsilon, double delta, double confidence,
                                         DoubleUnaryOperator epsilonOfArea, boolean withMu) {
        double[] world0 = concat(scores.selectionWorld0(), scores.evaluationWorld0());
        double[] world1 = concat(scores.selectionWorld1(), scores.evaluationWorld1());
        int pairs = Math.min(world0.length, world1.length);
        double area = RocArea.area(world0, world1);
        double areaLower = RocArea.lowerBound(area, pairs, confidence);
        double lower = epsilonOfArea.applyAsDouble(areaLower);
        double point = epsilonOfArea.applyAsDouble(area);
        double maxCertifiable = epsilonOfArea.applyAsDouble(RocArea.lowerBound(1, pairs, confidence));
        return new AuditEvidence(null, null, world0.length, world1.length, null, null, null, null, area,
                areaLower, withMu ? muFromArea(areaLower) : null, lower, Double.isInfinite(point) ? null : point,
                maxCertifiable, verdict(lower, maxCertifiable, claimedEpsilon));
    }

    /** max(0, √2·Φ⁻¹(area)): the smallest μ whose Gaussian ROC area Φ(μ/√2) reaches {@code area}. */
    private static double muFromArea(double area) {
        double mu = Math.sqrt(2) * StandardNormal.quantile(area);
        return mu > 0 ? mu : 0;
    }

    private static double[] concat(double[] first, double[] second) {
        double[] all = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }

    private static Verdict verdict(double lower, double maxCertifiable, double claimedEpsilon) {
        return lower > claimedEpsilon ? Verdict.VIOLATED
                : claimedEpsilon >= maxCertifiable ? Verdict.INCONCLUSIVE
                : Verdict.CONSISTENT;
    }

    /** A distinguishing test: guesses world 1 when score &gt; threshold (above) or ≤ threshold. */
    private record Test(double threshold, boolean worldOneAbove) {
        boolean guessesWorldOne(double score) {
            return worldOneAbove == score > threshold;
        }
    }

    /**
     * The test with the largest bound on the selection scores: one sweep over the pooled distinct
     * scores in increasing order; at each cut, {@code below0} world-0 and {@code below1} world-1
     * scores lie at or below the threshold.
     */
    private static Test select(double[] world0, double[] world1, double delta, double level, AuditMethod method) {
        Arrays.sort(world0);
        Arrays.sort(world1);
        int n0 = world0.length;
        int n1 = world1.length;
        DoubleUnaryOperator scale = method == AuditMethod.GAUSSIAN_DP ? StandardNormal::quantile
                : DoubleUnaryOperator.identity();
        RateBounds fprBounds = new RateBounds(n0, level, scale);
        RateBounds fnrBounds = new RateBounds(n1, level, scale);
        double threshold = below(Math.min(world0[0], world1[0]));
        Test best = null;
        double bestStrength = Double.NEGATIVE_INFINITY;
        int below0 = 0;
        int below1 = 0;
        while (true) {
            // Above: FP = world-0 scores above, FN = world-1 scores at or below; below: the reverse.
            double above = strength(method, fprBounds, n0 - below0, fnrBounds, below1, delta, bestStrength);
            if (above > bestStrength) {
                bestStrength = above;
                best = new Test(threshold, true);
            }
            double beneath = strength(method, fprBounds, below0, fnrBounds, n1 - below1, delta, bestStrength);
            if (beneath > bestStrength) {
                bestStrength = beneath;
                best = new Test(threshold, false);
            }
            if (below0 == n0 && below1 == n1) {
                return best;
            }
            double value = Math.min(below0 < n0 ? world0[below0] : Double.POSITIVE_INFINITY,
                    below1 < n1 ? world1[below1] : Double.POSITIVE_INFINITY);
            while (below0 < n0 && world0[below0] == value) {
                below0++;
            }
            while (below1 < n1 && world1[below1] == value) {
                below1++;
            }
            double next = Math.min(below0 < n0 ? world0[below0] : Double.POSITIVE_INFINITY,
                    below1 < n1 ? world1[below1] : Double.POSITIVE_INFINITY);
            threshold = next == Double.POSITIVE_INFINITY ? value : between(value, next);
        }
    }

    /** The method's ε bound from two rates (upper bounds or estimates); +∞ where none holds. */
    private static double epsilonBound(AuditMethod method, double fpr, double fnr, double delta) {
        return method == AuditMethod.GAUSSIAN_DP ? gaussianEpsilon(gaussianMu(fpr, fnr), delta)
                : hypothesisTestingEpsilon(fpr, fnr, delta);
    }

    /**
     * The ranking bound of a test with the given selection error counts — ε_lower or μ_lower — or
     * −∞ when it cannot exceed {@code toBeat}. The bound is decreasing in both rate bounds, so it is
     * first evaluated at the cheap floors of {@link RateBounds#scaledFloor}; only tests that could
     * win get their exact Clopper–Pearson bounds.
     */
    private static double strength(AuditMethod method, RateBounds fprBounds, int falsePositives,
                                   RateBounds fnrBounds, int falseNegatives, double delta, double toBeat) {
        if (rank(method, fprBounds.scaledFloor(falsePositives), fnrBounds.scaledFloor(falseNegatives), delta) <= toBeat) {
            return Double.NEGATIVE_INFINITY;
        }
        return rank(method, fprBounds.scaledUpper(falsePositives), fnrBounds.scaledUpper(falseNegatives), delta);
    }

    /**
     * The bound a method ranks tests by, from two scaled rate bounds (see {@link RateBounds}):
     * ε_lower from the rates, or μ_lower from their probits.
     */
    private static double rank(AuditMethod method, double scaledFpr, double scaledFnr, double delta) {
        return method == AuditMethod.GAUSSIAN_DP ? muFromProbits(scaledFpr, scaledFnr)
                : hypothesisTestingEpsilon(scaledFpr, scaledFnr, delta);
    }

    /**
     * max(0, ln((1 − δ − fnr)/fpr), ln((1 − δ − fpr)/fnr)): the smallest ε for which both (ε, δ)-DP
     * hypothesis-testing inequalities admit these rates; +∞ when a rate is 0 and the other &lt; 1 − δ.
     */
    private static double hypothesisTestingEpsilon(double fpr, double fnr, double delta) {
        return Math.max(0, Math.max(logRatio(1 - delta - fnr, fpr), logRatio(1 - delta - fpr, fnr)));
    }

    /** ln(numerator/denominator), or 0 when the numerator is not positive. */
    private static double logRatio(double numerator, double denominator) {
        return numerator > 0 ? Math.log(numerator) - Math.log(denominator) : 0;
    }

    /** The smallest μ whose Gaussian trade-off curve admits these rates (+∞ if none does). */
    private static double gaussianMu(double fpr, double fnr) {
        return muFromProbits(StandardNormal.quantile(fpr), StandardNormal.quantile(fnr));
    }

    /**
     * max(0, Φ⁻¹(1 − fpr) − Φ⁻¹(fnr)) from the probits Φ⁻¹(fpr), Φ⁻¹(fnr), computed as
     * −Φ⁻¹(fpr) − Φ⁻¹(fnr) for accuracy at small fpr. A rate of 1 (probit +∞) gives 0: the difference
     * is −∞, or NaN against a rate of 0, and NaN &gt; 0 fails.
     */
    private static double muFromProbits(double fprProbit, double fnrProbit) {
        double mu = -fprProbit - fnrProbit;
        return mu > 0 ? mu : 0;
    }

    /** The exact ε of μ-GDP at δ, with μ = 0 giving 0 and μ = +∞ giving +∞. */
    private static double gaussianEpsilon(double mu, double delta) {
        if (mu == 0 || mu == Double.POSITIVE_INFINITY) {
            return mu;
        }
        return Conversions.analyticGaussianEpsilon(mu, delta);
    }

    /** A finite threshold strictly below {@code min}: min − 1, or the next double down for huge |min|. */
    private static double below(double min) {
        double low = min - 1 < min ? min - 1 : Math.nextDown(min);
        if (low == Double.NEGATIVE_INFINITY) {
            throw new IllegalArgumentException("no finite threshold lies below the score " + min);
        }
        return low;
    }

    /** A threshold t with a ≤ t &lt; b for a &lt; b: their midpoint, or a where rounding prevents it. */
    private static double between(double a, double b) {
        double mid = a / 2 + b / 2;
        return mid >= a && mid < b ? mid : a;
    }

    /**
     * Clopper–Pearson upper bounds u(k) on a rate from k of n trials and floors under them, passed
     * through the method's increasing scale (the identity, or Φ⁻¹ for gaussian-dp), each computed at
     * most once: the threshold sweep asks for the same counts for many thresholds and both
     * directions. A floor costs one exact bound per {@link #stride} counts.
     */
    private static final class RateBounds {
        private final int trials;
        private final double level;
        private final DoubleUnaryOperator scale;
        /** Spacing of the counts whose bound serves as a floor: about an eighth of a standard error. */
        private final int stride;
        private final double[] upper;
        private final double[] scaledUpper;
        private final double[] scaledFloor;

        RateBounds(int trials, double level, DoubleUnaryOperator scale) {
            this.trials = trials;
            this.level = level;
            this.scale = scale;
            this.stride = Math.max(1, (int) Math.sqrt(trials) / 8);
            this.upper = new double[trials + 1];
            this.scaledUpper = new double[trials + 1];
            this.scaledFloor = new double[trials + 1];
            Arrays.fill(upper, Double.NaN);
            Arrays.fill(scaledUpper, Double.NaN);
            Arrays.fill(scaledFloor, Double.NaN);
        }

        /** scale(u(k)). */
        double scaledUpper(int k) {
            if (Double.isNaN(scaledUpper[k])) {
                scaledUpper[k] = scale.applyAsDouble(upper(k));
            }
            return scaledUpper[k];
        }

        /**
         * scale of a floor under u(k): max(u(k − k mod stride), k/n). u is increasing in k, and
         * u(k) &gt; k/n because the level exceeds ½ (every Bonferroni level 1 − (1 − c)/2 does) while
         * P(Binomial(n, k/n) ≤ k) ≥ ½ (a binomial whose mean is an integer has that mean as its
         * median: Kaas &amp; Buhrman 1980), so the level quantile lies above k/n.
         */
        double scaledFloor(int k) {
            if (Double.isNaN(scaledFloor[k])) {
                scaledFloor[k] = scale.applyAsDouble(Math.max(upper(k - k % stride), (double) k / trials));
            }
            return scaledFloor[k];
        }

        private double upper(int k) {
            if (Double.isNaN(upper[k])) {
                upper[k] = ClopperPearson.upper(k, trials, level);
            }
            return upper[k];
        }
    }
}
