package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import org.hipparchus.special.Erf;
import org.junit.jupiter.api.Test;

class ConversionsTest {
    private static final double[] DELTAS = {1e-3, 1e-6, 1e-10};
    private static final double[] RHOS = {1e-4, 0.01, 0.1, 1, 10};

    // ------------------------------------------------------------------ classic

    @Test
    void classicEpsilonHandComputed() {
        // ρ = 0.1, δ = 1e-5: L = ln(1e5) = 11.512925464970228, ρL = 1.1512925464970228,
        // √(ρL) = 1.0729830131446736, ε = 0.1 + 2 · 1.0729830131446736 = 2.2459660262893472.
        // Tolerance 1e-12: a handful of roundings on numbers of order 1.
        assertEquals(2.2459660262893472, Conversions.classicEpsilon(0.1, 1e-5), 1e-12);
        assertEquals(0.0, Conversions.classicEpsilon(0, 1e-5), 0);
    }

    // ------------------------------------------------------------------ tight RDP

    @Test
    void tightEpsilonReproducesOpenDpVector() {
        // OpenDP's test of make_zCDP_to_approxDP: Gaussian scale 4, sensitivity 1 ⇒ ρ = 1/32;
        // cdp_epsilon(1/32, 1e-3) == 0.6880024554878086. Tolerance 1e-9 as required; in fact
        // the value agrees with mpmath's 60-digit minimum 0.68800245548780839432 to a few ulps.
        assertEquals(0.6880024554878086, Conversions.tightEpsilon(1.0 / 32, 1e-3), 1e-9);
        assertEquals(0.68800245548780839432, Conversions.tightEpsilon(1.0 / 32, 1e-3), 1e-14);
    }

    @Test
    void tightEpsilonIsSmallerThanClassic() {
        for (double rho : RHOS) {
            for (double delta : DELTAS) {
                double tight = Conversions.tightEpsilon(rho, delta);
                double classic = Conversions.classicEpsilon(rho, delta);
                assertTrue(tight < classic, "rho=" + rho + " delta=" + delta + ": " + tight + " vs " + classic);
            }
        }
    }

    @Test
    void tightEpsilonIsTheMinimumOverContinuousOrders() {
        // The objective is smooth at its minimum, so a grid of orders spaced 0.1% apart comes
        // within ~1e-6 relative of it; the continuous minimum must be below every grid point
        // (up to 1e-12 relative rounding) and above the grid minimum minus that grid error.
        for (double rho : RHOS) {
            for (double delta : DELTAS) {
                double tight = Conversions.tightEpsilon(rho, delta);
                double gridMin = Double.POSITIVE_INFINITY;
                for (double logT = -12; logT <= 12; logT += 0.001) {
                    double alpha = 1 + Math.exp(logT);
                    double eps = Conversions.tightEpsilonFromRdp(new double[] {alpha}, new double[] {alpha * rho}, delta);
                    assertTrue(tight <= eps * (1 + 1e-12), "rho=" + rho + " delta=" + delta + " alpha=" + alpha);
                    gridMin = Math.min(gridMin, eps);
                }
                assertEquals(gridMin, tight, 1e-6 * gridMin, "rho=" + rho + " delta=" + delta);
            }
        }
    }

    @Test
    void tightEpsilonFromRdpReproducesDpAccountingVector() {
        // dp_accounting rdp_privacy_accountant_test: constant RDP 1.1 over integer orders 2..32,
        // δ = 1e-5 ⇒ ε = 1.32783806176. The expected value has 12 significant digits: 1e-9.
        double[] orders = IntStream.rangeClosed(2, 32).asDoubleStream().toArray();
        double[] rdp = new double[orders.length];
        java.util.Arrays.fill(rdp, 1.1);
        assertEquals(1.32783806176, Conversions.tightEpsilonFromRdp(orders, rdp, 1e-5), 1e-9);
    }

    @Test
    void continuousOrderIsNoWorseThanIntegerOrders() {
        double[] orders = IntStream.rangeClosed(2, 256).asDoubleStream().toArray();
        for (double rho : RHOS) {
            double[] rdp = new double[orders.length];
            for (int i = 0; i < orders.length; i++) {
                rdp[i] = Zcdp.rdp(rho, orders[i]);
            }
            for (double delta : DELTAS) {
                double discrete = Conversions.tightEpsilonFromRdp(orders, rdp, delta);
                // Exact rounding slack only: the continuous minimum is mathematically ≤ discrete.
                assertTrue(Conversions.tightEpsilon(rho, delta) <= discrete * (1 + 1e-12),
                        "rho=" + rho + " delta=" + delta);
            }
        }
    }

