package org.privsim.core.sim;

/** What a {@link Driver} wants next: users' answers to a task, or nothing more (finished). */
public sealed interface Step permits Step.Collect, Step.Finished {

    /**
     * Ask every user that {@code task} addresses and hand the in-order sum back to the driver.
     *
     * @param task the request to users
     */
    record Collect(UserTask task) implements Step {}

    /**
     * The run is over.
     *
     * @param outcome its result
     */
    record Finished(RunOutcome outcome) implements Step {}
}
