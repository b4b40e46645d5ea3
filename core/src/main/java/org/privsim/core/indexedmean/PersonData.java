package org.privsim.core.indexedmean;

/**
 * What one person of an indexed-mean task holds and contributes: its index j_i and the
 * coordinate-wise sums of its samples, with every sample coordinate clipped to [−1, 1]
 * ({@code clippedSums}) and unclipped ({@code rawSums}).
 *
 * <p>Guarantee: each coordinate of {@code clippedSums} lies in [−n, n], so replacing one person's
 * data moves any coordinate of the total by at most 2n — the sensitivity every mechanism's noise
 * is calibrated to. Arrays are shared, not copied: treat them as read-only.
 *
 * @param index       j_i
 * @param clippedSums Σ over samples of clip(x), per coordinate
 * @param rawSums     Σ over samples of x, per coordinate (what a mechanism that skips clipping sums)
 */
public record PersonData(int index, double[] clippedSums, double[] rawSums) {

    /** The contribution the curator sums: clipped, unless the mechanism skips clipping. */
    public double[] contribution(boolean clip) {
        return clip ? clippedSums : rawSums;
    }
}
