package org.privsim.actors.report;

import java.util.Arrays;
import java.util.List;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.mechanism.Injection;
import org.privsim.core.run.Report;

/**
 * Renders a report's audits as CSV ({@code audits.csv}). Guarantee: RFC 4180, one header row then
 * one line per audit in scenario order, empty cell for null; the columns are the report fields of
 * the same names, except that {@code inject} is split into its three fields (empty when no fault
 * was injected) and the ROC curve is left to {@code report.json} and the ROC plots.
 */
public final class AuditsCsv {
    private static final List<String> HEADER = List.of("audit", "algorithm", "threatModel", "collusion",
            "collusionSize", "target", "claimedEpsilon", "delta", "calibration", "trials", "method", "confidence",
            "injectNoiseMultiplier", "injectSkipClipping", "injectIgnoreComposition", "canaryScale",
            "falsePositives", "falseNegatives", "falsePositiveRateUpper", "falseNegativeRateUpper", "auc", "aucLower",
            "muLower", "empiricalEpsilonLower", "empiricalEpsilonPoint", "maxCertifiableEpsilon", "accountedEpsilon",
            "tightness", "verdict", "expect", "expectMet", "canaries", "guesses", "correctGuesses");

    private AuditsCsv() {}

    /** The CSV text. */
    public static String render(Report report) {
        Csv csv = new Csv(HEADER);
        for (AuditResult a : report.audits()) {
            Injection inject = a.inject();
            csv.row(Arrays.asList(a.audit(), a.algorithm(), a.threatModel(), a.collusion(), a.collusionSize(),
                    a.target(), a.claimedEpsilon(), a.delta(), a.calibration(), a.trials(), a.method(),
                    a.confidence(), inject == null ? null : inject.noiseMultiplier(),
                    inject == null ? null : inject.skipClipping(), inject == null ? null : inject.ignoreComposition(),
                    a.canaryScale(), a.falsePositives(), a.falseNegatives(), a.falsePositiveRateUpper(),
                    a.falseNegativeRateUpper(), a.auc(), a.aucLower(), a.muLower(), a.empiricalEpsilonLower(),
                    a.empiricalEpsilonPoint(), a.maxCertifiableEpsilon(), a.accountedEpsilon(), a.tightness(),
                    a.verdict(), a.expect(), a.expectMet(), a.canaries(), a.guesses(), a.correctGuesses()));
        }
        return csv.text();
    }
}
