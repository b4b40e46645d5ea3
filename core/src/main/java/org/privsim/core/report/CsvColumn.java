package org.privsim.core.report;

import java.util.function.Function;

/**
 * One column of a row type's CSV file: its header and the cell of a row (null: an empty cell).
 *
 * @param name  the header, the report field of the same name
 * @param value the cell of a row
 * @param <R>   the row type
 */
public record CsvColumn<R>(String name, Function<R, Object> value) {}
