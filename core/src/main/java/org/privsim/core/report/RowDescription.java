package org.privsim.core.report;

import java.util.List;
import org.privsim.core.scenario.DatasetTask;

/**
 * How the rows of one row type of a report's {@code experiments} appear in the report's files: the CSV
 * file and its columns, the results table printed after a run (and shown in {@code report.html}), the
 * row's line of the page's privacy table, and the plots; a family supplies it from its own folder
 * ({@code FamilyModule#rows}), and the report's writers loop over the descriptions without naming a
 * family.
 *
 * <p>Guarantees an implementation gives: every method is a pure function of its arguments; the methods
 * taking a list of rows are called only with a non-empty list of rows of {@link #rowType}, in report
 * order; {@link #csvFile}, the plots' and exports' file names are constants, distinct from every other
 * description's and from the report's own files.
 *
 * @param <R> the row type
 */
public interface RowDescription<R> {

    /** The row type described: a report's rows of this type are this description's rows. */
    Class<R> rowType();

    /** The rows of {@code rows} that are of {@link #rowType}, in order. */
    default List<R> select(List<?> rows) {
        return rows.stream().filter(rowType()::isInstance).map(rowType()::cast).toList();
    }

    /** The name of the rows' CSV file (e.g. {@code ratings.csv}). */
    String csvFile();

    /** The columns of the CSV file, in order. */
    List<CsvColumn<R>> csvColumns();

    /**
     * The results table of {@code rows}; {@code dataset} is the data set the report's low-rank rows ran
     * on, or null.
     */
    Table table(List<R> rows, DatasetTask dataset);

    /** The family's cells of {@code row}'s line in the privacy table of {@code report.html}. */
    PrivacyLine privacy(R row);

    /**
     * The zCDP calibration {@code privacy-events.json} states for {@code row} when its releases are
     * charged in ρ (null: the row states none).
     */
    String eventCalibration(R row);

    /** The plots of the rows, in file order. */
    List<Plot<R>> plots();

    /** The per-row matrix exports of the rows (none for most row types). */
    default List<MatrixExport<R>> exports() {
        return List.of();
    }
}
