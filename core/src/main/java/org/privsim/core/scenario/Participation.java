package org.privsim.core.scenario;

/** Which users contribute to each alternating-minimization round. */
public enum Participation {
    /** All users in every round; privacy composes over the rounds. */
    EPOCHS("epochs"),
    /** Users permuted once and split into T disjoint batches, one per round (Alg. 1, line 2–4). */
    DISJOINT_BATCHES("disjoint-batches");

    private final String id;

    Participation(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }
}
