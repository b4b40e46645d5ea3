package org.privsim.core.family.indexedmean;

/**
 * What one person of an indexed-mean task holds and contributes, restricted to the coordinates
 * someone reads: its index j_i, the coordinate-wise sums of its samples at the population's
 * {@linkplain IndexedMeanPopulation#support() support} S (position k is coordinate S[k]) with every
 * sample coordinate clipped to [−1, 1] ({@code clippedSums}) and unclipped ({@code rawSums}), and
 * its unread share: the sum, over the d − |S| coordinates nobody reads, of the part of its
 * contribution an audit adversary does not know.
 *
 * <p>The adversary of an audit knows every non-target person's data (as DP assumes) and removes it,
 * so a population person's unread share is 0; the canary's is (d − |S|) times its constant
 * per-coordinate contribution (see {@link IndexedMeanMechanism#unreadResidual}).
 *
 * <p>Guarantee: each entry of {@code clippedSums} lies in [−n, n], so replacing one person's data
 * moves any coordinate of the total by at most 2n — the sensitivity every mechanism's noise is
 * calibrated to. Arrays are shared, not copied: treat them as read-only.
 *
 * @param index         j_i
 * @param clippedSums   Σ over samples of clip(x), per support position
 * @param rawSums       Σ over samples of x, per support position (what a mechanism that skips clipping sums)
 * @param clippedUnread the unread share of the clipped contribution
 * @param rawUnread     the unread share of the raw contribution
 */
public record PersonData(int index, double[] clippedSums, double[] rawSums, double clippedUnread, double rawUnread) {

    /** The contribution the curator sums: clipped, unless the mechanism skips clipping. */
    public double[] contribution(boolean clip) {
        return clip ? clippedSums : rawSums;
    }

    /** The unread share of {@link #contribution}. */
    public double unread(boolean clip) {
        return clip ? clippedUnread : rawUnread;
    }
}
