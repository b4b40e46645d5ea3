package org.privsim.core.scenario;

/** How a user's m samples are divided between the steps of private alternating minimization. */
public enum SampleSplit {
    /** Disjoint quarters, as in the paper: v-step, U-step, initialisation, final fit (m mod 4 = 0). */
    PAPER("paper"),
    /** Every step uses all m samples, as practical implementations do. */
    REUSE("reuse");

    private final String id;

    SampleSplit(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }
}
