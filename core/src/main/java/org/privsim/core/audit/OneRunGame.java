package org.privsim.core.audit;

import org.privsim.core.random.RandomStreams;

/**
 * An audit in one run (Steinke, Nasr, Jagielski 2023): the mechanism runs once on the population
 * with m canaries, canary c included with probability ½ by {@link #included}, and the adversary
 * scores every canary from what its threat model lets it see.
 *
 * <p>Guarantee: {@link #scores} is a pure function of the game (its seed, task and settings), so
 * every runner that plays it reports the same row; canary c's inclusion is drawn from the stream
 * (game seed, "one-run-inclusion", c) alone, independent of everything the mechanism draws. A higher
 * score means the adversary believes the canary was included more strongly.
 */
public interface OneRunGame {

    /** The adversary's score of each canary, canary c at index c. */
    double[] scores();

    /** Whether canary {@code canary} of the game with seed {@code gameSeed} is included: a fair coin. */
    static boolean included(long gameSeed, int canary) {
        return RandomStreams.stream(gameSeed, "one-run-inclusion", canary).nextBoolean();
    }
}