    @Test
    void rdpListValidation() {
        assertThrows(IllegalArgumentException.class,
                () -> Conversions.tightEpsilonFromRdp(new double[] {2, 3}, new double[] {1}, 1e-5));
        assertThrows(IllegalArgumentException.class,
                () -> Conversions.tightEpsilonFromRdp(new double[] {1}, new double[] {1}, 1e-5));
        assertThrows(IllegalArgumentException.class,
                () -> Conversions.tightEpsilonFromRdp(new double[] {2}, new double[] {Double.NaN}, 1e-5));
        assertEquals(Double.POSITIVE_INFINITY,
                Conversions.tightEpsilonFromRdp(new double[] {2}, new double[] {Double.POSITIVE_INFINITY}, 1e-5));
    }

    // ------------------------------------------------------------------ exact Gaussian

    @Test
    void gaussianDeltaAtZeroIsTwoPhiMinusOne() {
        // δ(0) = Φ(μ/2) − Φ(−μ/2) = 2Φ(μ/2) − 1 = erf(μ/(2√2)), computed here through erf instead
        // of erfc. Absolute 1e-14: both are differences/values of order ≤ 1 with ~1e-15 error.
        for (double mu : new double[] {0.01, 0.25, 1, 3, 10}) {
            double expected = Erf.erf(mu / (2 * Math.sqrt(2)));
            assertEquals(expected, Conversions.gaussianDelta(mu, 0), 1e-14, "mu=" + mu);
        }
    }

    @Test
    void gaussianDeltaMatchesHighPrecisionValues() {
        // mpmath, 60 digits, straight from the formula. Relative tolerance 1e-11: in the large-ε
        // cases ε + ln Φ(b) cancels two numbers of size ~1000, so the exponent carries an absolute
        // error of ~1000 · 2.2e-16 ≈ 2e-13, and erfc's argument conditioning adds a few times that.
        double[][] cases = {
            {1, 1, 0.1269367375066439458},
            {0.25, 0.5, 0.0027088802183181927041},
            {2, 3, 0.18381307654447215597},
            {0.1, 0.05, 0.020267457137435374155},
            {5, 30, 1.3132627111337326316e-4},
            {40, 1000, 2.5362965149565508754e-7},   // e^ε overflows a double: log-space term
            {50, 1465, 7.8304737850059952665e-6},   // Φ(b) underflows a double: series for ln Φ
        };
        for (double[] c : cases) {
            assertEquals(c[2], Conversions.gaussianDelta(c[0], c[1]), 1e-11 * c[2], "mu=" + c[0] + " eps=" + c[1]);
        }
    }

    @Test
    void gaussianDeltaMatchesIntegralOfPrivacyLoss() {
        // Independent method: the privacy loss of μ-GDP under the first distribution is
        // Λ ~ N(μ²/2, μ²) and δ(ε) = E[(1 − e^(ε−Λ))₊] (hockey-stick divergence). Composite
        // Simpson on [ε, μ²/2 + 40μ] with 200 000 intervals; the integrand is smooth there and
        // the truncated tail is below e^(−800), so the quadrature error is far below the
        // 1e-10 relative tolerance used here.
        double[][] cases = {{1, 1}, {0.25, 0.5}, {2, 3}, {0.5, 0.2}, {3, 8}};
        for (double[] c : cases) {
            double mu = c[0];
            double eps = c[1];
            double mean = mu * mu / 2;
            double upper = mean + 40 * mu;
            int n = 200_000;
            double h = (upper - eps) / n;
            double sum = 0;
            for (int i = 0; i <= n; i++) {
                double l = eps + i * h;
                double z = (l - mean) / mu;
                double f = (1 - Math.exp(eps - l)) * Math.exp(-0.5 * z * z) / (mu * Math.sqrt(2 * Math.PI));
                sum += f * (i == 0 || i == n ? 1 : (i % 2 == 1 ? 4 : 2));
            }
            double integral = sum * h / 3;
            assertEquals(integral, Conversions.gaussianDelta(mu, eps), 1e-10 * integral, "mu=" + mu + " eps=" + eps);
        }
    }

    @Test
    void analyticGaussianEpsilonRoundTrips() {
        // Bisection stops at adjacent doubles of ε, so the round trip error comes from δ's
        // ~1e-15 relative error divided by |dδ/dε|/δ (of order 1 here): 1e-9 is generous.
        double[][] cases = {{0.1, 0.1}, {0.5, 1}, {1, 1}, {1, 5}, {3, 5}, {10, 20}, {10, 60}};
        for (double[] c : cases) {
            double delta = Conversions.gaussianDelta(c[0], c[1]);
            assertTrue(delta > 0 && delta < 1);
            assertEquals(c[1], Conversions.analyticGaussianEpsilon(c[0], delta), 1e-9 * c[1],
                    "mu=" + c[0] + " eps=" + c[1]);
        }
    }

