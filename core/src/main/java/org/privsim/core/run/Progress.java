package org.privsim.core.run;

/**
 * Receives progress of a scenario run. Implementations must be cheap and must not influence
 * results; the CLI renders it as a progress bar on stderr.
 */
public interface Progress {

    /** Ignores everything. */
    Progress NONE = (done, total, message) -> { };

    /**
     * Called after each collection step.
     *
     * @param done    steps finished so far
     * @param total   steps expected in the whole scenario (an upper bound while runs may stop early)
     * @param message what is running, e.g. {@code priv-altmin ε=2 round 3/5}
     */
    void update(long done, long total, String message);
}
