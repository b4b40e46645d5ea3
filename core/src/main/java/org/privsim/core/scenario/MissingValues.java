package org.privsim.core.scenario;

/** What a {@link DatasetTask} does with a row whose label or a feature is empty or {@code NA}. */
public enum MissingValues {
    /** Reject the file, naming the first such row. */
    ERROR("error"),
    /** Skip such rows (their count is reported). */
    DROP("drop");

    private final String id;

    MissingValues(String id) {
        this.id = id;
    }

    /** The scenario name. */
    public String id() {
        return id;
    }
}
