package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The private selection's accounting against dp_accounting's {@code RepeatAndSelectDpEvent} of a
 * Gaussian mechanism of noise multiplier z (ρ = 1/(2z²); the vectors of {@link RepeatAndSelectRdpTest}),
 * its calibration of the candidate ρ, and its draw of the number of candidates.
 */
class PrivateSelectionTest {

    @ParameterizedTest(name = "z = {0}, mean {1}, shape {2}")
    @CsvSource({
        "2.0, 5.0, 1.0, 1e-5, 3.8897413324947587",
        "2.0, 5.0, 0.0, 1e-5, 3.3739567803658836",
        "2.0, 5.0, 0.5, 1e-5, 3.653481785092069",
        "1.0, 10.0, 2.0, 1e-6, 9.811258962358528"})
    void accountsAsDpAccountingAndCalibratesBack(double z, double mean, double shape, double delta, double expected) {
        PrivateSelection selection = new PrivateSelection(mean, shape);
        double rho = 1 / (2 * z * z);
        assertEquals(expected, selection.epsilon(rho, delta), 1e-3 * expected);
        double calibrated = selection.candidateRho(expected, delta);
        assertTrue(selection.epsilon(calibrated, delta) <= expected);
        assertEquals(rho, calibrated, 1e-6 * rho);
    }

    @Test
    void drawsTheTruncatedNegativeBinomial() {
        for (double shape : new double[] {0, 1, 2}) {
            PrivateSelection selection = new PrivateSelection(4, shape);
            SplittableRandom random = new SplittableRandom(3);
            int draws = 40_000;
            double sum = 0;
            int ones = 0;
            for (int i = 0; i < draws; i++) {
                int k = selection.count(random);
                assertTrue(k >= 1);
                sum += k;
                ones += k == 1 ? 1 : 0;
            }
            assertEquals(4, sum / draws, 0.15, "shape " + shape);
            if (shape == 1) {
                assertEquals(0.25, (double) ones / draws, 0.01, "geometric: P(K = 1) = 1/mean");
            }
        }
        assertEquals(1, new PrivateSelection(1, 1).count(new SplittableRandom(1)));
    }

    @Test
    void refusesWhatTheTheoremsDoNotCover() {
        assertThrows(IllegalArgumentException.class, () -> new PrivateSelection(0.5, 1));
        assertThrows(IllegalArgumentException.class, () -> new PrivateSelection(4, Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> new PrivateSelection(1000, 1).candidateRho(0.01, 1e-6));
    }
}
