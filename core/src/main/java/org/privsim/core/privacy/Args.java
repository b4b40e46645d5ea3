package org.privsim.core.privacy;

/**
 * Argument checks shared by the privacy classes.
 *
 * <p>Guarantee: each check returns its argument unchanged when it is valid and otherwise throws an
 * {@link IllegalArgumentException} whose message names the argument, the required range and the
 * offending value (NaN always fails).
 */
final class Args {
    private Args() {}

    /** {@code value} in (0, ∞). */
    static double positive(String name, double value) {
        if (!(value > 0 && value < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(name + " must be positive and finite, got " + value);
        }
        return value;
    }

    /** {@code value} in [0, ∞). */
    static double nonNegative(String name, double value) {
        if (!(value >= 0 && value < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(name + " must be non-negative and finite, got " + value);
        }
        return value;
    }

    /** {@code value} in (0, ∞]. */
    static double positiveOrInfinite(String name, double value) {
        if (!(value > 0)) {
            throw new IllegalArgumentException(name + " must be positive (or +Infinity), got " + value);
        }
        return value;
    }

    /** {@code value} in (0, 1): a δ. */
    static double openUnit(String name, double value) {
        if (!(value > 0 && value < 1)) {
            throw new IllegalArgumentException(name + " must be in (0, 1), got " + value);
        }
        return value;
    }

    /** {@code value} in [0, 1): a δ that may be 0. */
    static double zeroToOpenUnit(String name, double value) {
        if (!(value >= 0 && value < 1)) {
            throw new IllegalArgumentException(name + " must be in [0, 1), got " + value);
        }
        return value;
    }

    /** {@code value} in (0, 1]: a sampling rate. */
    static double openClosedUnit(String name, double value) {
        if (!(value > 0 && value <= 1)) {
            throw new IllegalArgumentException(name + " must be in (0, 1], got " + value);
        }
        return value;
    }

    /** {@code value} in (1, ∞): a Rényi order. */
    static double renyiOrder(String name, double value) {
        if (!(value > 1 && value < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(name + " must be in (1, ∞), got " + value);
        }
        return value;
    }

    /** {@code value} ≥ 1: a count such as a number of steps. */
    static int positiveCount(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be a positive integer, got " + value);
        }
        return value;
    }

    /** {@code value} is not NaN and not infinite. */
    static double finite(String name, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be finite, got " + value);
        }
        return value;
    }
}
