package org.privsim.actors.report;

import java.util.List;
import java.util.Locale;
import org.privsim.core.report.CsvColumn;
import org.privsim.core.report.RowDescription;

/**
 * Builds RFC 4180 CSV text: a header row, then one line per row, cells joined by commas.
 *
 * <p>Guarantee: a null or NaN (undefined) cell is written empty, so no file holds {@code NaN}; numbers and other values use {@link Locale#ROOT}
 * formatting ({@code String.valueOf} for doubles, so no precision is lost); a cell holding a comma,
 * a quote or a line break is quoted with its quotes doubled, so every line has exactly as many
 * fields as the header.
 */
final class Csv {
    private final StringBuilder text = new StringBuilder();
    private final int columns;

    /** A CSV document with the given header row. */
    Csv(List<String> header) {
        columns = header.size();
        line(List.copyOf(header));
    }

    /** The CSV text of {@code rows} (of {@code description}'s row type), one line per row in order. */
    static <R> String of(RowDescription<R> description, List<R> rows) {
        List<CsvColumn<R>> columns = description.csvColumns();
        Csv csv = new Csv(columns.stream().map(CsvColumn::name).toList());
        for (R row : rows) {
            csv.row(columns.stream().map(c -> c.value().apply(row)).toList());
        }
        return csv.text();
    }

    /** Appends one row; it must have as many cells as the header. */
    Csv row(List<?> cells) {
        if (cells.size() != columns) {
            throw new IllegalArgumentException("a row needs " + columns + " cells, got " + cells.size());
        }
        line(cells);
        return this;
    }

    /** The CSV text, each line ending with a newline. */
    String text() {
        return text.toString();
    }

    private void line(List<?> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                text.append(',');
            }
            text.append(escape(cells.get(i)));
        }
        text.append('\n');
    }

    private static String escape(Object value) {
        if (value == null || value instanceof Double d && d.isNaN()) {
            return "";
        }
        String s = String.format(Locale.ROOT, "%s", value);
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }
}
