package org.privsim.protocol;

/**
 * Messages the curator of an indexed-mean job handles: a request to run a batch of rounds of the
 * mechanism and the persons' contributions to them.
 *
 * <p>Guarantee: for each {@link Release} the curator asks every person once for the whole batch, and
 * once all t contributions are in it releases every round of the batch exactly once — each round's
 * contributions summed in person-id order whatever order they arrived in, with that round's own
 * noise stream; contributions of other jobs, of batches not open, and duplicates are ignored.
 */
public sealed interface IndexedMeanCuratorCommand extends CborSerializable
        permits IndexedMeanCuratorCommand.Release, IndexedMeanCuratorCommand.Contribution {

    /**
     * Run rounds {@code firstRound .. firstRound + worlds.length − 1}, round {@code firstRound + k}
     * in world {@code worlds[k]}.
     *
     * @param job        job id
     * @param firstRound the batch's first trial or repeat
     * @param worlds     0 or 1 per round (only the audit target's answer depends on it)
     */
    record Release(int job, int firstRound, int[] worlds) implements IndexedMeanCuratorCommand {}

    /**
     * A person's contributions to a batch: {@code sums[k]} holds its sums at the support coordinates
     * (the coordinates persons read, ascending) for round {@code firstRound + k} (clipped unless the
     * mechanism skips clipping), {@code unread[k]} its unread share (the part of its contribution to
     * the unread coordinates an audit adversary does not know: 0 except for an audit's target), and
     * the coordinate it wants.
     *
     * @param job        job id
     * @param firstRound the batch's first trial or repeat
     * @param person     person id
     * @param index      j_i
     * @param sums       |S| support sums per round of the batch (read-only; may share arrays)
     * @param unread     the unread share per round of the batch
     */
    record Contribution(int job, int firstRound, int person, int index, double[][] sums, double[] unread)
            implements IndexedMeanCuratorCommand {}
}
