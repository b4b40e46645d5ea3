package org.privsim.core.scenario;

import java.util.Optional;

/**
 * An interval a numeric field must lie in; each end is open or closed and may be infinite.
 *
 * <p>Guarantee: {@link #violation} names the first end that is violated, as {@code must be ≥ 2},
 * {@code must be > 0}, {@code must be ≤ 2000} or {@code must be < 1}.
 *
 * @param min          lower end
 * @param minInclusive whether {@code min} itself is allowed
 * @param max          upper end
 * @param maxInclusive whether {@code max} itself is allowed
 */
record Bounds(double min, boolean minInclusive, double max, boolean maxInclusive) {

    /**
     * A δ of an (ε, δ) guarantee: [1e-12, 0.1]. Below 1e-12 the PLD accountant, which truncates tails of
     * mass 1e-15 per composition, states ε = ∞ for one step, so δ there is not a target it can meet;
     * above 0.1 the guarantee allows a one-in-ten chance of failing outright, and calibration's noise
     * grows too small for the PLD accountant's grid (δ near 1 needs a window of millions of points).
     */
    static final Bounds DELTA = new Bounds(1e-12, true, 0.1, true);

    /** [min, ∞). */
    static Bounds atLeast(double min) {
        return new Bounds(min, true, Double.POSITIVE_INFINITY, true);
    }

    /** (min, ∞). */
    static Bounds above(double min) {
        return new Bounds(min, false, Double.POSITIVE_INFINITY, true);
    }

    /** [min, max]. */
    static Bounds between(double min, double max) {
        return new Bounds(min, true, max, true);
    }

    /** (min, max). */
    static Bounds strictlyBetween(double min, double max) {
        return new Bounds(min, false, max, false);
    }

    /**
     * The largest magnitude of a real-valued scale in a scenario (a clip, a noise level or
     * multiplier, a regularization weight, a norm): its square and sums of squares over every row
     * stay finite in double precision, so mechanisms, solvers and plots are defined.
     */
    static final double MAX_SCALE = 1e12;
    /** The smallest positive scale: its square is far above double underflow. */
    static final double MIN_SCALE = 1e-12;
    /** The smallest ε: its zCDP ρ and noise scales are far from underflow and overflow. */
    static final double MIN_EPSILON = 1e-6;
    /**
     * The largest ε of an (ε, δ) release: the accountants invert ε ↔ ρ to full precision only below
     * about 1e15 (at 1e50 the tight ε of ρ is NaN); 1e12 keeps every privacy computation exact.
     */
    static final double MAX_EPSILON = 1e12;
    /** The largest ε of a pure-DP (δ = 0) release of MP-MTL, whose noise scale 1/ε stays finite. */
    static final double MAX_PURE_EPSILON = 1e50;
    /** The largest ε an audit tests: e^ε must stay finite, and ε = 100 already allows any verdict. */
    static final double MAX_AUDIT_EPSILON = 100;

    /** A positive scale: [{@link #MIN_SCALE}, {@link #MAX_SCALE}]. */
    static Bounds scale() {
        return between(MIN_SCALE, MAX_SCALE);
    }

    /** A scale that may be zero: [0, {@link #MAX_SCALE}]. */
    static Bounds scaleOrZero() {
        return between(0, MAX_SCALE);
    }

    /** Lower ends below this are numerical floors of a positive quantity, not meaningful minimums. */
    private static final double NUMERICAL_FLOOR = 1e-3;

    /** Why {@code value} is outside this interval, or empty if it is inside. */
    Optional<String> violation(double value) {
        if (value <= 0 && min > 0 && min < NUMERICAL_FLOOR) {
            return Optional.of("must be > 0"); // a numerical floor: a non-positive value is told the sign
        }
        if (value < min || (!minInclusive && value == min)) {
            return Optional.of("must be " + (minInclusive ? "≥ " : "> ") + format(min));
        }
        if (value > max || (!maxInclusive && value == max)) {
            return Optional.of("must be " + (maxInclusive ? "≤ " : "< ") + format(max));
        }
        return Optional.empty();
    }

    private static String format(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? Long.toString((long) x) : Double.toString(x);
    }
}
