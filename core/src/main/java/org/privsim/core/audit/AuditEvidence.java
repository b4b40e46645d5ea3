package org.privsim.core.audit;

/**
 * What one audit measured and concluded: for the threshold methods the distinguishing test chosen
 * on the selection half and its errors on the evaluation half, for {@link AuditMethod#GAUSSIAN_DP_AUC}
 * the area under the ROC curve of all trials; and the ε bounds derived from them (see
 * {@link AuditStatistics} for the exact contract).
 *
 * <p>Guarantee: every number present is finite (the threshold included, so the record serializes to
 * plain JSON numbers); the nullable fields are null exactly when documented below.
 *
 * @param threshold              the test's threshold, chosen on the selection half; null for
 *                               {@code gaussian-dp-auc}, as are worldOneAbove, the error counts and
 *                               their rate bounds
 * @param worldOneAbove          true: the test guesses world 1 when score &gt; threshold; false: when
 *                               score ≤ threshold
 * @param evaluationWorld0       n0, the number of world-0 trials counted: the evaluation half's, or
 *                               every world-0 trial for {@code gaussian-dp-auc}
 * @param evaluationWorld1       n1, the same for world 1
 * @param falsePositives         evaluation world-0 trials the test guessed as world 1
 * @param falseNegatives         evaluation world-1 trials the test guessed as world 0
 * @param falsePositiveRateUpper one-sided Clopper–Pearson upper bound on the false-positive rate, at
 *                               the Bonferroni-split level 1 − (1 − confidence)/2
 * @param falseNegativeRateUpper the same for the false-negative rate
 * @param auc                    {@code gaussian-dp-auc}: the area under the ROC curve Â (all pairs of
 *                               all trials); null for the threshold methods
 * @param aucLower               {@code gaussian-dp-auc}: its lower confidence bound; else null
 * @param muLower                for the two Gaussian-DP methods, the lower bound on μ; null for
 *                               clopper-pearson
 * @param empiricalEpsilonLower  the lower bound on ε, valid at the audit's confidence (≥ 0)
 * @param empiricalEpsilonPoint  the same formula on the raw evaluation rates, no confidence; null
 *                               means unbounded by this estimate (e.g. no false positives at all)
 * @param maxCertifiableEpsilon  the lower bound a perfect test (no errors) on n0 and n1 evaluation
 *                               trials would give: no audit of this size can certify more
 * @param verdict                the conclusion about the claimed ε
 */
public record AuditEvidence(Double threshold, Boolean worldOneAbove,
                            int evaluationWorld0, int evaluationWorld1,
                            Integer falsePositives, Integer falseNegatives,
                            Double falsePositiveRateUpper, Double falseNegativeRateUpper,
                            Double auc, Double aucLower, Double muLower, double empiricalEpsilonLower, Double empiricalEpsilonPoint,
                            double maxCertifiableEpsilon, Verdict verdict) {
}
