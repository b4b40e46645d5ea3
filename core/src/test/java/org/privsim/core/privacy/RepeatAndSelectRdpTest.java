package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Private selection against dp_accounting's RDP accountant: each vector is the ε that
 * {@code RdpAccountant()} reports at δ after composing
 * {@code RepeatAndSelectDpEvent(event, mean, shape)} (dp_accounting's Python source at
 * google/differential-privacy b5b0286, run with numpy 2.4 and scipy 1.17). Gaussian events (one of
 * noise multiplier z, composed `count` times: ε(α) = count·α/(2z²)) are matched to 1e-9 relative
 * (γ's bisection is the same, so the rest is rounding); the DP-SGD event (1000 Poisson-sampled
 * Gaussian steps, q = 0.01, z = 1) to 1e-4: at fractional orders privsim's sampled-Gaussian RDP is the
 * series with its signs, dp_accounting's adds the negative terms' magnitudes (an upper bound), 7 %
 * larger at order 1.1 here, and the selection's minimum over λ̂ reaches those low orders (the ε of
 * the single run, set by higher orders, agrees to 1e-6; the selection's to 1.2e-5).
 */
class RepeatAndSelectRdpTest {
    private static final double INF = Double.POSITIVE_INFINITY;

    @ParameterizedTest(name = "z = {0} x{1}, mean {2}, shape {3}")
    @CsvSource({
        "2.0, 1, 5.0, 1.0, 1e-5, 3.8897413324947587",
        "2.0, 1, 5.0, Infinity, 1e-5, 3.59417801077332",
        "2.0, 1, 5.0, 0.0, 1e-5, 3.3739567803658836",
        "2.0, 1, 5.0, 0.5, 1e-5, 3.653481785092069",
        "1.0, 1, 10.0, 2.0, 1e-6, 9.811258962358528",
        "5.0, 20, 1.0, 1.0, 1e-5, 4.241624306053592"})
    void matchesDpAccountingOnGaussians(double z, int count, double mean, double shape, double delta, double expected) {
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] single = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            single[i] = count * orders[i] / (2 * z * z);
        }
        assertEquals(expected, RepeatAndSelectRdp.epsilon(single, mean, shape, delta), 1e-9 * expected);
    }

    @ParameterizedTest(name = "DP-SGD, mean 3, shape {0}")
    @CsvSource({"1.0, 3.3367859327321936", "Infinity, 2.8306052478279127"})
    void matchesDpAccountingOnDpSgd(double shape, double expected) {
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] single = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            single[i] = 1000 * SampledGaussianRdp.rdp(0.01, 1.0, orders[i]);
        }
        // the single run alone: dp_accounting 2.101366525420273
        assertEquals(2.101366525420273, Conversions.tightEpsilonFromRdp(orders, single, 1e-5), 1e-6 * 2.1);
        assertEquals(expected, RepeatAndSelectRdp.epsilon(single, 3.0, shape, 1e-5), 1e-4 * expected);
    }

    /** The distribution's mean at its special shapes, and γ recovered from the mean. */
    @Test
    void theTruncatedNegativeBinomialMean() {
        assertEquals(5, RepeatAndSelectRdp.truncatedNegativeBinomialMean(0.2, 1), 1e-15);
        double gamma = 0.3;
        assertEquals((1 / gamma - 1) / Math.log(1 / gamma), RepeatAndSelectRdp.truncatedNegativeBinomialMean(gamma, 0), 1e-14);
        assertEquals(2 * (1 / gamma - 1) / (1 - gamma * gamma), RepeatAndSelectRdp.truncatedNegativeBinomialMean(gamma, 2), 1e-14);
        // dp_accounting's γ for shape 0.5, mean 5
        assertEquals(0.1370156211778521, RepeatAndSelectRdp.gammaForMean(0.5, 5), 1e-15);
        assertEquals(5, RepeatAndSelectRdp.truncatedNegativeBinomialMean(RepeatAndSelectRdp.gammaForMean(0.5, 5), 0.5), 1e-7);
    }

    /** Selection costs privacy: the curve only grows, and with the mean. */
    @Test
    void selectionCostsPrivacy() {
        double[] orders = SampledWithoutReplacementRdp.dpAccountingOrders();
        double[] single = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            single[i] = orders[i] / 8;
        }
        double once = Conversions.tightEpsilonFromRdp(orders, single, 1e-5);
        double previous = once;
        for (double mean : new double[] {1.5, 3, 10, 100}) {
            double selected = RepeatAndSelectRdp.epsilon(single, mean, 1, 1e-5);
            assertTrue(selected > previous, mean + ": " + selected + " after " + previous);
            previous = selected;
        }
        assertThrows(IllegalArgumentException.class, () -> RepeatAndSelectRdp.rdp(orders, single, 0.5, 1));
        assertThrows(IllegalArgumentException.class, () -> RepeatAndSelectRdp.rdp(orders, single, 3, -1));
        assertEquals(INF, RepeatAndSelectRdp.rdp(new double[] {1}, new double[] {0.1}, 3, INF)[0]);
    }
}
