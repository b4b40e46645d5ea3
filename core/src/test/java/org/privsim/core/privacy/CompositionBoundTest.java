package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Expected values were computed with mpmath at 40 significant digits from the exact doubles of the
 * inputs (e.g. 0.1 is 0.1000000000000000055…). The code sums at most 1000 terms, each with a
 * relative rounding error of a few 2⁻⁵³, so it agrees with them to about 1e-13 relative; the checks
 * use the suite's 1e-9 (relative, through {@link #assertClose}).
 */
class CompositionBoundTest {
    private static final double KNOWN = 1e-9;

    private static void assertClose(double expected, double actual) {
        assertEquals(expected, actual, KNOWN * Math.abs(expected), "expected " + expected + ", got " + actual);
    }

    private static double[] repeat(double epsilon, int times) {
        double[] epsilons = new double[times];
        Arrays.fill(epsilons, epsilon);
        return epsilons;
    }

    @Test
    void threeReleasesOfPointOneComposeBasically() {
        double[] eps = {0.1, 0.1, 0.1};
        assertEquals(0.1 + 0.1 + 0.1, CompositionBound.basic(eps), 0); // summed in index order
        assertClose(0.84611658062191900198, CompositionBound.advanced(eps, 1e-5));
        assertClose(0.78022486562968047084, CompositionBound.advancedWithE(eps, 1e-5));
        assertEquals(CompositionBound.basic(eps), CompositionBound.of(eps, 1e-5), 0);
    }

    @Test
    void singleRelease() {
        double[] eps = {0.5};
        assertClose(2.5217222872958951684, CompositionBound.advanced(eps, 1e-5));
        assertClose(2.4483820135549347001, CompositionBound.advancedWithE(eps, 1e-5));
        assertEquals(0.5, CompositionBound.of(eps, 1e-5), 0);
        // A large δ makes the second term win even for one release: tanh(1/4)/2 + √(2 ln(1/0.9))/2.
        assertClose(0.35198113371506495315, CompositionBound.of(eps, 0.9));
        assertClose(0.89251218939190299292, CompositionBound.advancedWithE(eps, 0.9));
    }

    @Test
    void hundredSmallReleasesAreBoundByTheThirdTerm() {
        double[] eps = repeat(0.01, 100);
        assertClose(1.0000000000000000208, CompositionBound.basic(eps));
        assertClose(0.48485254955255812674, CompositionBound.advanced(eps, 1e-5));
        assertClose(0.43419949615317594707, CompositionBound.advancedWithE(eps, 1e-5));
        assertClose(0.43419949615317594707, CompositionBound.of(eps, 1e-5));
    }

    @Test
    void thousandReleasesAreBoundByTheSecondTerm() {
        // √(Σ ε²) = √2.5 > 1 − eδ, so log(1/δ) < log(e + √(Σ ε²)/δ) and the second term wins.
        double[] eps = repeat(0.05, 1000);
        assertClose(50.000000000000002776, CompositionBound.basic(eps));
        assertClose(8.8368752953467666804, CompositionBound.advanced(eps, 1e-5));
        assertClose(8.986369412951365274, CompositionBound.advancedWithE(eps, 1e-5));
        assertClose(8.8368752953467666804, CompositionBound.of(eps, 1e-5));
    }

    @Test
    void deltaZeroIsBasicComposition() {
        for (double[] eps : new double[][] {{}, {0}, {0.1, 0.1, 0.1}, repeat(0.01, 100), {1e40}}) {
            assertEquals(Double.POSITIVE_INFINITY, CompositionBound.advanced(eps, 0));
            assertEquals(Double.POSITIVE_INFINITY, CompositionBound.advancedWithE(eps, 0));
            assertEquals(CompositionBound.basic(eps), CompositionBound.of(eps, 0), 0);
        }
    }

    @Test
    void emptySequenceCostsNothing() {
        double[] none = {};
        assertEquals(0, CompositionBound.of(none, 1e-5), 0);
        assertEquals(0, CompositionBound.of(none, 0), 0);
        assertEquals(0, CompositionBound.basic(none), 0);
        assertEquals(0, CompositionBound.advanced(none, 1e-5), 0);
        assertEquals(0, CompositionBound.advancedWithE(none, 1e-5), 0);
    }

