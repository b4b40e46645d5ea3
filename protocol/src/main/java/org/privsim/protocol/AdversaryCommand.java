package org.privsim.protocol;

/**
 * Messages the adversary of an indexed-mean audit handles: what its view is made of — the
 * billboard, and the outputs its colluders forward — and the coordinator's notice that a batch of
 * trials was played (so a view with no outputs at all is complete too). Trials travel in batches
 * of consecutive trials, {@code firstTrial .. firstTrial + n − 1}, fixed by the coordinator's
 * {@link TrialsOpened}; every array indexed by trial has one entry per trial of the batch, in order.
 *
 * <p>Guarantee: only members of the collusion set send {@link ForwardedOutput}, each exactly once
 * per batch; the adversary never receives a non-colluder's separate output. Across a network
 * (an adversary on another cluster node) a batch's outputs travel together as one
 * {@link ForwardedOutputs}, which may arrive more than once and always carries the same values.
 */
public sealed interface AdversaryCommand extends CborSerializable
        permits AdversaryCommand.TrialsOpened, AdversaryCommand.ForwardedOutput, AdversaryCommand.ForwardedOutputs,
        BillboardPost {

    /**
     * The coordinator started trials {@code firstTrial .. firstTrial + count − 1}, one batch.
     *
     * @param audit      audit index
     * @param firstTrial the batch's first trial
     * @param count      trials in the batch (≥ 1)
     */
    record TrialsOpened(int audit, int firstTrial, int count) implements AdversaryCommand {}

    /**
     * A colluder's separate outputs of a batch, forwarded: {@code estimates[k]} is what it received
     * in trial {@code firstTrial + k}.
     *
     * @param audit      audit index
     * @param firstTrial the batch's first trial
     * @param colluder   the colluding person's id
     * @param index      the colluder's coordinate j_c
     * @param estimates  p̂_{j_c} as the colluder received it, per trial of the batch
     */
    record ForwardedOutput(int audit, int firstTrial, int colluder, int index, double[] estimates)
            implements AdversaryCommand {}

    /**
     * Every colluder's separate outputs of a batch, forwarded together: the i-th colluder
     * {@code colluders[i]} received {@code estimates[i][k]} at its coordinate {@code indices[i]} in
     * trial {@code firstTrial + k}. The outer arrays have one entry per member of the collusion set.
     *
     * @param audit      audit index
     * @param firstTrial the batch's first trial
     * @param colluders  the colluding persons' ids
     * @param indices    their coordinates j_c
     * @param estimates  p̂_{j_c} as each received it, per trial of the batch
     */
    record ForwardedOutputs(int audit, int firstTrial, int[] colluders, int[] indices, double[][] estimates)
            implements AdversaryCommand {}
}
