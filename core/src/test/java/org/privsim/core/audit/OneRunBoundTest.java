package org.privsim.core.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The one-run bound against the paper's own numbers and a closed form. The paper (arXiv 2305.08846v1)
 * prints its bounds to three decimals, so they are matched to within 1e-3.
 */
class OneRunBoundTest {

    /**
     * App. D's worked example: 1000 canaries, 100 guesses, 75 right, δ = 1e-4, 95 % confidence:
     * ε ≥ 0.673; and §7's (Fig. 11) best DP-SGD audit: 100,000 canaries, 1510 guesses, 1439 right,
     * δ = 1e-5, 95 %: ε ≥ 2.675.
     */
    @Test
    void reproducesThePapersWorkedBounds() {
        assertEquals(0.673, OneRunBound.epsilonLowerBound(1000, 100, 75, 1e-4, 0.95), 1e-3);
        assertEquals(2.675, OneRunBound.epsilonLowerBound(100_000, 1510, 1439, 1e-5, 0.95), 1e-3);
    }

    /**
     * With δ = 0 and every guess right the p-value is q^r, so the bound solves q^r = β:
     * q = β^(1/r), ε = log(q / (1 − q)).
     */
    @Test
    void allGuessesRightWithoutDeltaIsTheClosedForm() {
        for (int r : new int[] {5, 20, 100, 1000}) {
            double q = Math.pow(0.05, 1.0 / r);
            assertEquals(Math.log(q / (1 - q)), OneRunBound.epsilonLowerBound(r, r, r, 0, 0.95), 1e-8, "r = " + r);
            assertEquals(Math.pow(1 / (1 + Math.exp(-1.5)), r), OneRunBound.pValue(2 * r, r, r, 1.5, 0), 1e-12);
        }
    }

    /** Chance-level guessing rejects nothing; more right guesses, or less δ, give a larger bound. */
    @Test
    void theBoundGrowsWithTheEvidence() {
        assertEquals(0, OneRunBound.epsilonLowerBound(1000, 100, 50, 1e-5, 0.95));
        double previous = 0;
        for (int v = 60; v <= 100; v += 10) {
            double bound = OneRunBound.epsilonLowerBound(1000, 100, v, 1e-5, 0.95);
            assertTrue(bound > previous, v + " right: " + bound + " after " + previous);
            previous = bound;
        }
        assertTrue(OneRunBound.epsilonLowerBound(1000, 100, 90, 0, 0.95)
                > OneRunBound.epsilonLowerBound(1000, 100, 90, 1e-3, 0.95));
        // the δ term counts every canary: the same guesses among more canaries prove less
        assertTrue(OneRunBound.epsilonLowerBound(100, 100, 90, 1e-4, 0.95)
                > OneRunBound.epsilonLowerBound(100_000, 100, 90, 1e-4, 0.95));
    }

    @Test
    void refusesImpossibleCounts() {
        assertThrows(IllegalArgumentException.class, () -> OneRunBound.epsilonLowerBound(10, 11, 5, 1e-5, 0.95));
        assertThrows(IllegalArgumentException.class, () -> OneRunBound.epsilonLowerBound(10, 5, 6, 1e-5, 0.95));
        assertThrows(IllegalArgumentException.class, () -> OneRunBound.epsilonLowerBound(10, 5, 4, 1, 0.95));
        assertThrows(IllegalArgumentException.class, () -> OneRunBound.epsilonLowerBound(10, 5, 4, 1e-5, 1));
        assertThrows(IllegalArgumentException.class, () -> OneRunBound.pValue(10, 5, 4, Double.NaN, 1e-5));
    }
}
