package org.privsim.core.scenario;

/**
 * Where a cluster places each run of a scenario (the scenario's {@code runPlacement}): a run whole on
 * one users node with all its participants, or its participants spread over the users nodes by id
 * ranges. The local and sequential runners run every run whole and ignore it.
 *
 * <p>Guarantee: placement never changes a number of the report, only where participants are
 * computed and what a node holds.
 */
public enum RunPlacement {
    /** Spread the runs that can be spread when the scenario does not fit one node's heap; else whole. */
    AUTO("auto"),
    /** Every run whole on one users node (many runs in parallel over the nodes). */
    WHOLE("whole"),
    /** Every run that can be spread (its participants are users with a known id range) spread over the users nodes. */
    SPREAD("spread");

    private final String id;

    RunPlacement(String id) {
        this.id = id;
    }

    /** The value as a scenario writes it. */
    public String id() {
        return id;
    }
}
