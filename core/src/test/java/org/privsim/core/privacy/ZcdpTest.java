package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ZcdpTest {
    // The formulas are one or two floating-point operations, so 1e-12 is a loose bound on rounding.
    private static final double TOL = 1e-12;

    @Test
    void gaussianRhoKnownValues() {
        assertEquals(0.5, Zcdp.gaussianRho(1, 1), TOL);
        assertEquals(0.125, Zcdp.gaussianRho(2, 4), TOL);   // 4 / (2 * 16)
        assertEquals(18.0, Zcdp.gaussianRho(3, 0.5), TOL);  // 9 / (2 * 0.25)
    }

    @Test
    void sigmaForRhoInvertsGaussianRho() {
        for (double s : new double[] {0.01, 1, 7.5}) {
            for (double sigma : new double[] {0.1, 1, 42}) {
                double back = Zcdp.sigmaForRho(s, Zcdp.gaussianRho(s, sigma));
                assertEquals(sigma, back, TOL * sigma, () -> "S=" + s + " sigma=" + sigma);
            }
        }
        assertEquals(1.0, Zcdp.sigmaForRho(1, 0.5), TOL);
    }

    @Test
    void rdpIsAlphaTimesRho() {
        assertEquals(0.4, Zcdp.rdp(0.1, 4), TOL);
        assertEquals(0.0, Zcdp.rdp(0, 2), 0);
    }

    @Test
    void rejectsInvalidArguments() {
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Zcdp.gaussianRho(1, bad));
            assertTrue(e.getMessage().startsWith("sigma must be positive"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> Zcdp.gaussianRho(bad, 1));
            assertTrue(e.getMessage().startsWith("sensitivity must be positive"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> Zcdp.sigmaForRho(1, bad));
            assertTrue(e.getMessage().startsWith("rho must be positive"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Zcdp.rdp(0.1, 1));
        assertThrows(IllegalArgumentException.class, () -> Zcdp.rdp(-0.1, 2));
        assertThrows(IllegalArgumentException.class, () -> Zcdp.rdp(Double.NaN, 2));
    }
}
