package org.privsim.core.privacy;

import java.util.function.DoublePredicate;

/**
 * Bisection on doubles down to adjacent representable values, for monotone predicates.
 *
 * <p>Guarantee: for a predicate that is true on [lo, x*] and false on (x*, hi] (as far as floating
 * point lets it be), {@link #boundary} returns two adjacent doubles (or lo/hi themselves) with the
 * predicate true on the first and false on the second. The endpoints are never evaluated, so a
 * caller may pass an end where the underlying function is undefined but the answer is known.
 * Termination is guaranteed: every step halves the bracket, so at most about 2100 steps are taken.
 */
final class Bisection {
    private Bisection() {}

    /**
     * The last point where the predicate holds and the first where it does not.
     *
     * @param lastTrue  largest evaluated point (or lo) with the predicate true
     * @param firstFalse smallest evaluated point (or hi) with the predicate false
     */
    record Boundary(double lastTrue, double firstFalse) {}

    /** Bisects [lo, hi] given pred(lo) = true and pred(hi) = false (neither evaluated). */
    static Boundary boundary(double lo, double hi, DoublePredicate pred) {
        double t = lo;
        double f = hi;
        while (true) {
            double mid = t + (f - t) / 2;
            if (mid <= t || mid >= f) {
                return new Boundary(t, f);
            }
            if (pred.test(mid)) {
                t = mid;
            } else {
                f = mid;
            }
        }
    }

    /**
     * The first of start, 2·start, 4·start, ... at which the predicate is false.
     *
     * @throws ArithmeticException if the predicate still holds when doubling overflows
     */
    static double firstFalseByDoubling(double start, DoublePredicate pred) {
        double x = start;
        while (pred.test(x)) {
            x *= 2;
            if (Double.isInfinite(x)) {
                throw new ArithmeticException("no finite upper bracket above " + start);
            }
        }
        return x;
    }
}
