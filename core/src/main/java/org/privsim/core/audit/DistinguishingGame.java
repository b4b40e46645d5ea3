package org.privsim.core.audit;

/**
 * One audit's distinguishing game: a mechanism run on one of two neighbouring worlds (they differ
 * only in the target's data), observed through a threat model's view, and the adversary's score.
 *
 * <p>Guarantee: {@link #score} is a pure function of (game, trial, world): every random draw of the
 * trial — mechanism noise and anything else — comes from streams derived from the game's seed and
 * the trial index, so trials can run in any order, on any thread or node, and give the same scores.
 * A higher score means the adversary believes world 1 more strongly.
 */
public interface DistinguishingGame {

    /** The adversary's score for trial {@code trial} (≥ 0) played in world {@code world} (0 or 1). */
    double score(int trial, int world);

    /** Throws {@link IllegalArgumentException} unless trial ≥ 0 and world is 0 or 1 (for implementations). */
    static void checkTrial(int trial, int world) {
        if (trial < 0) {
            throw new IllegalArgumentException("trial must be ≥ 0, got " + trial);
        }
        if (world != 0 && world != 1) {
            throw new IllegalArgumentException("world must be 0 or 1, got " + world);
        }
    }
}
