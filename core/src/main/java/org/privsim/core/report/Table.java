package org.privsim.core.report;

import static org.privsim.core.report.Formats.format;

import java.util.ArrayList;
import java.util.List;

/**
 * One results table: a line of context above it (e.g. the data set it ran on; null when none), its
 * columns and its rows of formatted cells — printed on stdout after a run and shown in
 * {@code report.html}.
 *
 * @param note    the line above the table, or null
 * @param columns the columns
 * @param rows    the rows, one cell per column
 */
public record Table(String note, List<Column> columns, List<Row> rows) {

    /**
     * One column: its header, the width its cells are padded to in text, and whether they are
     * left-aligned (text) or right-aligned (numbers).
     */
    public record Column(String header, int width, boolean left) {}

    /**
     * One row: its cells (one per column) and its marker (a note printed after the row, e.g. an unmet
     * expectation; null for none).
     */
    public record Row(List<String> cells, String marker) {
        /** A row without marker. */
        public Row(String... cells) {
            this(List.of(cells), null);
        }
    }

    /** Columns from (header, width) pairs; a negative width is a left-aligned column. */
    public static List<Column> columns(Object... headerWidth) {
        List<Column> columns = new ArrayList<>();
        for (int i = 0; i < headerWidth.length; i += 2) {
            int w = (Integer) headerWidth[i + 1];
            columns.add(new Column((String) headerWidth[i], Math.abs(w), w < 0));
        }
        return columns;
    }

    /** {@code x} formatted by {@code pattern}, or "-" when null. */
    public static String dash(Double x, String pattern) {
        return x == null ? "-" : format(pattern, x);
    }

    /** {@code value} formatted by {@code pattern}, followed by " ± " and its standard error unless that is null. */
    public static String withError(String pattern, double value, Double stdErr) {
        return stdErr == null ? format(pattern, value) : format(pattern + " ± %.2g", value, stdErr);
    }
}
