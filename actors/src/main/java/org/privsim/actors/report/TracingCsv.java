package org.privsim.actors.report;

import java.util.Arrays;
import java.util.List;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.audit.TracingAuc;
import org.privsim.core.run.Report;

/**
 * Renders a report's tracing audits as CSV ({@code tracing.csv}). Guarantee: RFC 4180, one header
 * row then one line per audit with {@code adversary: tracing}, in scenario order; empty cell for
 * null (ε of a nonprivate mechanism). The columns are the audit's identity and the report fields of
 * its {@code tracing} object.
 */
public final class TracingCsv {
    private static final List<String> HEADER = List.of("audit", "algorithm", "claimedEpsilon", "delta", "trials",
            "persons", "dimension", "auc", "aucLower", "aucUpper", "aucCeiling", "empiricalEpsilonLower", "verdict");

    private TracingCsv() {}

    /** The CSV text. */
    public static String render(Report report) {
        Csv csv = new Csv(HEADER);
        for (AuditResult a : report.audits()) {
            TracingAuc t = a.tracing();
            if (t == null) {
                continue;
            }
            boolean isPrivate = a.calibration() != null;
            csv.row(Arrays.asList(a.audit(), a.algorithm(), isPrivate ? a.claimedEpsilon() : null,
                    isPrivate ? a.delta() : null, a.trials(), t.persons(), t.dimension(), t.auc(), t.aucLower(),
                    t.aucUpper(), t.aucCeiling(), a.empiricalEpsilonLower(), a.verdict()));
        }
        return csv.text();
    }
}
