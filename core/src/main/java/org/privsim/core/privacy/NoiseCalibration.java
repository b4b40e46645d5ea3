package org.privsim.core.privacy;

import java.util.Objects;
import java.util.function.DoubleFunction;

/**
 * The one calibration every family uses (dp_accounting's {@code calibrate_dp_mechanism}): the
 * smallest noise x whose event {@code eventAt(x)} — a mechanism's whole composition at noise x —
 * has ε at δ at most the target under an accountant, found by that accountant's
 * {@link PrivacyAccountant#search search}.
 *
 * <p>Guarantee: the result x meets the target (ε(eventAt(x)) ≤ ε, evaluated), and x is the
 * smallest such noise to the search's precision (adjacent doubles, or relative 1e-6); a pure
 * function of its arguments.
 */
public final class NoiseCalibration {
    private NoiseCalibration() {}

    /**
     * The smallest noise meeting (ε, δ).
     *
     * @param accountant the accountant the composition is charged by
     * @param eventAt    the mechanism's composition at noise x &gt; 0 (ε non-increasing in x)
     * @param epsilon    target ε, positive, above the accountant's {@link PrivacyAccountant#epsilonFloor}
     * @param delta      δ
     * @throws IllegalArgumentException for a target at or below the accountant's floor, besides the
     *                                  usual argument checks
     */
    public static double smallestNoise(PrivacyAccountant accountant, DoubleFunction<DpEvent> eventAt, double epsilon,
                                       double delta) {
        Objects.requireNonNull(eventAt, "eventAt");
        Args.positive("targetEpsilon", epsilon);
        double floor = accountant.epsilonFloor(delta);
        if (!(epsilon > floor)) {
            throw new IllegalArgumentException("targetEpsilon must exceed " + floor + ", the " + accountant.id()
                    + " accountant's epsilon however large the noise (no noise reaches it), got " + epsilon);
        }
        return accountant.search().smallest(x -> accountant.epsilon(eventAt.apply(x), delta), epsilon);
    }
}
