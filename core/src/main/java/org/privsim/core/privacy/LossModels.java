package org.privsim.core.privacy;

/**
 * The privacy losses of the mechanisms {@link PldAccountant} discretizes, as
 * {@link PldDiscretization.LossModel}s: the Gaussian pair, the Laplace pair and the two
 * directions of the Poisson-subsampled Gaussian.
 *
 * <p>Guarantee: each model's {@code evaluate} fills the P- and Q-probabilities of L ≤ l and
 * l &lt; L &lt; ∞ with the smaller of each complementary pair computed directly (Φ of the smaller
 * tail), so small masses keep their relative accuracy; pure functions of their parameters.
 */
final class LossModels {
    private LossModels() {}

    /** out[i] = Φ(z), out[i + 1] = Φ(−z): the smaller computed directly, the larger as one minus it. */
    private static void normal(double z, double[] out, int i) {
        double small = StandardNormal.cdf(-Math.abs(z));
        out[i] = z < 0 ? small : 1 - small;
        out[i + 1] = z < 0 ? 1 - small : small;
    }

    /** The Gaussian pair N(0, σ²), N(Δ, σ²) with s = Δ/σ: L ∼ N(s²/2, s²) under P, N(−s²/2, s²) under Q. */
    record Gaussian(double s) implements PldDiscretization.LossModel {
        @Override
        public void evaluate(double l, double[] out) {
            normal((l - s * s / 2) / s, out, 0);
            normal((l + s * s / 2) / s, out, 2);
        }

        @Override
        public double lowest() {
            return Double.NEGATIVE_INFINITY;
        }

        @Override
        public double highest() {
            return Double.POSITIVE_INFINITY;
        }

        @Override
        public double infinityMass() {
            return 0;
        }
    }

    /**
     * The Laplace pair Lap(0, b), Lap(Δ, b) with r = Δ/b: L(x) = (|x − Δ| − |x|)/b, r for x ≤ 0,
     * −r for x ≥ Δ, (Δ − 2x)/b between; L ≤ l for l in [−r, r) iff x ≥ x_l = (Δ − l b)/2. In units
     * of b (b = 1, Δ = r): P(x ≥ x_l) = e^{−x_l}/2, Q(x ≥ x_l) = 1 − e^{−(r − x_l)}/2.
     */
    record Laplace(double r) implements PldDiscretization.LossModel {
        @Override
        public void evaluate(double l, double[] out) {
            if (l < -r) {
                out[0] = 0;
                out[1] = 1;
                out[2] = 0;
                out[3] = 1;
            } else if (l >= r) {
                out[0] = 1;
                out[1] = 0;
                out[2] = 1;
                out[3] = 0;
            } else {
                double pBelow = Math.exp(-(r - l) / 2) / 2;
                double qAbove = Math.exp(-(r + l) / 2) / 2;
                out[0] = pBelow;
                out[1] = 1 - pBelow;
                out[2] = 1 - qAbove;
                out[3] = qAbove;
            }
        }

        @Override
        public double lowest() {
            return -r;
        }

        @Override
        public double highest() {
            return r;
        }

        @Override
        public double infinityMass() {
            return 0;
        }
    }

    /**
     * The Poisson-subsampled Gaussian pair, M = (1−q)N(0, σ²) + qN(1, σ²) against N(0, σ²).
     * g(x) = ln(M(x)/N(0, σ²)(x)) = ln(1 − q + q e^{(2x−1)/(2σ²)}) increases from ln(1−q) to ∞,
     * with inverse x(v) = σ² ln(1 + (e^v − 1)/q) + ½. Remove: P = M, Q = N(0), L = g(x), L ≤ l iff
     * x ≤ x(l). Add: P = N(0), Q = M, L = −g(x), L ≤ l iff x ≥ x(−l).
     */
    record SampledGaussian(double q, double sigma, boolean addition)
            implements PldDiscretization.LossModel {
        @Override
        public void evaluate(double l, double[] out) {
            if (!addition && l <= Math.log1p(-q)) {
                out[0] = 0;
                out[1] = 1;
                out[2] = 0;
                out[3] = 1;
                return;
            }
            if (addition && l >= -Math.log1p(-q)) {
                out[0] = 1;
                out[1] = 0;
                out[2] = 1;
                out[3] = 0;
                return;
            }
            double x = sigma * sigma * Math.log1p(Math.expm1(addition ? -l : l) / q) + 0.5;
            double[] z = new double[4];
            normal(x / sigma, z, 0);        // N(0): P(X ≤ x), P(X > x)
            normal((x - 1) / sigma, z, 2);  // N(1): P(X ≤ x), P(X > x)
            double mixtureBelow = (1 - q) * z[0] + q * z[2];
            double mixtureAbove = (1 - q) * z[1] + q * z[3];
            if (addition) {
                // L ≤ l iff X ≥ x.
                out[0] = z[1];
                out[1] = z[0];
                out[2] = mixtureAbove;
                out[3] = mixtureBelow;
            } else {
                out[0] = mixtureBelow;
                out[1] = mixtureAbove;
                out[2] = z[0];
                out[3] = z[1];
            }
        }

        @Override
        public double lowest() {
            return addition ? Double.NEGATIVE_INFINITY : Math.log1p(-q);
        }

        @Override
        public double highest() {
            return addition ? -Math.log1p(-q) : Double.POSITIVE_INFINITY;
        }

        @Override
        public double infinityMass() {
            return 0;
        }
    }
}
