package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Reference values computed with mpmath at 60 significant digits (ncdf, log, findroot). */
class StandardNormalTest {

    @Test
    void logCdfMatchesHighPrecisionOnBothSidesOfTheSeriesSwitch() {
        // Relative tolerance 1e-13: ln Φ(x) ≈ −x²/2 inherits the relative rounding of x² and of
        // erfc's exp(−x²/2) (a few ulps of |ln Φ|), and the series truncation is < 2e-15.
        double[][] cases = {
            {-1, -1.8410216450092635058},
            {-10, -53.231285150512470578},
            {-36.9, -685.33288316535061216},   // erfc branch, just above the switch at −37
            {-37.1, -692.73828071562329266},   // asymptotic-series branch, just below it
            {-50, -1254.8313611394199013},
            {-1000, -500007.82669481218431},
            {3, -0.0013508099647481937988},
        };
        for (double[] c : cases) {
            assertEquals(c[1], StandardNormal.logCdf(c[0]), 1e-13 * Math.abs(c[1]), "x=" + c[0]);
        }
    }

    @Test
    void logMillsRatioMatchesHighPrecisionAlsoWhereTSquaredOverflows() {
        // Absolute tolerance 2e-13, the documented accuracy: below t = 37 the value is
        // ln Φ(−t) + t²/2 + ½ ln 2π, which loses a few ulps of t²/2 (≤ 685) to cancellation.
        double[][] cases = {
            {0, 0.2257913526447274323631},
            {1, -0.4220831118045907639905},
            {20, -2.998216837892591195024},
            {36.9, -3.608944632145991854629},   // ln Φ branch, just below the switch at 37
            {37.1, -3.61434218241856719244},    // asymptotic-series branch, just above it
            {1e10, -23.02585092994045684019},
            {1e200, -460.5170185988091368036},  // t² overflows; the value is −ln t to 1e-400
        };
        for (double[] c : cases) {
            assertEquals(c[1], StandardNormal.logMillsRatio(c[0]), 2e-13, "t=" + c[0]);
        }
        assertEquals(Double.NEGATIVE_INFINITY, StandardNormal.logMillsRatio(Double.POSITIVE_INFINITY));
    }

    @Test
    void quantileMatchesHighPrecisionInBothTails() {
        // Newton on ln Φ converges to within a few ulps; 1e-13 relative leaves room for erfc's error.
        double[][] cases = {
            {0.025, -1.9599639845400542355},
            {1e-10, -6.3613409024040562047},
            {1e-300, -37.047096299361199237},
            {0.7, 0.52440051270804078404},
        };
        for (double[] c : cases) {
            assertEquals(c[1], StandardNormal.quantile(c[0]), 1e-13 * Math.abs(c[1]), "p=" + c[0]);
        }
        assertEquals(0.0, StandardNormal.quantile(0.5), 1e-15);
        assertEquals(Double.NEGATIVE_INFINITY, StandardNormal.quantile(0));
        assertEquals(Double.POSITIVE_INFINITY, StandardNormal.quantile(1));
    }
}
