package org.privsim.protocol;

import java.util.function.Consumer;

/**
 * One range's running sum handed from user to user in ascending id order (the local runtime's
 * chained fold, used for the initialisation, every U-step round and the evaluation): each asked
 * user adds its contribution straight into the sum and hands the fold to the next asked user;
 * after the last one it goes back to the range's aggregator. The sum is never copied and no user's
 * answer travels as a message of its own.
 *
 * <p>Guarantee: the sum sees the asked users' contributions in ascending id order, each at most
 * once; a call from a user the fold is not waiting for, or after the aggregator closed it (its
 * deadline passed or a new collection began), changes nothing. Local only: it never crosses a
 * node.
 *
 * @param <S> the core sum ({@link org.privsim.core.sim.InitSum}, {@link org.privsim.core.sim.RoundSum}
 *            or {@link org.privsim.core.sim.ErrorSum})
 */
public interface ChainedFold<S> {

    /**
     * Adds user {@code user}'s contribution (null: the user is left out, e.g. it failed) and hands
     * the fold on.
     */
    void fold(int user, Consumer<S> contribution);
}
