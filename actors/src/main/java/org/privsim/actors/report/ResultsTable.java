package org.privsim.actors.report;

import java.util.Locale;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.run.Report;

/** The short human-readable results table printed on stdout after a run. */
public final class ResultsTable {
    private ResultsTable() {}

    /** The table text, one line per report row. */
    public static String render(Report report) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-20s %8s %10s %10s %12s %12s %9s %7s%n", "algorithm", "epsilon",
                "zCDP rho", "eps(tight)", "pop. MSE", "excess risk", "subspace", "epochs"));
        for (ExperimentResult r : report.lowRankRows()) {
            sb.append(String.format(Locale.ROOT, "%-20s %8s %10s %10s %12.6f %12.6f %9s %7d%n", r.algorithm(),
                    r.epsilon() == null ? "-" : fmt(r.epsilon(), "%.3g"),
                    r.zcdpRho() == null ? "-" : fmt(r.zcdpRho(), "%.4g"),
                    r.accountedEpsilon() == null ? "-" : fmt(r.accountedEpsilon(), "%.4g"),
                    r.populationMse(), r.excessRisk(),
                    r.subspaceDistance() == null ? "-" : fmt(r.subspaceDistance(), "%.4f"),
                    r.epochs()));
        }
        return sb.toString();
    }

    private static String fmt(double v, String pattern) {
        return String.format(Locale.ROOT, pattern, v);
    }
}
