package org.privsim.core.scenario;

import org.privsim.core.privacy.PrivateSelection;

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

    /**
     * The private selection an experiment of {@code form} asks for with the values {@code given}
     * (selectionMean and selectionShape at their defaults when absent), or null for the oracle choice or
     * a form that does not read {@code selection}.
     */
    public static PrivateSelection resolve(ExperimentForm form, GivenFields given) {
        if (!form.reads("selection") || given.or("selection", Selection.class, Defaults.SELECTION) != PRIVATE) {
            return null;
        }
        return new PrivateSelection(given.or("selectionMean", Double.class, Defaults.SELECTION_MEAN),
                given.or("selectionShape", Double.class, Defaults.SELECTION_SHAPE));
    }
}
