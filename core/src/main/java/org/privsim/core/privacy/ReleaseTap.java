package org.privsim.core.privacy;

/**
 * Sees every noisy release a mechanism makes, as it is made: the record its {@link Ledger} charged and
 * the values released. The white-box audits read a run's releases through it.
 *
 * <p>Guarantee (for the mechanisms that take a tap): {@link #released} is called once per release,
 * in release order, right after the noise is added and before any post-processing (scaling, shifts,
 * solving), with the coordinates the noise was added to — a vector as it is, a symmetric matrix as
 * its upper triangle row by row, diagonal included ({@link org.privsim.core.linalg.PackedSymmetric}
 * order), which carry the independent noise. The values array is the tap's to keep. A mechanism
 * without a tap computes exactly the same releases.
 */
@FunctionalInterface
public interface ReleaseTap {

    /**
     * @param record   the release as the ledger recorded it (count 1)
     * @param released the released coordinates, noise included
     */
    void released(Release record, double[] released);
}