    @Test
    void hugeEpsilonsAndTinyDeltasStayFiniteOrInfiniteButNeverNaN() {
        double[] huge = {1e40};
        // (e^ε − 1)/(e^ε + 1) is ∞/∞ in doubles; as tanh(ε/2) it is 1.
        assertClose(5.7985259121880813837e40, CompositionBound.advanced(huge, 1e-5));
        assertClose(1.5395577736564244093e41, CompositionBound.advancedWithE(huge, 1e-5));
        assertEquals(1e40, CompositionBound.of(huge, 1e-5), 0);
        // ε² overflows and underflows as a double; √(Σ ε²) is computed without either.
        double[] beyondSquares = {1e200, 0, 1e200};
        assertClose(8.786140424415111532e200, CompositionBound.advanced(beyondSquares, 1e-5));
        assertClose(4.5468449139763857369e201, CompositionBound.advancedWithE(beyondSquares, 1e-5));
        assertEquals(2e200, CompositionBound.of(beyondSquares, 1e-5), 0);
        double[] belowSquares = {1e-200, 1e-200};
        assertClose(1.6651092223153954829e-200, CompositionBound.of(belowSquares, 0.5));
        // Sums past the largest double are +∞, not NaN.
        double[] beyondSums = {Double.MAX_VALUE, Double.MAX_VALUE};
        assertEquals(Double.POSITIVE_INFINITY, CompositionBound.of(beyondSums, 1e-5));
        assertEquals(Double.POSITIVE_INFINITY, CompositionBound.advancedWithE(beyondSums, Double.MIN_VALUE));
        // δ = 2⁻¹⁰⁷⁴: 1/δ and √(Σ ε²)/δ overflow, their logarithms do not.
        double[] small = {0.1, 0.1, 0.1};
        assertClose(6.6982804370330838207, CompositionBound.advanced(small, Double.MIN_VALUE));
        assertClose(6.6904056700534711953, CompositionBound.advancedWithE(small, Double.MIN_VALUE));
    }

    @Test
    void boundIsMonotone() {
        SplittableRandom rng = new SplittableRandom(3);
        double[] deltas = {0, 1e-12, 1e-5, 0.1, 0.9};
        for (int trial = 0; trial < 200; trial++) {
            double[] eps = new double[1 + rng.nextInt(30)];
            for (int t = 0; t < eps.length; t++) {
                eps[t] = Math.pow(10, rng.nextDouble(-4, 1));
            }
            for (int k = 0; k < deltas.length; k++) {
                double delta = deltas[k];
                double cb = CompositionBound.of(eps, delta);
                assertFalse(Double.isNaN(cb));
                assertTrue(cb <= CompositionBound.basic(eps));
                // A larger ε_t, one more release, or a smaller δ never lowers the bound.
                double[] larger = eps.clone();
                larger[rng.nextInt(eps.length)] *= 1.5;
                assertTrue(CompositionBound.of(larger, delta) >= cb, "larger epsilon, trial " + trial);
                double[] longer = Arrays.copyOf(eps, eps.length + 1);
                longer[eps.length] = 0.01;
                assertTrue(CompositionBound.of(longer, delta) >= cb, "one more release, trial " + trial);
                if (k > 0) {
                    assertTrue(CompositionBound.of(eps, deltas[k - 1]) >= cb, "smaller delta, trial " + trial);
                }
            }
        }
    }

    @Test
    void rejectsInvalidArguments() {
        assertThrows(IllegalArgumentException.class, () -> CompositionBound.of(new double[] {0.1, -0.1}, 1e-5));
        assertThrows(IllegalArgumentException.class, () -> CompositionBound.of(new double[] {Double.NaN}, 1e-5));
        assertThrows(IllegalArgumentException.class,
                () -> CompositionBound.basic(new double[] {Double.POSITIVE_INFINITY}));
        assertThrows(IllegalArgumentException.class, () -> CompositionBound.of(new double[] {0.1}, 1));
        assertThrows(IllegalArgumentException.class, () -> CompositionBound.advanced(new double[] {0.1}, -1e-5));
        assertThrows(IllegalArgumentException.class,
                () -> CompositionBound.advancedWithE(new double[] {0.1}, Double.NaN));
        assertThrows(NullPointerException.class, () -> CompositionBound.of(null, 1e-5));
    }
}
