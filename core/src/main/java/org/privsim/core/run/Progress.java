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

    /**
     * Called once per step of a seam run, right after the run's curator took the step's answers
     * (for a low-rank run: right after the curator released the collection): every runner calls it at
     * that same point, so the interval between two consecutive rounds' calls is one round of that
     * runner, collection and release ({@code privsim bench} takes its epochMillis from it). Ignored by
     * default.
     *
     * @param cell    the run's cell ({@code BoundCell.index})
     * @param run     the run's index in its cell
     * @param request the request just answered (null for a step that asked nobody its own request)
     */
    default void released(int cell, int run, Object request) {
    }

    /**
     * This progress seen from one run of a scenario: {@code update(done, …)} becomes
     * {@code update(before + done, total, label + " " + message)}; {@link #released} passes through.
     */
    default Progress forRun(long before, long total, String label) {
        Progress outer = this;
        return new Progress() {
            @Override
            public void update(long done, long ignored, String message) {
                outer.update(before + done, total, label + " " + message);
            }

            @Override
            public void released(int cell, int run, Object request) {
                outer.released(cell, run, request);
            }
        };
    }
}
