package org.privsim.core.data;

/**
 * A CSV file a {@link DatasetTable} cannot be built from, blamed on one field of the task
 * ({@code path}, {@code userColumn}, {@code labelColumn}, {@code features[i]}, {@code minSamplesPerUser}).
 * The message names the file and, where one is to blame, the row.
 */
public final class DatasetException extends RuntimeException {
    private final String field;

    /** A problem with task field {@code field}. */
    public DatasetException(String field, String reason) {
        super(reason);
        this.field = field;
    }

    /** The task field the problem is reported at, relative to the task (e.g. {@code features[1]}). */
    public String field() {
        return field;
    }
}
