package org.privsim.core.report;

import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Matrices some rows carry, exported one file pair per row: {@code <base>.csv} and a heat map
 * {@code <base>.png}.
 *
 * @param basePattern a regular expression every base name matches (to recognise earlier runs' files)
 * @param caption     what to read from a heat map
 * @param exported    the exported rows' matrices by base name, in report order, from (scenario name, rows)
 * @param <R>         the row type
 */
public record MatrixExport<R>(String basePattern, String caption,
        BiFunction<String, List<R>, Map<String, Matrices>> exported) {

    /**
     * One row's matrices, side by side in the heat map, all of the same shape, every entry in [−1, 1]
     * (NaN allowed).
     *
     * @param title        the heat map's title
     * @param subtitle     the line under it
     * @param rowAxis      what a matrix row is (e.g. {@code feature}); rows are numbered from 1
     * @param columnAxis   what a matrix column is (e.g. {@code task}); columns are numbered from 1
     * @param matrices     the matrices, left to right
     */
    public record Matrices(String title, String subtitle, String rowAxis, String columnAxis, List<Matrix> matrices) {}

    /**
     * One matrix.
     *
     * @param name    its name in the CSV's {@code matrix} column
     * @param title   its panel title in the heat map
     * @param entries its entries, rows × columns
     */
    public record Matrix(String name, String title, double[][] entries) {}
}
