package org.privsim.actors.local;

import java.time.Duration;

/**
 * A fault injected into one user actor, for tests of the runtime's fault handling only (never
 * part of a scenario). It applies to the U-step request of one round number, in every run.
 *
 * @param round the round whose request triggers the fault
 * @param delay for a slow user: how long the answer is held back (null for a crash)
 * @param crash whether the user throws instead of answering (and restarts: it drops its data set)
 */
public record UserFault(int round, Duration delay, boolean crash) {

    /** The user answers round {@code round} only after {@code delay}. */
    public static UserFault slowOnRound(int round, Duration delay) {
        return new UserFault(round, delay, false);
    }

    /** The user crashes when asked for round {@code round}. */
    public static UserFault crashOnRound(int round) {
        return new UserFault(round, null, true);
    }

    boolean appliesTo(int taskRound) {
        return taskRound == round;
    }
}
