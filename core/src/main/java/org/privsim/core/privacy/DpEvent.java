package org.privsim.core.privacy;

import java.util.Objects;

/**
 * What a mechanism did, as data an accountant reads (dp_accounting's {@code DpEvent}): a Gaussian
 * release, one Poisson-subsampled Gaussian step, an epoch of tree aggregation, a pure ε-DP release, or
 * {@code count} independent
 * runs of one of them. A calibration builds the event of its mechanism at each noise it tries
 * ({@link NoiseCalibration}); every {@link PrivacyAccountant} states which events it accounts.
 *
 * <p>Guarantee: every event is an immutable value, validated on construction (NaN and
 * out-of-range parameters throw {@link IllegalArgumentException} naming the parameter).
 */
public sealed interface DpEvent {

    /**
     * Whether this event is Gaussian releases and Poisson-sampled Gaussian steps only (possibly
     * composed): what the RDP and PLD accountants account.
     */
    default boolean isGaussianOrSampledGaussian() {
        return this instanceof SelfComposed c ? c.event().isGaussianOrSampledGaussian()
                : this instanceof Gaussian || this instanceof PoissonSampledGaussian;
    }

    /** Whether this event is tree aggregation epochs (possibly composed): the RDP accountant accounts them. */
    default boolean isTreeAggregation() {
        return this instanceof SelfComposed c ? c.event().isTreeAggregation() : this instanceof TreeAggregation;
    }

    /** {@code count} ≥ 1 independent runs of this event. */
    default DpEvent times(int count) {
        return new SelfComposed(this, count);
    }

    /**
     * The Gaussian mechanism: N(0, σ²) noise per coordinate on a statistic of L2 sensitivity Δ.
     *
     * @param sensitivity Δ, positive and finite
     * @param sigma       σ, positive and finite
     */
    record Gaussian(double sensitivity, double sigma) implements DpEvent {
        public Gaussian {
            Args.positive("sensitivity", sensitivity);
            Args.positive("sigma", sigma);
        }
    }

    /**
     * One step of the Poisson-subsampled Gaussian mechanism (DP-SGD's step, a DP-FedAvg round):
     * each record joins with probability q, the sum of the joined records' contributions (L2 norm at
     * most 1, i.e. measured in units of the clipping norm) gets N(0, σ²) noise per coordinate.
     *
     * @param samplingRate    q in (0, 1]
     * @param noiseMultiplier σ, positive and finite
     */
    record PoissonSampledGaussian(double samplingRate, double noiseMultiplier) implements DpEvent {
        public PoissonSampledGaussian {
            Args.openClosedUnit("samplingRate", samplingRate);
            Args.positive("noiseMultiplier", noiseMultiplier);
        }
    }

    /**
     * One step of the Gaussian mechanism on a sample of exactly {@code sampleSize} of
     * {@code populationSize} records drawn uniformly without replacement, under replace-one
     * neighbours (n public; dp_accounting's {@code SampledWithoutReplacementDpEvent} of a
     * {@code GaussianDpEvent}): the noise is N(0, σ²) per coordinate on a sum whose replace-one
     * sensitivity is 1 — a sum of contributions clipped to C moves by up to 2C, so its multiplier is
     * the noise std over 2C.
     *
     * @param populationSize  n, at least 1
     * @param sampleSize      m in [1, n]
     * @param noiseMultiplier σ in units of the replace-one sensitivity, positive and finite
     */
    record SampledWithoutReplacementGaussian(int populationSize, int sampleSize, double noiseMultiplier)
            implements DpEvent {
        public SampledWithoutReplacementGaussian {
            Args.positiveCount("populationSize", populationSize);
            Args.positiveCount("sampleSize", sampleSize);
            if (sampleSize > populationSize) {
                throw new IllegalArgumentException("sampleSize must be at most populationSize (" + populationSize
                        + "), got " + sampleSize);
            }
            Args.positive("noiseMultiplier", noiseMultiplier);
        }

        /** m/n, the proportion sampled. */
        public double samplingRate() {
            return (double) sampleSize / populationSize;
        }
    }

    /**
     * One epoch of tree aggregation with Gaussian node noise (DP-FTRL; dp_accounting's
     * {@code SingleEpochTreeAggregationDpEvent}): {@code stepsPerEpoch} steps whose prefix sums are
     * released from a binary tree, every node's sum (contributions of L2 norm at most 1) with N(0, σ²)
     * noise per coordinate, each record in at most one step; replace-special neighbours.
     *
     * @param noiseMultiplier σ, positive and finite
     * @param stepsPerEpoch   the steps (leaves) of the epoch's tree, at least 1
     */
    record TreeAggregation(double noiseMultiplier, int stepsPerEpoch) implements DpEvent {
        public TreeAggregation {
            Args.positive("noiseMultiplier", noiseMultiplier);
            Args.positiveCount("stepsPerEpoch", stepsPerEpoch);
        }
    }

    /**
     * A pure ε-DP release (ℓ2-Laplace, Wishart).
     *
     * @param epsilon ε, non-negative and finite
     */
    record PureEpsilon(double epsilon) implements DpEvent {
        public PureEpsilon {
            Args.nonNegative("epsilon", epsilon);
            Args.finite("epsilon", epsilon);
        }
    }

    /**
     * {@code count} independent runs of {@code event}.
     *
     * @param event the event run
     * @param count how many times, at least 1
     */
    record SelfComposed(DpEvent event, int count) implements DpEvent {
        public SelfComposed {
            Objects.requireNonNull(event, "event");
            Args.positiveCount("count", count);
        }
    }
}
