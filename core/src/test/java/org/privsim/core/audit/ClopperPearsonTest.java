package org.privsim.core.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.hipparchus.special.Beta;
import org.junit.jupiter.api.Test;

/** Reference values computed with mpmath at 40 significant digits (betainc, bisection to 1e-33). */
class ClopperPearsonTest {
    /** Relative tolerance of the brief; the solver in fact lands within ~1e-13 of the references. */
    private static final double RELATIVE = 1e-9;

    @Test
    void boundsAtTheEdgesHaveClosedForms() {
        // k = 0: Beta(1, n) has CDF 1 − (1 − x)ⁿ, so the upper bound is 1 − (1 − level)^(1/n);
        // k = n: Beta(n, 1) has CDF xⁿ, so the lower bound is (1 − level)^(1/n).
        long[] trials = {1, 2, 10, 1000, 100_000};
        double[] levels = {0.6, 0.975, 0.999999};
        for (long n : trials) {
            for (double level : levels) {
                double upper = -Math.expm1(Math.log1p(-level) / n);
                double lower = Math.exp(Math.log1p(-level) / n);
                assertEquals(upper, ClopperPearson.upper(0, n, level), RELATIVE * upper, "upper n=" + n + " level=" + level);
                assertEquals(lower, ClopperPearson.lower(n, n, level), RELATIVE * lower, "lower n=" + n + " level=" + level);
                assertEquals(1.0, ClopperPearson.upper(n, n, level), 0);
                assertEquals(0.0, ClopperPearson.lower(0, n, level), 0);
            }
        }
    }

    @Test
    void textbookTwoSidedInterval() {
        // The exact 95% interval for 5 successes in 100 trials is [0.01643, 0.11283].
        assertEquals(0.01643, ClopperPearson.lower(5, 100, 0.975), 5e-6);
        assertEquals(0.11283, ClopperPearson.upper(5, 100, 0.975), 5e-6);
    }

    @Test
    void matchesHighPrecisionQuantiles() {
        // {k, n, level, lower, upper}
        double[][] cases = {
            {5, 100, 0.975, 0.016431879182052159264, 0.11283491110546276594},
            {17, 50, 0.99, 0.19262858350812994144, 0.51362175638037912378},
            {300, 25000, 0.975, 0.010687228382817178685, 0.013427961782491362759},
            {1, 1_000_000, 0.975, 2.5317807663794177544e-8, 5.5716306551722443319e-6},
            {3, 10, 0.6, 0.22551500134385713993, 0.39299512307259496778},
        };
        for (double[] c : cases) {
            long k = (long) c[0];
            long n = (long) c[1];
            String label = "k=" + k + " n=" + n + " level=" + c[2];
            assertEquals(c[3], ClopperPearson.lower(k, n, c[2]), RELATIVE * c[3], label);
            assertEquals(c[4], ClopperPearson.upper(k, n, c[2]), RELATIVE * c[4], label);
        }
    }

    @Test
    void boundsAreRoundedOutwards() {
        // As evaluated, the upper bound's Beta CDF reaches the level and the lower bound's stays
        // at or below 1 − level (as a double: 1 − 0.975 = 0.02500000000000002): rounding never
        // makes the bound anti-conservative.
        for (long k = 1; k < 40; k++) {
            double upper = ClopperPearson.upper(k, 40, 0.975);
            double lower = ClopperPearson.lower(k, 40, 0.975);
            assertTrue(Beta.regularizedBeta(upper, k + 1, 40 - k) >= 0.975, "k=" + k);
            assertTrue(Beta.regularizedBeta(lower, k, 40 - k + 1) <= 1 - 0.975, "k=" + k);
            assertTrue(lower < (double) k / 40 && (double) k / 40 < upper, "k=" + k);
        }
    }

    @Test
    void rejectsInvalidArguments() {
        assertThrows(IllegalArgumentException.class, () -> ClopperPearson.upper(0, 0, 0.95));
        assertThrows(IllegalArgumentException.class, () -> ClopperPearson.upper(-1, 10, 0.95));
        assertThrows(IllegalArgumentException.class, () -> ClopperPearson.lower(11, 10, 0.95));
        assertThrows(IllegalArgumentException.class, () -> ClopperPearson.upper(1, 10, 0));
        assertThrows(IllegalArgumentException.class, () -> ClopperPearson.lower(1, 10, 1));
        assertThrows(IllegalArgumentException.class, () -> ClopperPearson.upper(1, 10, Double.NaN));
    }
}
