package org.privsim.core.scenario;

/**
 * How a federated algorithm chooses the clip of the users' updates. Guarantee: ids are stable
 * scenario and report vocabulary.
 */
public enum UpdateClipping {
    /** Every round clips to {@code clipUpdate}. */
    FIXED("fixed"),
    /**
     * The clip starts at {@code clipUpdate} and follows a private estimate of the target quantile of
     * the update norms (Andrew, Thakkar, McMahan &amp; Ramaswamy 2021).
     */
    ADAPTIVE("adaptive");

    private final String id;

    UpdateClipping(String id) {
        this.id = id;
    }

    /** Scenario name. */
    public String id() {
        return id;
    }
}
