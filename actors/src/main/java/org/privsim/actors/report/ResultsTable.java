package org.privsim.actors.report;

import static org.privsim.core.report.Formats.brief;
import static org.privsim.core.report.Formats.format;
import static org.privsim.core.report.Table.columns;
import static org.privsim.core.report.Table.dash;
import static org.privsim.core.report.Table.withError;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.audit.AuditResult;
import org.privsim.core.family.Families;
import org.privsim.core.report.RowDescription;
import org.privsim.core.report.Table.Column;
import org.privsim.core.report.Table.Row;
import org.privsim.core.report.Table;
import org.privsim.core.run.Report;

/**
 * The results of a run as tables: printed on stdout after a run ({@link #render}) and shown as HTML
 * tables in {@code report.html} ({@link #tables}), from the same cells.
 *
 * <p>Guarantee: one table per kind of row the report holds, only when it holds such rows — the row
 * descriptions' tables ({@link RowDescription#table}) in report order ({@link Families#ROWS}), then the
 * audits — each a header then one row per result in report order; in text, each cell padded to its
 * column's width (left- or right-aligned), cells separated by one space, tables separated by a blank
 * line, a data row without trailing spaces; an audit whose verdict differs from its {@code expect} is
 * marked {@value #UNMET}. Numbers use {@link java.util.Locale#ROOT}.
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
        for (RowDescription<?> description : Families.ROWS) {
            described(report, description, tables);
        }
        if (!report.audits().isEmpty()) {
            tables.add(audits(report));
        }
        return tables;
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
                "expect", -12, "right/guesses", 13);
        List<Row> rows = new ArrayList<>();
        for (AuditResult a : report.audits()) {
            rows.add(new Row(List.of(String.valueOf(a.audit()), a.algorithm(), a.threatModel(),
                    String.valueOf(a.collusionSize()), a.method(), brief(a.claimedEpsilon()),
                    brief(a.empiricalEpsilonLower()),
                    a.empiricalEpsilonPoint() == null ? "∞" : brief(a.empiricalEpsilonPoint()),
                    brief(a.maxCertifiableEpsilon()), a.tightness() == null ? "-" : brief(a.tightness()),
                    a.verdict(), a.expect() == null ? "-" : a.expect(),
                    a.guesses() == null ? "-" : a.correctGuesses() + "/" + a.guesses()), a.expectMet() ? null : UNMET));
        }
        return new Table(null, columns, rows);
    }
}
