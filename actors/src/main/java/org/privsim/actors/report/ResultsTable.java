package org.privsim.actors.report;

import static org.privsim.core.report.Formats.brief;
import static org.privsim.core.report.Formats.format;
import static org.privsim.core.report.Table.columns;
import static org.privsim.core.report.Table.dash;
import static org.privsim.core.report.Table.withError;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.run.ExperimentResult;
import org.privsim.core.family.indexedmean.IndexedMeanResult;
import org.privsim.core.family.Families;
import org.privsim.core.report.RowDescription;
import org.privsim.core.report.Table;
import org.privsim.core.report.Table.Column;
import org.privsim.core.report.Table.Row;
import org.privsim.core.run.Report;

/**
 * The results of a run as tables: printed on stdout after a run ({@link #render}) and shown as HTML
 * tables in {@code report.html} ({@link #tables}), from the same cells.
 *
 * <p>Guarantee: one table per kind of row the report holds, in this order and only when it holds
 * such rows — low-rank experiments, indexed-mean experiments, multi-task experiments, transfer,
 * ratings, audits — each a header then one row per result in report order; in text, each cell padded
 * to its column's width (left- or right-aligned), cells separated by one space, tables separated by
 * a blank line, a data row without trailing spaces; an audit whose verdict differs from its
 * {@code expect} is marked {@value #UNMET}; a multi-task row shows its KOV-accounted ε
 * ({@code accountedEpsilon}) and its nMSE ± standard error. Numbers use {@link java.util.Locale#ROOT}.
 */
public final class ResultsTable {
    /** The marker ending the line of an audit whose expectation is unmet. */
    static final String UNMET = "<< EXPECT UNMET";

    private ResultsTable() {}

    /** The tables' text (empty for a report without rows). */
    public static String render(Report report) {
        StringBuilder sb = new StringBuilder();
        for (Table t : tables(report)) {
            if (!sb.isEmpty()) {
                sb.append('\n');
            }
            if (t.note() != null) {
                sb.append(t.note()).append('\n');
            }
            sb.append(line(t.columns(), t.columns().stream().map(Column::header).toList())).append('\n');
            for (Row r : t.rows()) {
                String line = line(t.columns(), r.cells());
                sb.append(r.marker() == null ? line.stripTrailing() : line + " " + r.marker()).append('\n');
            }
        }
        return sb.toString();
    }

    private static String line(List<Column> columns, List<String> cells) {
        StringBuilder b = new StringBuilder();
        for (int c = 0; c < columns.size(); c++) {
            Column col = columns.get(c);
            if (c > 0) {
                b.append(' ');
            }
            b.append(format(col.left() ? "%-" + col.width() + "s" : "%" + col.width() + "s", cells.get(c)));
        }
        return b.toString();
    }

    /** The report's tables, in the order of the guarantee. */
    public static List<Table> tables(Report report) {
        List<Table> tables = new ArrayList<>();
        if (!report.lowRankRows().isEmpty()) {
            tables.add(report.dataset() != null ? dataset(report) : lowRank(report));
        }
        if (!report.rows(IndexedMeanResult.class).isEmpty()) {
            tables.add(indexedMean(report));
        }
        for (RowDescription<?> description : Families.ROWS) {
            described(report, description, tables);
        }
        if (!report.audits().isEmpty()) {
            tables.add(audits(report));
        }
        return tables;
    }

    private static Table lowRank(Report report) {
        boolean repeated = report.lowRankRows().stream().anyMatch(r -> r.repeats() > 1);
        List<Column> columns = columns("algorithm", -30, "epsilon", 8, "zCDP rho", 10, "eps(acct.)", 10,
                "pop. MSE", 12, "excess risk ± s.e.", 22, "subspace", 9, "epochs", 7);
        if (repeated) {
            columns.add(new Column("repeats", 7, false));
        }
        List<Row> rows = new ArrayList<>();
        for (ExperimentResult r : report.lowRankRows()) {
            List<String> cells = new ArrayList<>(List.of(name(r), dash(r.epsilon(), "%.3g"),
                    dash(r.zcdpRho(), "%.4g"), dash(r.accountedEpsilon(), "%.4g"), format("%.6f", r.populationMse()),
                    withError("%.6f", r.excessRisk(), r.excessRiskStdErr()), dash(r.subspaceDistance(), "%.4f"),
                    String.valueOf(r.epochs())));
            if (repeated) {
                cells.add(String.valueOf(r.repeats()));
            }
            rows.add(new Row(cells, null));
        }
        return new Table(null, columns, rows);
    }

