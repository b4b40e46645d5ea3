package org.privsim.core.audit;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.scenario.IndexedMeanTask;

/**
 * One audit's row of a report ({@code audits[]}). Field names are the report schema (README,
 * "Report schema").
 *
 * <p>Guarantee: a pure function of the audit, its index and its trial scores, so every runner that
 * computes the same scores reports the same row.
 *
 * @param audit                  index of the audit in the scenario
 * @param algorithm              the audited mechanism
 * @param threatModel            the guarantee tested
 * @param collusion              how the collusion set was chosen
 * @param collusionSize          |C|
 * @param target                 the target user
 * @param claimedEpsilon         ε the mechanism claims
 * @param delta                  δ the mechanism claims
 * @param calibration            how the mechanism turned (ε, δ) into ρ ({@code null} when nonprivate or
 *                               pure-ε, as MP-MTL)
 * @param trials                 games played (threshold methods: half choose the threshold, half are
 *                               counted; gaussian-dp-auc counts all; one-run: 1)
 * @param method                 {@code clopper-pearson}, {@code gaussian-dp}, {@code gaussian-dp-auc},
 *                               {@code sampled-gaussian-auc} or {@code one-run}
 * @param confidence             confidence of the bounds (simultaneous on both error rates, or on the area)
 * @param inject                 the injected fault, or null
 * @param canaryScale            indexed mean: the canary's magnitude c; null for priv-altmin and MP-MTL
 * @param falsePositives         world-0 evaluation trials the chosen test called world 1; null for
 *                               gaussian-dp-auc (as the next three)
 * @param falseNegatives         world-1 evaluation trials it called world 0
 * @param falsePositiveRateUpper upper confidence bound on the false-positive rate
 * @param falseNegativeRateUpper upper confidence bound on the false-negative rate
 * @param auc                    gaussian-dp-auc: area under the ROC curve of all trials; else null
 * @param aucLower               gaussian-dp-auc: its finite-sample lower confidence bound; else null
 * @param muLower                gaussian-dp and gaussian-dp-auc: lower confidence bound on μ; else null
 * @param empiricalEpsilonLower  ε lower bound holding with probability ≥ confidence
 * @param empiricalEpsilonPoint  the same formula on the raw rates; null when unbounded (no false positive)
 * @param maxCertifiableEpsilon  the lower bound a perfect attack would reach with these trials
 * @param accountedEpsilon       ε the correct mechanism spends at δ by its accountant's tight conversion
 *                               (see {@link #accountedEpsilon(AuditSpec)}); null when nonprivate
 * @param tightness              empiricalEpsilonLower / accountedEpsilon for an audit without injected
 *                               fault (how much of the accounted ε the audit certifies; above 1 the
 *                               accounting is refuted); null with a fault or without accountedEpsilon
 * @param verdict                {@code violated}, {@code consistent} or {@code inconclusive}
 * @param expect                 the verdict the scenario expects, or null
 * @param expectMet              whether {@code verdict} equals {@code expect} (true when nothing is expected)
 * @param roc                    the attack's empirical ROC on the evaluation half (at most 101 points)
 * @param tracing                {@code adversary: tracing}: the membership test's AUC over all trials, its
 *                               interval and the (ε, δ)-DP ceiling; else null
 * @param canaries               one-run: the canaries m of the run (each included with probability ½); else null
 * @param guesses                one-run: the canaries whose inclusion the adversary guessed; else null
 * @param correctGuesses         one-run: how many of those guesses were right; else null
 */
@JsonPropertyOrder({"audit", "algorithm", "threatModel", "collusion", "collusionSize", "target", "claimedEpsilon",
    "delta", "calibration", "trials", "method", "confidence", "inject", "canaryScale", "falsePositives",
    "falseNegatives", "falsePositiveRateUpper", "falseNegativeRateUpper", "auc", "aucLower", "muLower",
    "empiricalEpsilonLower", "empiricalEpsilonPoint", "maxCertifiableEpsilon", "accountedEpsilon", "tightness", "verdict",
    "expect", "expectMet", "roc", "tracing", "canaries", "guesses", "correctGuesses"})
