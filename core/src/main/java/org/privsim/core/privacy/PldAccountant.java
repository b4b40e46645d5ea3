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
        PrivacyLossDistribution pld = PldDiscretization.of(new LossModels.Gaussian(sensitivity / sigma), interval,
                PrivacyLossDistribution.DEFAULT_TAIL_MASS);
        return new PldAccountant(pld, pld);
    }

    /** The Laplace mechanism of scale b and L1 sensitivity Δ (both positive, finite), on the grid of interval h. */
    public static PldAccountant laplace(double scale, double sensitivity, double interval) {
        Args.positive("scale", scale);
        Args.positive("sensitivity", sensitivity);
        PrivacyLossDistribution pld = PldDiscretization.of(new LossModels.Laplace(sensitivity / scale), interval,
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
                () -> PldDiscretization.of(new LossModels.SampledGaussian(samplingRate, sigma, false), interval, tail),
                () -> PldDiscretization.of(new LossModels.SampledGaussian(samplingRate, sigma, true), interval, tail));
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
        PrivacyLossDistribution pld = PldDiscretization.ofPoints(new double[] {-epsilon, epsilon},
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
}
