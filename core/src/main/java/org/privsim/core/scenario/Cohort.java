package org.privsim.core.scenario;

/**
 * How a federated round draws its cohort. Guarantee: ids are stable scenario and report vocabulary.
 */
public enum Cohort {
    /** Each user independently with probability q (replace-special neighbours: n is public, the curator divides by q·n). */
    POISSON("poisson"),
    /** Exactly round(q·n) users drawn without replacement (replace-one neighbours, n public). */
    FIXED("fixed");

    private final String id;

    Cohort(String id) {
        this.id = id;
    }

    /** Scenario name. */
    public String id() {
        return id;
    }
}
