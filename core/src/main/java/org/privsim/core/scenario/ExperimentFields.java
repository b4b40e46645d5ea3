package org.privsim.core.scenario;

/**
 * A reader of one {@code experiments} entry, after its construction recorded what needs no task:
 * {@link ExperimentReader} for most tasks, {@link RatingsExperimentReader} on a {@code ratings} task.
 *
 * <p>Guarantee: {@link #resolve} may only be called when no problem was recorded anywhere in the
 * scenario, and then returns the experiment with every default resolved.
 */
interface ExperimentFields {

    /** Records the problems that depend on the (valid) task; {@code taskField} names where it came from. */
    void checkAgainst(Task task, String taskField);

    /** The experiment with every default resolved. */
    ExperimentSpec resolve(Task task);
}