public record AuditResult(
        int audit,
        String algorithm,
        String threatModel,
        String collusion,
        int collusionSize,
        int target,
        double claimedEpsilon,
        double delta,
        String calibration,
        int trials,
        String method,
        double confidence,
        Injection inject,
        Double canaryScale,
        Integer falsePositives,
        Integer falseNegatives,
        Double falsePositiveRateUpper,
        Double falseNegativeRateUpper,
        Double auc,
        Double aucLower,
        Double muLower,
        double empiricalEpsilonLower,
        Double empiricalEpsilonPoint,
        double maxCertifiableEpsilon,
        Double accountedEpsilon,
        Double tightness,
        String verdict,
        String expect,
        boolean expectMet,
        List<RocCurve.RocPoint> roc,
        TracingAuc tracing,
        Integer canaries,
        Integer guesses,
        Integer correctGuesses) {

    /** Points kept of the empirical ROC curve. */
    public static final int ROC_POINTS = 101;

    public AuditResult {
        roc = List.copyOf(roc);
    }

    /**
     * The row of audit {@code index} from its trial scores ({@code scores[r]} of trial r, played in
     * world r % 2) and what the audited mechanism claims ({@code claim}: its population, accounted ε
     * and, for the {@code sampled-gaussian-auc} method, its sampled composition).
     */
    public static AuditResult of(AuditSpec spec, int index, AuditClaim claim, double[] scores) {
        int population = claim.population();
        AuditScores split = AuditScores.split(scores);
        AuditEvidence evidence = AuditStatistics.evaluate(split, spec.epsilon(), spec.delta(), spec.confidence(),
                spec.method(), spec.method() == AuditMethod.SAMPLED_GAUSSIAN_AUC ? sampled(spec, claim) : null);
        String verdict = evidence.verdict().id();
        String expect = spec.expect() == null ? null : spec.expect().id();
        Double accounted = claim.accountedEpsilon();
        Double tightness = accounted == null || accounted == 0 || !spec.inject().isNone() ? null
                : evidence.empiricalEpsilonLower() / accounted;
        return new AuditResult(index, spec.algorithm().id(), spec.threatModel().id(), spec.collusion().describe(),
                spec.collusion().members(population, spec.target()).length, spec.target(), spec.epsilon(),
                spec.delta(),
                spec.algorithm().isPrivate() && spec.calibration() != null ? spec.calibration().id() : null, spec.trials(),
                spec.method().id(), spec.confidence(), spec.inject().isNone() ? null : spec.inject(),
                spec.canaryScale(), evidence.falsePositives(), evidence.falseNegatives(),
                evidence.falsePositiveRateUpper(), evidence.falseNegativeRateUpper(), evidence.auc(),
                evidence.aucLower(), evidence.muLower(), evidence.empiricalEpsilonLower(),
                evidence.empiricalEpsilonPoint(), evidence.maxCertifiableEpsilon(), accounted, tightness, verdict, expect, expect == null || expect.equals(verdict),
                thin(RocCurve.empirical(split.evaluationWorld0(), split.evaluationWorld1())),
                spec.tracing() ? tracingAuc(spec, scores) : null, null, null, null);
    }

    /**
     * The row of one-run audit {@code index} from its canaries' scores ({@code scores[c]} of canary c)
     * and their inclusion ({@link OneRunGame#included} under the audit's game seed {@code gameSeed}):
     * {@code trials} 1, the {@link OneRunEvidence} of the guesses, and no threshold rates or area.
     */
    public static AuditResult oneRun(AuditSpec spec, int index, AuditClaim claim, double[] scores, long gameSeed) {
        boolean[] included = new boolean[scores.length];
        for (int c = 0; c < included.length; c++) {
            included[c] = OneRunGame.included(gameSeed, c);
        }
        OneRunEvidence evidence = OneRunEvidence.of(scores, included, spec.guesses(), spec.delta(), spec.confidence(),
                spec.epsilon());
        String verdict = evidence.verdict().id();
        String expect = spec.expect() == null ? null : spec.expect().id();
        Double accounted = claim.accountedEpsilon();
        Double tightness = accounted == null || accounted == 0 || !spec.inject().isNone() ? null
                : evidence.epsilonLower() / accounted;
        return new AuditResult(index, spec.algorithm().id(), spec.threatModel().id(), spec.collusion().describe(),
                spec.collusion().members(claim.population(), spec.target()).length, spec.target(), spec.epsilon(),
                spec.delta(), spec.algorithm().isPrivate() && spec.calibration() != null ? spec.calibration().id() : null,
                1, spec.method().id(), spec.confidence(), spec.inject().isNone() ? null : spec.inject(), null, null, null,
                null, null, null, null, null, evidence.epsilonLower(), evidence.epsilonPoint(),
                evidence.maxCertifiableEpsilon(), accounted, tightness, verdict, expect,
                expect == null || expect.equals(verdict), thin(evidence.roc()), null, scores.length,
                evidence.guesses(), evidence.correct());
    }

    /** The AUC of a tracing audit over all its trials: members are the world-1 trials, non-members the world-0 ones. */
    private static TracingAuc tracingAuc(AuditSpec spec, double[] scores) {
        double[] members = new double[scores.length / 2];
        double[] nonMembers = new double[(scores.length + 1) / 2];
        for (int r = 0; r < scores.length; r++) {
            if (r % 2 == 1) {
                members[r / 2] = scores[r];
            } else {
                nonMembers[r / 2] = scores[r];
            }
        }
        IndexedMeanTask task = (IndexedMeanTask) spec.task();
        return TracingAuc.of(task.persons(), task.dimension(), members, nonMembers, spec.confidence(),
                spec.algorithm().isPrivate() ? spec.epsilon() : null, spec.delta());
    }

    /** The claim's sampled composition, which the {@code sampled-gaussian-auc} method needs. */
    private static SampledGaussianAuc sampled(AuditSpec spec, AuditClaim claim) {
        if (claim.sampledComposition() == null) {
            throw new IllegalArgumentException(spec.algorithm().id() + " makes no Poisson-subsampled Gaussian releases");
        }
        return claim.sampledComposition();
    }

    private static List<RocCurve.RocPoint> thin(List<RocCurve.RocPoint> curve) {
        if (curve.size() <= ROC_POINTS) {
            return curve;
        }
        List<RocCurve.RocPoint> kept = new ArrayList<>();
        for (int i = 0; i < ROC_POINTS; i++) {
            kept.add(curve.get((int) Math.round((double) i * (curve.size() - 1) / (ROC_POINTS - 1))));
        }
        return kept;
    }
}
