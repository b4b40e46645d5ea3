package org.privsim.core.family.transfer;

import org.privsim.core.privacy.Clipping;

/**
 * One user of the private task: it holds one row (x, y), sees it through the run's representation
 * (x' = Bᵀx with B the public estimate, the true basis, or the identity) and answers the curator
 * with clipped per-example quantities only — never the row.
 *
 * <p>Guarantees: {@link #gradient} has ℓ2 norm at most the clip C; {@link #statistics} is the
 * packed (x'x'ᵀ, x'y) of the clipped row (‖x'‖ ≤ τ, |y| ≤ ζ), so its two parts have ℓ2
 * sensitivities τ² and τζ. Pure: the same row, representation and request give the same bits.
 */
public final class SampleHolder {
    private final double[] features;
    private final double label;

    /**
     * User {@code row} of {@code population}.
     *
     * @param basis the representation, row-major d×p (p = k), or null for none (p = d)
     */
    public SampleHolder(TransferPopulation population, int row, double[] basis, int p) {
        double[] xy = population.privateRow(row);
        int d = population.task().dimension();
        this.label = xy[d];
        if (basis == null) {
            this.features = java.util.Arrays.copyOf(xy, d);
        } else {
            this.features = new double[p];
            for (int c = 0; c < p; c++) {
                double s = 0;
                for (int q = 0; q < d; q++) {
                    s += basis[q * p + c] * xy[q];
                }
                features[c] = s;
            }
        }
    }

    /**
     * A user holding the given (already represented) row: an audit's canary or null row.
     *
     * @param features x' (p values; copied)
     * @param label    y
     */
    public SampleHolder(double[] features, double label) {
        this.features = features.clone();
        this.label = label;
    }

    /** The gradient of ½(x'ᵀw − y)² at w, scaled to ℓ2 norm at most {@code clip} (∞: unclipped). */
    public double[] gradient(double[] model, double clip) {
        double residual = -label;
        for (int c = 0; c < features.length; c++) {
            residual += features[c] * model[c];
        }
        double scale = Clipping.clipScale(Math.abs(residual) * norm(features), clip);
        double[] g = new double[features.length];
        for (int c = 0; c < features.length; c++) {
            g[c] = scale * residual * features[c];
        }
        return g;
    }

    /**
     * (x̄ x̄ᵀ packed upper triangle row by row, then x̄ ȳ) of the clipped row: x̄ = x' · min(1, τ/‖x'‖),
     * ȳ = clamp(y, −ζ, ζ); p(p+1)/2 + p values.
     */
    public double[] statistics(double clipFeature, double clipLabel) {
        int p = features.length;
        double[] x = features.clone();
        Clipping.clipInPlace(x, clipFeature);
        double y = Math.max(-clipLabel, Math.min(clipLabel, label));
        double[] out = new double[p * (p + 1) / 2 + p];
        int at = 0;
        for (int a = 0; a < p; a++) {
            for (int b = a; b < p; b++) {
                out[at++] = x[a] * x[b];
            }
        }
        for (int a = 0; a < p; a++) {
            out[at++] = x[a] * y;
        }
        return out;
    }

    private static double norm(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x * x;
        }
        return Math.sqrt(s);
    }
}
