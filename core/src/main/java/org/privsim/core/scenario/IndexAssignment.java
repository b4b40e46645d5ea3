package org.privsim.core.scenario;

/** How the persons of an indexed-mean task get their coordinate indices j_i. */
public enum IndexAssignment {
    /** j_i = i: every person wants a different coordinate (needs persons ≤ dimension). */
    DISTINCT("distinct"),
    /** j_i uniform on [d], independently per person, from the stream (seed, "indexed-mean-index", i). */
    RANDOM("random");

    private final String id;

    IndexAssignment(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    @com.fasterxml.jackson.annotation.JsonValue
    public String id() {
        return id;
    }
}
