package org.privsim.core.data;

import org.privsim.core.scenario.RatingsTask;

/**
 * Where a ratings run's users' ratings come from: a file's table ({@link RatingsTable}) or the
 * synthetic generator ({@link SyntheticRatings}).
 *
 * <p>Guarantee: {@link #user} is a pure function of (source, user id), so a participant can read or
 * regenerate its own ratings on any node and hold nothing between requests.
 */
public sealed interface RatingsSource permits RatingsTable, SyntheticRatings {

    /** n, the number of users (ids 0 … n − 1). */
    int users();

    /** The number of items (indices 0 … items − 1). */
    int items();

    /** All ratings of user {@code id}. */
    UserRatings user(int id);

    /** The source of {@code task}'s repeat with seed {@code repeatSeed} (a file's ratings do not depend on it). */
    static RatingsSource of(RatingsTask task, long repeatSeed) {
        return task.synthetic() ? new SyntheticRatings(task, repeatSeed) : RatingsTables.get(task);
    }
}
