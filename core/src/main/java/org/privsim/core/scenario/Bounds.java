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

    /** Why {@code value} is outside this interval, or empty if it is inside. */
    Optional<String> violation(double value) {
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
