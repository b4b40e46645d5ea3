package org.privsim.core.privacy;

import java.util.Objects;

/**
 * Norm clipping, the step that bounds each contribution and hence a release's sensitivity.
 *
 * <p>Guarantee: after clipping with bound c, a scalar has |value| ≤ c and a vector has L2 norm
 * ≤ c (up to one rounding of the scale factor); values already within the bound are returned
 * unchanged (scale exactly 1). A bound of +∞ means no clipping. Bounds must be positive; values
 * and norms must be finite (norms non-negative).
 */
public final class Clipping {
    private Clipping() {}

    /** min(1, bound/norm), and 1 when norm is 0. */
    public static double clipScale(double norm, double bound) {
        Args.nonNegative("norm", norm);
        Args.positiveOrInfinite("bound", bound);
        return norm <= bound ? 1 : bound / norm;
    }

    /** value · min(1, bound/|value|). */
    public static double clip(double value, double bound) {
        Args.finite("value", value);
        return value * clipScale(Math.abs(value), bound);
    }

    /**
     * Scales v in place so that its L2 norm is at most bound; returns the scale used (1 when v was
     * within the bound, in which case v is untouched). The norm is summed in index order.
     */
    public static double clipInPlace(double[] v, double bound) {
        Objects.requireNonNull(v, "v");
        double sumOfSquares = 0;
        for (double x : v) {
            sumOfSquares += x * x;
        }
        double scale = clipScale(Args.finite("norm of v", Math.sqrt(sumOfSquares)), bound);
        if (scale < 1) {
            for (int i = 0; i < v.length; i++) {
                v[i] *= scale;
            }
        }
        return scale;
    }
}
