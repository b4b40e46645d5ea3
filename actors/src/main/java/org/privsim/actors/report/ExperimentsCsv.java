package org.privsim.actors.report;

import java.util.List;
import java.util.Locale;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.Report;

/** Renders a report's experiment rows as CSV (RFC 4180, header row, empty cell for null). */
public final class ExperimentsCsv {
    private static final List<String> HEADER = List.of("algorithm", "epsilon", "delta", "calibration", "zcdpRho",
            "accountedEpsilon", "populationMse", "excessRisk", "subspaceDistance", "users", "samplesPerUser",
            "dimension", "rank", "rounds", "epochs", "maxLedgerRho");

    private ExperimentsCsv() {}

    /** The CSV text. */
    public static String render(Report report) {
        StringBuilder sb = new StringBuilder(String.join(",", HEADER)).append('\n');
        for (ExperimentResult r : report.lowRankRows()) {
            List<Object> cells = List.of(r.algorithm(), cell(r.epsilon()), cell(r.delta()), cell(r.calibration()),
                    cell(r.zcdpRho()), cell(r.accountedEpsilon()), r.populationMse(), r.excessRisk(),
                    cell(r.subspaceDistance()), r.users(), r.samplesPerUser(), r.dimension(), r.rank(), r.rounds(),
                    r.epochs(), cell(r.maxLedgerRho()));
            for (int i = 0; i < cells.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(String.format(Locale.ROOT, "%s", cells.get(i)));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static Object cell(Object value) {
        return value == null ? "" : value;
    }
}
