package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The without-replacement bound against dp_accounting's RDP accountant: each vector is the ε that
 * {@code RdpAccountant(neighboring_relation=REPLACE_ONE)} reports after composing
 * {@code SelfComposedDpEvent(SampledWithoutReplacementDpEvent(n, m, GaussianDpEvent(z)), T)} and asking
 * {@code get_epsilon(δ)} (dp_accounting's Python source at google/differential-privacy b5b0286, run
 * with numpy 2.4 and scipy 1.17). Required: 1e-12 relative (both sides sum the same bound in log space;
 * the bound is summed in the same order, so the two agree to rounding).
 */
class SampledWithoutReplacementRdpTest {

    @ParameterizedTest(name = "n = {0}, m = {1}, z = {2}, T = {3}, delta = {4}")
    @CsvSource({
        "1000, 10, 1.0, 100, 1e-5, 1.482525669114427",
        "60000, 256, 1.1, 1000, 1e-5, 1.2786376511282933",
        "10000, 100, 0.8, 50, 1e-6, 2.8023562112287395",
        "100000, 1000, 2.0, 3000, 1e-5, 2.6193579510615947",
        "500, 50, 4.0, 10, 1e-5, 0.6188767318024068"})
    void matchesDpAccounting(int n, int m, double z, int steps, double delta, double expected) {
        double epsilon = SampledWithoutReplacementRdp.epsilon((double) m / n, z, steps, delta);
        assertEquals(expected, epsilon, 1e-12 * expected);
    }

    /** q = 1 is the Gaussian mechanism; q = 0 releases nothing about anyone; order 1 is 0. */
    @Test
    void edgesAreTheGaussianAndNothing() {
        assertEquals(3 / (2 * 0.7 * 0.7), SampledWithoutReplacementRdp.rdp(1, 0.7, 3), 1e-15);
        assertEquals(0, SampledWithoutReplacementRdp.rdp(0, 0.7, 3));
        assertEquals(0, SampledWithoutReplacementRdp.rdp(0.1, 0.7, 1));
    }

    /**
     * Sampling only helps: the bound never exceeds the Gaussian's α/(2z²), and it grows with q and
     * shrinks with z; beyond order 256 (no differences) it stays valid and above the differenced bound's
     * trend.
     */
    @Test
    void theBoundIsOrderedAsTheMechanismIs() {
        for (double alpha : SampledWithoutReplacementRdp.dpAccountingOrders()) {
            double rdp = SampledWithoutReplacementRdp.rdp(0.01, 1.0, alpha);
            assertTrue(rdp >= 0 && rdp <= alpha / 2 + 1e-12, alpha + ": " + rdp);
            assertTrue(SampledWithoutReplacementRdp.rdp(0.02, 1.0, alpha) >= rdp, "q grows at " + alpha);
            assertTrue(SampledWithoutReplacementRdp.rdp(0.01, 2.0, alpha) <= rdp, "z grows at " + alpha);
        }
    }

    @Test
    void refusesInvalidArguments() {
        assertThrows(IllegalArgumentException.class, () -> SampledWithoutReplacementRdp.rdp(1.5, 1, 2));
        assertThrows(IllegalArgumentException.class, () -> SampledWithoutReplacementRdp.rdp(0.1, 0, 2));
        assertThrows(IllegalArgumentException.class, () -> SampledWithoutReplacementRdp.rdp(0.1, 1, 0.5));
        assertThrows(IllegalArgumentException.class, () -> SampledWithoutReplacementRdp.epsilon(0.1, 1, 0, 1e-5));
    }
}
