package org.privsim.protocol;

/**
 * Messages the adversary of an indexed-mean audit handles: what its view is made of — the
 * billboard, and the outputs its colluders forward — and the coordinator's notice that a trial was
 * played (so a view with no outputs at all is complete too).
 *
 * <p>Guarantee: only members of the collusion set send {@link ForwardedOutput}, each exactly once
 * per trial; the adversary never receives a non-colluder's separate output.
 */
public sealed interface AdversaryCommand extends CborSerializable
        permits AdversaryCommand.TrialOpened, AdversaryCommand.ForwardedOutput, BillboardPost {

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
}
