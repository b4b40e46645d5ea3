package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BudgetAllocationTest {
    /** 2⁻⁵², the spacing of doubles in [1, 2): one ulp relative. */
    private static final double ULP = Math.ulp(1.0);

    private static final List<BudgetAllocation> ALLOCATIONS = List.of(
            BudgetAllocation.uniform(), BudgetAllocation.power(0.4), BudgetAllocation.power(-1.5),
            BudgetAllocation.geometric(0.97), BudgetAllocation.geometric(1.2));

    /**
     * The returned sequence must fit (CB ≤ ε exactly) and be tight: CB is continuous and
     * increasing in ε₀, and the next double up from ε₀ does not fit, so CB falls short of ε only by
     * rounding (a few 2⁻⁵³ per term, at most 200 terms here): 1e-9 relative is far above that.
     */
    private static void assertFitsTightly(double[] eps, double epsilon, double delta, String what) {
        double cb = CompositionBound.of(eps, delta);
        assertTrue(cb <= epsilon, what + ": CB " + cb + " > " + epsilon);
        assertTrue(cb >= epsilon * (1 - 1e-9), what + ": CB " + cb + " well below " + epsilon);
    }

    @Test
    void uniformWithDeltaZeroSplitsEvenly() {
        for (int iterations : new int[] {1, 3, 7, 100}) {
            double epsilon = 1.3;
            double[] eps = BudgetAllocation.uniform().epsilons(iterations, epsilon, 0);
            assertEquals(iterations, eps.length);
            // δ = 0: CB = Σ ε_t, so ε₀ is the largest double whose T-fold sum is ≤ ε. The rounded
            // sum is within (T − 1)·2⁻⁵³ relative of T·ε₀, so ε₀ is within T ulps of ε/T.
            double each = epsilon / iterations;
            for (double e : eps) {
                assertEquals(eps[0], e, 0);
                assertEquals(each, e, iterations * ULP * each);
            }
            assertTrue(CompositionBound.basic(eps) <= epsilon);
        }
    }

    @Test
    void powerAndGeometricWeightsHaveExactRatios() {
        // ε_t = fl(ε₀·w_t), so ε_t/ε_1 is w_t/w_1 up to three roundings and Math.pow's one ulp:
        // 4 ulps relative.
        double[] power = BudgetAllocation.power(0.4).epsilons(50, 2, 1e-6);
        for (int t = 1; t <= 50; t++) {
            double ratio = Math.pow(t, 0.4); // w_1 = 1^α = 1 exactly
            assertEquals(ratio, power[t - 1] / power[0], 4 * ULP * ratio, "power, t = " + t);
        }
        double[] geometric = BudgetAllocation.geometric(0.97).epsilons(50, 2, 1e-6);
        for (int t = 1; t <= 50; t++) {
            double ratio = Math.pow(0.97, -(t - 1));
            assertEquals(ratio, geometric[t - 1] / geometric[0], 5 * ULP * ratio, "geometric, t = " + t);
        }
    }

    @Test
    void boundOfTheResultIsTheTotal() {
        for (BudgetAllocation allocation : ALLOCATIONS) {
            for (int iterations : new int[] {1, 10, 200}) {
                for (double epsilon : new double[] {0.1, 1, 10}) {
                    for (double delta : new double[] {0, 1e-5, 0.5}) {
                        double[] eps = allocation.epsilons(iterations, epsilon, delta);
                        assertFitsTightly(eps, epsilon, delta,
                                allocation.id() + ", T = " + iterations + ", ε = " + epsilon + ", δ = " + delta);
                    }
                }
            }
        }
    }

    @Test
    void oneIterationGetsTheSingleReleaseBudget() {
        for (BudgetAllocation allocation : ALLOCATIONS) {
            // δ = 1e-5: for one release CB({ε₁}) = ε₁ (the advanced terms are ≥ √(2 ln 10⁵)·ε₁),
            // so ε₁ = ε; exactly for w_1 = 1 (uniform, power), else within the ulp by which the
            // products ε₀·w_1 step.
            double tolerance = allocation.id().startsWith("geometric") ? ULP * 0.8 : 0;
            assertEquals(0.8, allocation.epsilons(1, 0.8, 1e-5)[0], tolerance, allocation.id());
            // δ = 0.9: the second term is below ε₁, so ε₁ > ε with CB({ε₁}, 0.9) = ε.
            double[] large = allocation.epsilons(1, 0.8, 0.9);
            assertTrue(large[0] > 0.8, allocation.id());
            assertFitsTightly(large, 0.8, 0.9, allocation.id());
        }
    }

    @Test
    void hugeTotalDoesNotOverflow() {
        assertEquals(1e40, BudgetAllocation.uniform().epsilons(1, 1e40, 0)[0], 0);
        assertEquals(1e40, BudgetAllocation.power(0.4).epsilons(1, 1e40, 1e-5)[0], 0);
        assertEquals(1e40, BudgetAllocation.geometric(0.97).epsilons(1, 1e40, 1e-5)[0], ULP * 1e40);
        for (BudgetAllocation allocation : ALLOCATIONS) {
            double[] eps = allocation.epsilons(100, 1e40, 1e-5);
            for (double e : eps) {
                assertTrue(e > 0 && Double.isFinite(e), allocation.id() + ": " + e);
            }
            assertFitsTightly(eps, 1e40, 1e-5, allocation.id());
        }
    }

    @Test
    void idsAndParsingRoundTrip() {
        assertEquals("uniform", BudgetAllocation.uniform().id());
        assertEquals("power(0.4)", BudgetAllocation.power(0.4).id());
        assertEquals("geometric(0.97)", BudgetAllocation.geometric(0.97).id());
        assertEquals("power(-1.5)", BudgetAllocation.power(-1.5).toString());
        for (BudgetAllocation allocation : ALLOCATIONS) {
            assertEquals(Optional.of(allocation), BudgetAllocation.parse(allocation.id()));
        }
        assertEquals(Optional.of(BudgetAllocation.power(2)), BudgetAllocation.parse("power(2)"));
        assertEquals(Optional.of(BudgetAllocation.power(0.4)), BudgetAllocation.parse("power( 0.4 )"));
        assertEquals(Optional.of(BudgetAllocation.geometric(0.97)), BudgetAllocation.parse("geometric(\t9.7e-1 )"));
        assertEquals(Optional.of(BudgetAllocation.power(-0.5)), BudgetAllocation.parse("power(-.5)"));
        assertEquals("uniform, power(α), geometric(Q)", BudgetAllocation.choices());
    }

    @Test
    void parseRejectsEverythingElse() {
        for (String text : new String[] {"", "Uniform", " uniform", "uniform()", "power", "power()", "power (0.4)",
                "power(0.4", "power(0.4) ", "power(0.4, 1)", "power(NaN)", "power(Infinity)", "power(1e999)",
                "power(0x1p1)", "power(1d)", "geometric(0)", "geometric(-0.5)", "geometric(0.0)", "linear(1)"}) {
            assertEquals(Optional.empty(), BudgetAllocation.parse(text), "'" + text + "'");
        }
    }

    @Test
    void rejectsInvalidArguments() {
        BudgetAllocation uniform = BudgetAllocation.uniform();
        assertThrows(IllegalArgumentException.class, () -> uniform.epsilons(0, 1, 1e-5));
        assertThrows(IllegalArgumentException.class, () -> uniform.epsilons(5, 0, 1e-5));
        assertThrows(IllegalArgumentException.class, () -> uniform.epsilons(5, Double.POSITIVE_INFINITY, 1e-5));
        assertThrows(IllegalArgumentException.class, () -> uniform.epsilons(5, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> BudgetAllocation.power(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> BudgetAllocation.geometric(0));
        assertThrows(IllegalArgumentException.class, () -> BudgetAllocation.geometric(Double.POSITIVE_INFINITY));
        // The ends of the double range: ε₀ = ε/2 underflows; the bracket 2ε₀ overflows.
        assertThrows(ArithmeticException.class, () -> uniform.epsilons(2, Double.MIN_VALUE, 0));
        assertThrows(ArithmeticException.class, () -> uniform.epsilons(1, Double.MAX_VALUE, 0.9));
        // 1000^200 is not a double.
        assertThrows(IllegalArgumentException.class, () -> BudgetAllocation.geometric(1e-3).epsilons(200, 1, 1e-5));
    }
}
