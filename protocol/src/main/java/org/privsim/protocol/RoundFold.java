package org.privsim.protocol;

import java.util.function.Consumer;
import org.privsim.core.sim.RoundSum;

/**
 * One range's U-step sum handed from user to user in ascending id order (the local runtime's
 * chained fold): each asked user adds its statistics straight into the sum and hands the fold to
 * the next asked user; after the last one it goes back to the range's aggregator. The sum is
 * never copied and no user's statistics are materialised as a message.
 *
 * <p>Guarantee: the sum sees the asked users' contributions in ascending id order, each at most
 * once; a call from a user the fold is not waiting for, or after the aggregator closed it (its
 * deadline passed or a new collection began), changes nothing. Local only: it never crosses a
 * node.
 */
public interface RoundFold {

    /**
     * Adds user {@code user}'s contribution (null: the user is left out, e.g. it failed) and hands
     * the fold on.
     */
    void fold(int user, Consumer<RoundSum> contribution);
}