    /**
     * The low-rank rows of a data set: held-out test MSE (averaged over users, then over test rows) and
     * R²; a data set has no ground truth, so no population MSE, excess risk or subspace distance.
     */
    private static Table dataset(Report report) {
        boolean repeated = report.lowRankRows().stream().anyMatch(r -> r.repeats() > 1);
        String note = format("dataset %s: %d users, %d rows, d = %d (no ground truth: population MSE, excess risk and"
                        + " subspace distance do not apply)", report.dataset().path(), report.dataset().users(),
                report.dataset().rows(), report.dataset().dimension());
        List<Column> columns = columns("algorithm", -30, "epsilon", 8, "zCDP rho", 10, "eps(acct.)", 10,
                "test MSE ± s.e.", 22, "MSE(rows)", 12, "R2 ± s.e.", 18, "epochs", 7, "k", 4);
        if (repeated) {
            columns.add(new Column("repeats", 7, false));
        }
        List<Row> rows = new ArrayList<>();
        for (ExperimentResult r : report.lowRankRows()) {
            List<String> cells = new ArrayList<>(List.of(name(r), dash(r.epsilon(), "%.3g"),
                    dash(r.zcdpRho(), "%.4g"), dash(r.accountedEpsilon(), "%.4g"),
                    withError("%.4f", r.testMse(), r.testMseStdErr()), format("%.4f", r.testMseSamples()),
                    withError("%.4f", r.r2(), r.r2StdErr()), String.valueOf(r.epochs()),
                    r.algorithm().endsWith("altmin") ? String.valueOf(r.rank()) : "-"));
            if (repeated) {
                cells.add(String.valueOf(r.repeats()));
            }
            rows.add(new Row(cells, null));
        }
        return new Table(note, columns, rows);
    }

    /** The algorithm, its U-step when Kronecker, and its accountant when it has one (e.g. {@code dp-fedavg (pld)}). */
    private static String name(ExperimentResult r) {
        String name = r.uStep() == null || r.uStep().equals("full") ? r.algorithm()
                : r.algorithm() + " kron/" + r.featureCovariance();
        return r.accountant() == null ? name : name + " (" + r.accountant() + ")";
    }

    private static Table indexedMean(Report report) {
        List<Column> columns = columns("indexed-mean algorithm", -24, "epsilon", 7, "persons", 8, "noise var", 11,
                "loss ± stderr", 23, "closed form", 11);
        List<Row> rows = new ArrayList<>();
        for (IndexedMeanResult r : report.rows(IndexedMeanResult.class)) {
            rows.add(new Row(r.algorithm(), r.epsilon() == null ? "-" : brief(r.epsilon()), String.valueOf(r.persons()),
                    format("%.4g", r.noiseVariance()), format("%.4g ± %.2g", r.loss(), r.lossStdErr()),
                    format("%.4g", r.lossClosedForm())));
        }
        return new Table(null, columns, rows);
    }

    /** The table of {@code report}'s rows of {@code description}'s type, when it has such rows. */
    private static <R> void described(Report report, RowDescription<R> description, List<Table> tables) {
        List<R> rows = description.select(report.experiments());
        if (!rows.isEmpty()) {
            tables.add(description.table(rows, report.dataset()));
        }
    }

    private static Table audits(Report report) {
        List<Column> columns = columns("audit", 5, "algorithm", -24, "threat model", -13, "|C|", 6, "method", -15,
                "claimed", 9, "eps lower", 9, "eps point", 9, "max cert", 9, "tightness", 9, "verdict", -12,
                "expect", -12);
        List<Row> rows = new ArrayList<>();
        for (AuditResult a : report.audits()) {
            rows.add(new Row(List.of(String.valueOf(a.audit()), a.algorithm(), a.threatModel(),
                    String.valueOf(a.collusionSize()), a.method(), brief(a.claimedEpsilon()),
                    brief(a.empiricalEpsilonLower()),
                    a.empiricalEpsilonPoint() == null ? "∞" : brief(a.empiricalEpsilonPoint()),
                    brief(a.maxCertifiableEpsilon()), a.tightness() == null ? "-" : brief(a.tightness()),
                    a.verdict(), a.expect() == null ? "-" : a.expect()), a.expectMet() ? null : UNMET));
        }
        return new Table(null, columns, rows);
    }
}
