package org.privsim.core.mechanism;

import org.privsim.core.privacy.DpEvent;

/**
 * A fixed-size cohort: each step draws exactly {@code size} = m of the {@code users} = n participants
 * uniformly without replacement, n public, neighbours by replacing one participant. A sum of
 * contributions clipped to C then moves by up to 2C, so noise of std z·C on it is the Gaussian of
 * multiplier z/2 in units of its sensitivity: the event accounted and exported is
 * {@code SampledWithoutReplacementDpEvent(n, m, GaussianDpEvent(z/2))}.
 *
 * <p>Guarantee: an immutable value with 1 ≤ m ≤ n.
 *
 * @param users n, the population sampled from
 * @param size  m, the cohort's size
 */
public record FixedCohort(int users, int size) {
    public FixedCohort {
        if (users < 1 || size < 1 || size > users) {
            throw new IllegalArgumentException("a fixed cohort needs 1 ≤ m ≤ n, got m = " + size + ", n = " + users);
        }
    }

    /** The cohort of m = round(q·n) of n users. */
    public static FixedCohort of(int users, double samplingRate) {
        return new FixedCohort(users, (int) Math.round(samplingRate * users));
    }

    /** m/n, the proportion sampled. */
    public double samplingRate() {
        return (double) size / users;
    }

    /** The event of one step whose noise std is {@code noiseMultiplier}·C: multiplier z/2 on sensitivity 2C. */
    public DpEvent.SampledWithoutReplacementGaussian event(double noiseMultiplier) {
        return new DpEvent.SampledWithoutReplacementGaussian(users, size, noiseMultiplier / 2);
    }
}
