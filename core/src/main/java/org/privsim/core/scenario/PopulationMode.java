package org.privsim.core.scenario;

/**
 * How a run holds its users' data sets ({@code task.population}).
 *
 * <p>Guarantee: both modes give the same report bit for bit — a user's data set is a pure function
 * of (task, population seed, id) — and differ only in memory and time: a stored population keeps
 * every data set it built for the runs that share it, a regenerated one rebuilds a user's data set
 * whenever a step asks that user and keeps none.
 */
public enum PopulationMode {
    /** Every user's data set is built on its first use and kept while runs on its population remain. */
    STORED("stored"),
    /** A user's data set is rebuilt from (seed, id) for each step that asks the user; nothing per user is kept. */
    REGENERATED("regenerated");

    private final String id;

    PopulationMode(String id) {
        this.id = id;
    }

    /** The scenario name. */
    public String id() {
        return id;
    }
}
