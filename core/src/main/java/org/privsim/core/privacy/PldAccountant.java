package org.privsim.core.privacy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * Privacy-loss-distribution (PLD) accounting under the add-or-remove-one neighbour relation: a
 * mechanism (or a composition of mechanisms) held as two pessimistic
 * {@link PrivacyLossDistribution}s, one per direction, as Google's dp_accounting does:
 * <ul>
 *   <li><b>remove</b>: the dataset D holds the record, its neighbour D′ = D minus it; the loss is
 *       ln(p_D(o)/p_D′(o)) for o drawn from the mechanism on D;
 *   <li><b>add</b>: D′ = D plus the record; the loss is ln(p_D(o)/p_D′(o)), o from D.
 * </ul>
 * The reported ε(δ) is the larger of the two directions' and δ(ε) the larger of theirs.
 *
 * <p>Guarantee: every ε and δ reported is an upper bound on the exact value of the mechanism (see
 * {@link PrivacyLossDistribution} for the discretization, the truncation of tails of mass at most
 * {@link PrivacyLossDistribution#DEFAULT_TAIL_MASS} per operation, and the floating-point caveat).
 * Mechanisms, each with sensitivity measured in the same L2 (Gaussian) or L1 (Laplace) norm:
 * <ul>
 *   <li>Gaussian N(f(D), σ²): the pair N(0, σ²), N(Δ, σ²), the same in both directions;
 *   <li>Laplace f(D) + Lap(b): the pair Lap(0, b), Lap(Δ, b), the same in both directions;
 *   <li>Poisson-subsampled Gaussian (DP-SGD's step; sensitivity 1, noise multiplier σ, each record
 *       included with probability q): remove compares (1−q)N(0, σ²) + qN(1, σ²) against N(0, σ²),
 *       add the reverse;
 *   <li>an (ε, δ)-DP event: the worst pair for (ε, δ) (mass δ at +∞, the rest at ±ε).
 * </ul>
 * Immutable and deterministic (the two directions are computed concurrently, each the same
 * whatever the thread). Compositions need equal discretization intervals.
 */
public final class PldAccountant {
    /** Relative width of the σ bracket at which {@link #sigmaFor} stops. */
    public static final double SIGMA_RELATIVE_TOLERANCE = NoiseSearch.RELATIVE_TOLERANCE;

    private final PrivacyLossDistribution remove;
    private final PrivacyLossDistribution add;

    private PldAccountant(PrivacyLossDistribution remove, PrivacyLossDistribution add) {
        this.remove = remove;
        this.add = add;
    }

    /** The Gaussian mechanism of noise σ and sensitivity Δ (both positive, finite), on the grid of interval h. */
    public static PldAccountant gaussian(double sigma, double sensitivity, double interval) {
        Args.positive("sigma", sigma);
        Args.positive("sensitivity", sensitivity);
        PrivacyLossDistribution pld = PrivacyLossDistribution.of(new GaussianLoss(sensitivity / sigma), interval,
                PrivacyLossDistribution.DEFAULT_TAIL_MASS);
        return new PldAccountant(pld, pld);
    }

    /** The Laplace mechanism of scale b and L1 sensitivity Δ (both positive, finite), on the grid of interval h. */
    public static PldAccountant laplace(double scale, double sensitivity, double interval) {
        Args.positive("scale", scale);
        Args.positive("sensitivity", sensitivity);
        PrivacyLossDistribution pld = PrivacyLossDistribution.of(new LaplaceLoss(sensitivity / scale), interval,
                PrivacyLossDistribution.DEFAULT_TAIL_MASS);
        return new PldAccountant(pld, pld);
    }

    /**
     * One step of the Poisson-subsampled Gaussian mechanism: sampling rate q in (0, 1], noise
     * multiplier σ &gt; 0 (noise std over the L2 sensitivity), on the grid of interval h. At q = 1
     * it is the Gaussian mechanism of sensitivity 1.
     */
    public static PldAccountant poissonSampledGaussian(double samplingRate, double sigma, double interval) {
        Args.openClosedUnit("samplingRate", samplingRate);
        Args.positive("sigma", sigma);
        if (samplingRate == 1) {
            return gaussian(sigma, 1, interval);
        }
        double tail = PrivacyLossDistribution.DEFAULT_TAIL_MASS;
        return both(
                () -> PrivacyLossDistribution.of(new SampledGaussianLoss(samplingRate, sigma, false), interval, tail),
                () -> PrivacyLossDistribution.of(new SampledGaussianLoss(samplingRate, sigma, true), interval, tail));
    }

    /**
     * An (ε, δ)-DP event with ε ≥ 0 finite and δ in [0, 1): the dominating pair of every (ε, δ)-DP
     * mechanism (P = δ·[+∞] + (1−δ)(e^ε·[ε] + [−ε])/(1 + e^ε)), losses rounded up to the grid.
     */
    public static PldAccountant epsilonDelta(double epsilon, double delta, double interval) {
        Args.nonNegative("epsilon", epsilon);
        Args.finite("epsilon", epsilon);
        Args.zeroToOpenUnit("delta", delta);
        Args.positive("interval", interval);
        double high = (1 - delta) / (1 + Math.exp(-epsilon));
        double low = (1 - delta) - high;
        PrivacyLossDistribution pld = PrivacyLossDistribution.ofPoints(new double[] {-epsilon, epsilon},
                new double[] {low, high}, delta, interval);
        return new PldAccountant(pld, pld);
    }

    /**
     * The two directions computed at once: the add direction in the common fork-join pool, the
     * remove direction on this thread (each is a pure function of its inputs, so the result does not
     * depend on the threads).
     */
    private static PldAccountant both(Supplier<PrivacyLossDistribution> remove,
            Supplier<PrivacyLossDistribution> add) {
        CompletableFuture<PrivacyLossDistribution> a = CompletableFuture.supplyAsync(add);
        PrivacyLossDistribution r = remove.get();
        try {
            return new PldAccountant(r, a.join());
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    /** This mechanism followed by {@code other}. */
    public PldAccountant compose(PldAccountant other) {
        double tail = PrivacyLossDistribution.DEFAULT_TAIL_MASS;
        if (add == remove && other.add == other.remove) {
            PrivacyLossDistribution r = remove.compose(other.remove, tail);
            return new PldAccountant(r, r);
        }
        return both(() -> remove.compose(other.remove, tail), () -> add.compose(other.add, tail));
    }

    /** {@code count} ≥ 1 independent runs of this mechanism (FFT self-composition). */
    public PldAccountant selfCompose(int count) {
        double tail = PrivacyLossDistribution.DEFAULT_TAIL_MASS;
        if (add == remove) {
            PrivacyLossDistribution r = remove.selfCompose(count, tail);
            return new PldAccountant(r, r);
        }
        return both(() -> remove.selfCompose(count, tail), () -> add.selfCompose(count, tail));
    }

    /** The smallest ε ≥ 0 at which both directions' δ′(ε) ≤ δ (δ in (0, 1)); +∞ if none. */
    public double epsilon(double delta) {
        double r = remove.epsilon(delta);
        return add == remove ? r : Math.max(r, add.epsilon(delta));
    }

    /** The larger of the two directions' δ′(ε). */
    public double delta(double epsilon) {
        double r = remove.delta(epsilon);
        return add == remove ? r : Math.max(r, add.delta(epsilon));
    }

    /**
     * The larger of the two directions' {@link PrivacyLossDistribution#rocArea}: an upper bound on
     * the ROC area of every test between the mechanism's neighbouring outputs (the two directions
     * describe the same pair in either order, whose areas agree up to discretization).
     */
    public double rocArea() {
        double r = remove.rocArea();
        return add == remove ? r : Math.max(r, add.rocArea());
    }

    /** The remove direction's PLD. */
    public PrivacyLossDistribution remove() {
        return remove;
    }

    /** The add direction's PLD. */
    public PrivacyLossDistribution add() {
        return add;
    }

    /**
     * ε at δ of {@code steps} steps of DP-SGD (Poisson-subsampled Gaussian, sampling rate q, noise
     * multiplier σ) at the default interval.
     */
    public static double dpSgdEpsilon(double samplingRate, double sigma, int steps, double delta) {
        Args.positiveCount("steps", steps);
        Args.openUnit("delta", delta);
        return poissonSampledGaussian(samplingRate, sigma, PrivacyLossDistribution.DEFAULT_INTERVAL)
                .selfCompose(steps).epsilon(delta);
    }

    /**
     * A noise multiplier σ whose {@link #dpSgdEpsilon} over {@code steps} steps at sampling rate q is
     * at most {@code targetEpsilon} at δ, within relative {@value #SIGMA_RELATIVE_TOLERANCE} of the
     * smallest such σ: {@link NoiseCalibration} under the PLD accountant ({@link Accountants#PLD}),
     * whose search ({@link NoiseSearch#REGULA_FALSI}) brackets σ by doubling or halving from 1 and
     * narrows the bracket until σ_hi/σ_lo − 1 ≤ the tolerance; σ_hi (evaluated, meeting the target).
     * ε decreases in σ (a larger σ is a smaller one plus independent noise).
     *
     * @throws IllegalArgumentException for arguments out of range, or a target so small that
     *     σ = 2^40 does not meet it
     */
    public static double sigmaFor(double samplingRate, int steps, double delta, double targetEpsilon) {
        Args.openClosedUnit("samplingRate", samplingRate);
        Args.positiveCount("steps", steps);
        Args.openUnit("delta", delta);
        Args.positive("targetEpsilon", targetEpsilon);
        return NoiseCalibration.smallestNoise(Accountants.PLD,
                sigma -> new DpEvent.PoissonSampledGaussian(samplingRate, sigma).times(steps), targetEpsilon, delta);
    }

    /**
     * A noise σ for one Gaussian release of sensitivity Δ whose PLD ε at δ (default interval) is at
     * most {@code targetEpsilon}, within relative {@value #SIGMA_RELATIVE_TOLERANCE} of the smallest
     * such σ (found as in {@link #sigmaFor}).
     */
    public static double gaussianSigmaFor(double sensitivity, double delta, double targetEpsilon) {
        Args.positive("sensitivity", sensitivity);
        Args.openUnit("delta", delta);
        Args.positive("targetEpsilon", targetEpsilon);
        return NoiseCalibration.smallestNoise(Accountants.PLD, sigma -> new DpEvent.Gaussian(sensitivity, sigma),
                targetEpsilon, delta);
    }

    /** out[i] = Φ(z), out[i + 1] = Φ(−z): the smaller computed directly, the larger as one minus it. */
    private static void normal(double z, double[] out, int i) {
        double small = StandardNormal.cdf(-Math.abs(z));
        out[i] = z < 0 ? small : 1 - small;
        out[i + 1] = z < 0 ? 1 - small : small;
    }

    /** The Gaussian pair N(0, σ²), N(Δ, σ²) with s = Δ/σ: L ∼ N(s²/2, s²) under P, N(−s²/2, s²) under Q. */
    private record GaussianLoss(double s) implements PrivacyLossDistribution.LossModel {
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
    private record LaplaceLoss(double r) implements PrivacyLossDistribution.LossModel {
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
    private record SampledGaussianLoss(double q, double sigma, boolean addition)
            implements PrivacyLossDistribution.LossModel {
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