    @Test
    void analyticGaussianEpsilonMatchesHighPrecisionValues() {
        // mpmath bisection on the 60-digit δ(ε); 1e-10 relative (see the δ tolerance above).
        double[][] cases = {
            {1, 1e-5, 4.3771780956812246277},
            {0.25, 1e-3, 0.59200671836212913385},
            {3, 1e-6, 18.163445759078474799},
            {50, 1e-5, 1462.285015964779788},
        };
        for (double[] c : cases) {
            assertEquals(c[2], Conversions.analyticGaussianEpsilon(c[0], c[1]), 1e-10 * c[2], "mu=" + c[0]);
        }
    }

    @Test
    void analyticGaussianEpsilonIsZeroAboveDeltaAtZero() {
        double mu = 0.25;
        double deltaAtZero = Conversions.gaussianDelta(mu, 0); // ≈ 0.0995
        assertEquals(0.0, Conversions.analyticGaussianEpsilon(mu, deltaAtZero), 0);
        assertEquals(0.0, Conversions.analyticGaussianEpsilon(mu, 0.5), 0);
    }

    @Test
    void exactGaussianProfileIsTighterThanRdp() {
        // Both are computed to ~1e-12; the gap is orders of magnitude larger.
        for (double mu : new double[] {0.05, 0.25, 1, 3, 10}) {
            for (double delta : DELTAS) {
                double exact = Conversions.analyticGaussianEpsilon(mu, delta);
                double rdp = Conversions.tightEpsilon(mu * mu / 2, delta);
                assertTrue(exact <= rdp, "mu=" + mu + " delta=" + delta + ": " + exact + " vs " + rdp);
            }
        }
    }

    @Test
    void gaussianTradeoffMatchesHighPrecisionValues() {
        // mpmath Φ(−Φ⁻¹(α) − μ); 1e-13 relative leaves room for erfc and the Newton quantile.
        double[][] cases = {
            {0.5, 0.05, 0.87386510180656970725},
            {1, 0.05, 0.74048897715855592935},
            {2, 0.05, 0.36123996868766493568},
            {0.5, 1e-6, 0.99998947369397450349},
            {2, 1e-6, 0.99705122971354628159},
        };
        for (double[] c : cases) {
            assertEquals(c[2], Conversions.gaussianTradeoff(c[0], c[1]), 1e-13 * c[2], "mu=" + c[0] + " alpha=" + c[1]);
        }
        // μ = 0 is perfect privacy: the curve is the diagonal 1 − α. Endpoints are exact.
        assertEquals(0.7, Conversions.gaussianTradeoff(0, 0.3), 1e-15);
        assertEquals(1.0, Conversions.gaussianTradeoff(1, 0), 0);
        assertEquals(0.0, Conversions.gaussianTradeoff(1, 1), 0);
    }

    // ------------------------------------------------------------------ inverses

    @Test
    void inversesRoundTrip() {
        // Tolerance 1e-9 relative (required); the bisections actually stop at adjacent doubles.
        for (double eps : new double[] {0.1, 1, 2, 5, 10}) {
            for (double delta : DELTAS) {
                String where = "eps=" + eps + " delta=" + delta;
                double classicRho = Conversions.rhoForClassicEpsilon(eps, delta);
                assertEquals(eps, Conversions.classicEpsilon(classicRho, delta), 1e-9 * eps, where);

                double tightRho = Conversions.rhoForTightEpsilon(eps, delta);
                assertEquals(eps, Conversions.tightEpsilon(tightRho, delta), 1e-9 * eps, where);
                assertTrue(Conversions.tightEpsilon(tightRho, delta) <= eps, where);
                assertTrue(tightRho > classicRho, where);

                double mu = Conversions.muForGaussianEpsilon(eps, delta);
                assertEquals(eps, Conversions.analyticGaussianEpsilon(mu, delta), 1e-9 * eps, where);
                assertTrue(Conversions.gaussianDelta(mu, eps) <= delta, where);
                assertTrue(mu * mu / 2 > tightRho, where);
            }
        }
        // mpmath bisection: the μ with δ(1) = 1e-5 is 0.2680511232112942179.
        assertEquals(0.2680511232112942179, Conversions.muForGaussianEpsilon(1, 1e-5), 1e-12);
    }

    @Test
    void rejectsInvalidArguments() {
        for (double bad : new double[] {0, 1, -0.5, 2, Double.NaN}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Conversions.tightEpsilon(0.1, bad));
            assertTrue(e.getMessage().startsWith("delta must be in (0, 1)"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> Conversions.classicEpsilon(-1, 1e-5));
        assertThrows(IllegalArgumentException.class, () -> Conversions.rhoForTightEpsilon(0, 1e-5));
        assertThrows(IllegalArgumentException.class, () -> Conversions.gaussianDelta(0, 1));
        assertThrows(IllegalArgumentException.class, () -> Conversions.gaussianTradeoff(1, 1.5));
    }
}
