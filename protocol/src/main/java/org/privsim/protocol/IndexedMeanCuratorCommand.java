package org.privsim.protocol;

/**
 * Messages the curator of an indexed-mean job handles: a request to run one round of the mechanism
 * and the persons' contributions to it.
 *
 * <p>Guarantee: for each {@link Release} the curator asks every person once, and once all t
 * contributions of that round are in it releases exactly once — contributions summed in person-id
 * order whatever order they arrived in; contributions of other jobs, of rounds not open, and
 * duplicates are ignored.
 */
public sealed interface IndexedMeanCuratorCommand extends CborSerializable
        permits IndexedMeanCuratorCommand.Release, IndexedMeanCuratorCommand.Contribution {

    /**
     * Run round {@code round} in world {@code world}.
     *
     * @param job   job id
     * @param round trial or repeat
     * @param world 0 or 1 (only the audit target's answer depends on it)
     */
    record Release(int job, int round, int world) implements IndexedMeanCuratorCommand {}

    /**
     * A person's contribution: its per-coordinate sums (clipped unless the mechanism skips
     * clipping) and the coordinate it wants.
     *
     * @param job    job id
     * @param round  trial or repeat
     * @param person person id
     * @param index  j_i
     * @param sums   d coordinate sums
     */
    record Contribution(int job, int round, int person, int index, double[] sums)
            implements IndexedMeanCuratorCommand {}
}
