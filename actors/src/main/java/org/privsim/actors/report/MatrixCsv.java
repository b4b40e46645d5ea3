package org.privsim.actors.report;

import java.util.ArrayList;
import java.util.List;
import org.privsim.core.report.MatrixExport;

/**
 * One row's exported matrices ({@link MatrixExport}, e.g. {@code models-e<experiment>-<k>.csv}) as CSV.
 *
 * <p>Guarantee: RFC 4180; header {@code matrix,<rowAxis>,<columnAxis>1,…,<columnAxis><m>}; then, for each
 * matrix in order, one line per matrix row {@code <name>,<r>,…} with its entries, rows and columns
 * numbered from 1; a NaN entry is an empty cell ({@link Csv}).
 */
final class MatrixCsv {
    private MatrixCsv() {}

    /** The CSV text of {@code export}. */
    static String render(MatrixExport.Matrices export) {
        List<String> header = new ArrayList<>(List.of("matrix", export.rowAxis()));
        for (int c = 1; c <= columns(export); c++) {
            header.add(export.columnAxis() + c);
        }
        Csv csv = new Csv(header);
        for (MatrixExport.Matrix matrix : export.matrices()) {
            double[][] entries = matrix.entries();
            for (int r = 0; r < entries.length; r++) {
                List<Object> cells = new ArrayList<>(List.of(matrix.name(), r + 1));
                for (double v : entries[r]) {
                    cells.add(v);
                }
                csv.row(cells);
            }
        }
        return csv.text();
    }

    /** The number of columns of {@code export}'s matrices (0 when they have no rows). */
    static int columns(MatrixExport.Matrices export) {
        double[][] first = export.matrices().get(0).entries();
        return first.length == 0 ? 0 : first[0].length;
    }
}
