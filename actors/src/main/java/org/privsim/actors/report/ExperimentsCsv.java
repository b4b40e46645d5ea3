package org.privsim.actors.report;

import java.util.Arrays;
import java.util.List;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.Report;

/**
 * Renders a report's low-rank rows as CSV ({@code experiments.csv}). Guarantee: RFC 4180, one
 * header row then one line per low-rank row in report order, empty cell for null.
 */
public final class ExperimentsCsv {
    private static final List<String> HEADER = List.of("algorithm", "uStep", "featureCovariance", "epsilon", "delta",
            "calibration", "zcdpRho", "accountedEpsilon", "accountant", "rdpEpsilon", "noiseMultiplier", "repeats", "populationMse", "populationMseStdErr",
            "excessRisk", "excessRiskStdErr", "subspaceDistance", "testMse", "testMseStdErr", "testMseSamples",
            "testMseSamplesStdErr", "r2", "r2StdErr", "users", "samplesPerUser", "dimension", "rank",
            "rounds", "epochs", "maxLedgerRho");

    private ExperimentsCsv() {}

    /** The CSV text. */
    public static String render(Report report) {
        Csv csv = new Csv(HEADER);
        for (ExperimentResult r : report.lowRankRows()) {
            csv.row(Arrays.asList(r.algorithm(), r.uStep(), r.featureCovariance(), r.epsilon(), r.delta(),
                    r.calibration(), r.zcdpRho(), r.accountedEpsilon(), r.accountant(), r.rdpEpsilon(), r.noiseMultiplier(), r.repeats(), r.populationMse(),
                    r.populationMseStdErr(), r.excessRisk(), r.excessRiskStdErr(), r.subspaceDistance(), r.testMse(),
                    r.testMseStdErr(), r.testMseSamples(), r.testMseSamplesStdErr(), r.r2(), r.r2StdErr(), r.users(),
                    r.samplesPerUser(), r.dimension(), r.rank(), r.rounds(), r.epochs(), r.maxLedgerRho()));
        }
        return csv.text();
    }
}
