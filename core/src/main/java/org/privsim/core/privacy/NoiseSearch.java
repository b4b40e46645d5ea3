package org.privsim.core.privacy;

import java.util.function.DoublePredicate;
import java.util.function.DoubleUnaryOperator;

/**
 * How a calibration finds the smallest noise x &gt; 0 whose ε(x) meets a target, for an ε that
 * decreases in x (more noise is the same mechanism plus independent noise, a post-processing).
 * An accountant picks the search its cost allows ({@link PrivacyAccountant#search}).
 *
 * <p>Guarantee: the returned x was evaluated and meets the target (ε(x) ≤ target); a smaller x
 * within the search's precision does not.
 */
public enum NoiseSearch {
    /**
     * Doubling from x = 1 to the first x that meets the target, then bisection on [0, that x] down
     * to adjacent doubles; returns the first meeting double (the one below it fails). For
     * accountants whose ε is cheap (closed forms, RDP curves).
     */
    ADJACENT_DOUBLES {
        @Override
        public double smallest(DoubleUnaryOperator epsilonAt, double targetEpsilon) {
            DoublePredicate tooSmall = x -> epsilonAt.applyAsDouble(x) > targetEpsilon;
            double upper = Bisection.firstFalseByDoubling(1, tooSmall);
            return Bisection.boundary(0, upper, tooSmall).firstFalse();
        }
    },
    /**
     * To relative {@value #RELATIVE_TOLERANCE}: a bracket [x_lo failing, x_hi meeting] from 1 by
     * doubling or halving, then narrowed by the Illinois variant of regula falsi on
     * f(ln x) = ln ε(x) − ln ε_target (nearly linear in ln x, so a few evaluations instead of
     * bisection's twenty), each trial point kept at least a quarter of the tolerance inside the
     * bracket (so the bracket closes from both sides) and a bisection step whenever three trials in
     * a row failed to halve it. Returns x_hi; the failing x_lo is within the tolerance below it. For
     * accountants whose ε is expensive (a PLD composition per evaluation).
     *
     * @throws IllegalArgumentException when x = 2^40 still misses the target
     */
    REGULA_FALSI {
        @Override
        public double smallest(DoubleUnaryOperator epsilonAt, double targetEpsilon) {
            return regulaFalsi(epsilonAt, targetEpsilon);
        }
    };

    /** Relative width of the bracket at which {@link #REGULA_FALSI} stops. */
    public static final double RELATIVE_TOLERANCE = 1e-6;

    /** The smallest x meeting the target, to this search's precision. */
    public abstract double smallest(DoubleUnaryOperator epsilonAt, double targetEpsilon);

    private static double regulaFalsi(DoubleUnaryOperator epsilonAt, double targetEpsilon) {
        double hi = 1;
        double fHi = logGap(epsilonAt.applyAsDouble(hi), targetEpsilon);
        double lo;
        double fLo;
        if (fHi <= 0) {
            lo = hi / 2;
            fLo = logGap(epsilonAt.applyAsDouble(lo), targetEpsilon);
            while (fLo <= 0) {
                hi = lo;
                fHi = fLo;
                lo /= 2;
                if (lo < 1e-12) {
                    return hi;
                }
                fLo = logGap(epsilonAt.applyAsDouble(lo), targetEpsilon);
            }
        } else {
            lo = hi;
            fLo = fHi;
            hi = 2;
            fHi = logGap(epsilonAt.applyAsDouble(hi), targetEpsilon);
            while (fHi > 0) {
                lo = hi;
                fLo = fHi;
                hi *= 2;
                if (hi > 0x1p40) {
                    throw new IllegalArgumentException("targetEpsilon " + targetEpsilon
                            + " is not reached by any noise multiplier up to 2^40");
                }
                fHi = logGap(epsilonAt.applyAsDouble(hi), targetEpsilon);
            }
        }
        double margin = Math.log1p(RELATIVE_TOLERANCE) / 4;
        int retained = 0; // +1: the meeting end was kept last time, −1: the failing end
        int slow = 0;
        while (hi / lo - 1 > RELATIVE_TOLERANCE) {
            double lnLo = Math.log(lo);
            double lnHi = Math.log(hi);
            double width = lnHi - lnLo;
            double x = slow >= 3 || !Double.isFinite(fLo) || !Double.isFinite(fHi)
                    ? lnLo + width / 2
                    : lnHi - fHi * width / (fHi - fLo);
            double inset = Math.min(margin, width / 4);
            x = Math.min(Math.max(x, lnLo + inset), lnHi - inset);
            double sigma = Math.exp(x);
            if (!(sigma > lo && sigma < hi)) {
                sigma = lo + (hi - lo) / 2;
            }
            double f = logGap(epsilonAt.applyAsDouble(sigma), targetEpsilon);
            if (f <= 0) {
                hi = sigma;
                fHi = f;
                if (retained < 0) {
                    fLo /= 2;
                }
                retained = -1;
            } else {
                lo = sigma;
                fLo = f;
                if (retained > 0) {
                    fHi /= 2;
                }
                retained = 1;
            }
            slow = Math.log(hi) - Math.log(lo) > width / 2 ? slow + 1 : 0;
        }
        return hi;
    }

    /** ln ε − ln target: positive when ε misses the target, +∞ for an infinite ε. */
    private static double logGap(double epsilon, double targetEpsilon) {
        return epsilon == Double.POSITIVE_INFINITY ? Double.POSITIVE_INFINITY
                : Math.log(epsilon) - Math.log(targetEpsilon);
    }
}
