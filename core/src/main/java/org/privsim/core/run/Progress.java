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
     * Called once per collection step of a low-rank run, right after the curator released it (the
     * driver took the summed answers): every runner calls it at that same point, so the interval
     * between two consecutive rounds' calls is one round of that runner, collection and release
     * ({@code privsim bench} takes its epochMillis from it). Ignored by default.
     *
     * @param run  the run's index in {@link ScenarioPlan#runs} order
     * @param task the request just released
     */
    default void released(int run, org.privsim.core.sim.UserTask task) {
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
            public void released(int run, org.privsim.core.sim.UserTask task) {
                outer.released(run, task);
            }
        };
    }
}
