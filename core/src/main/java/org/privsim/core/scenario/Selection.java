package org.privsim.core.scenario;

/**
 * How an algorithm that tries several candidate hyperparameters (priv-altmin's {@code epochs}) reports
 * one of them.
 *
 * <p>Guarantee: {@code oracle} is the choice by the lowest population MSE against the true models (test
 * MSE on a data set), a simulation convenience outside the privacy accounting; {@code private} is the
 * private selection of Papernot &amp; Steinke ({@link org.privsim.core.privacy.PrivateSelection}), accounted.
 */
public enum Selection {
    /** Every candidate run at the full budget; the lowest population MSE reported, unaccounted. */
    ORACLE("oracle"),
    /** A random number of candidates, each at the budget that makes the whole selection meet ε, chosen by a private score. */
    PRIVATE("private");

    private final String id;

    Selection(String id) {
        this.id = id;
    }

    /** Scenario/report name. */
    public String id() {
        return id;
    }
}
