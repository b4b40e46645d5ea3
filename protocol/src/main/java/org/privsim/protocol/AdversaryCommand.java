package org.privsim.protocol;

/**
 * Messages the adversary of an indexed-mean audit handles: what its view is made of — the
 * billboard, and the outputs its colluders forward — and the coordinator's notice that a trial was
 * played (so a view with no outputs at all is complete too).
 *
 * <p>Guarantee: only members of the collusion set send {@link ForwardedOutput}, each exactly once
 * per trial; the adversary never receives a non-colluder's separate output. Across a network
 * (an adversary on another cluster node) a trial's outputs travel together as one
 * {@link ForwardedOutputs}, which may arrive more than once and always carries the same values.
 */
public sealed interface AdversaryCommand extends CborSerializable
        permits AdversaryCommand.TrialOpened, AdversaryCommand.ForwardedOutput, AdversaryCommand.ForwardedOutputs,
        BillboardPost {

    /**
     * The coordinator started trial {@code trial}.
     *
     * @param audit audit index
     * @param trial trial index
     */
    record TrialOpened(int audit, int trial) implements AdversaryCommand {}

    /**
     * A colluder's separate output, forwarded.
     *
     * @param audit    audit index
     * @param trial    trial index
     * @param colluder the colluding person's id
     * @param index    the colluder's coordinate j_c
     * @param estimate p̂_{j_c} as the colluder received it
     */
    record ForwardedOutput(int audit, int trial, int colluder, int index, double estimate)
            implements AdversaryCommand {}

    /**
     * Every colluder's separate output of one trial, forwarded together: the i-th colluder
     * {@code colluders[i]} received {@code estimates[i]} at its coordinate {@code indices[i]}. The
     * arrays have one entry per member of the collusion set.
     *
     * @param audit     audit index
     * @param trial     trial index
     * @param colluders the colluding persons' ids
     * @param indices   their coordinates j_c
     * @param estimates p̂_{j_c} as each received it
     */
    record ForwardedOutputs(int audit, int trial, int[] colluders, int[] indices, double[] estimates)
            implements AdversaryCommand {}
}
