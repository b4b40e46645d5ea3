package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.DoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The accountant registry and the one calibration: every accountant reads a known Gaussian as its
 * closed form, calibration round-trips (the σ found meets ε and the next smaller σ within the
 * search's precision does not), and the σ of the sampled-Gaussian calibrations are the values the
 * per-accountant searches returned before they shared {@link NoiseCalibration}, bit for bit.
 */
class AccountantsTest {
    private static final double DELTA = 1e-5;

    @Test
    void registryNamesEachCurrencyOnce() {
        assertEquals(List.of("zcdp", "pure", "rdp", "pld"), Accountants.all().stream().map(PrivacyAccountant::id)
                .toList());
        assertEquals(List.of(Release.Currency.ZCDP_RHO, Release.Currency.PURE_EPSILON, Release.Currency.RDP_EPSILON,
                Release.Currency.PLD_EPSILON), Accountants.all().stream().map(PrivacyAccountant::currency).toList());
        for (PrivacyAccountant a : Accountants.all()) {
            assertSame(a, Accountants.named(a.id()));
        }
        assertTrue(Accountants.byId("moments").isEmpty());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Accountants.named("moments"));
        assertTrue(e.getMessage().contains("moments"), e.getMessage());
    }

    /** A Gaussian of sensitivity 2 and σ = 3 run 5 times: ρ = 5·4/18, μ = √5·2/3. */
    @Test
    void everyAccountantReadsAKnownGaussianAsItsClosedForm() {
        DpEvent event = new DpEvent.Gaussian(2, 3).times(5);
        double rho = 5 * Zcdp.gaussianRho(2, 3);
        assertEquals(Conversions.tightEpsilon(rho, DELTA), Accountants.ZCDP.epsilon(event, DELTA), 1e-12);
        double[] orders = SampledGaussianRdp.defaultOrders();
        double[] curve = new double[orders.length];
        for (int i = 0; i < orders.length; i++) {
            curve[i] = orders[i] * rho;
        }
        assertEquals(Conversions.tightEpsilonFromRdp(orders, curve, DELTA), Accountants.RDP.epsilon(event, DELTA),
                1e-12);
        double exact = Conversions.analyticGaussianEpsilon(Math.sqrt(5) * 2 / 3, DELTA);
        double pld = Accountants.PLD.epsilon(event, DELTA);
        assertTrue(pld >= exact && pld < exact * (1 + 1e-3), pld + " against the exact " + exact);
        assertFalse(Accountants.PURE.accounts(event));
        assertThrows(IllegalArgumentException.class, () -> Accountants.PURE.epsilon(event, DELTA));
    }

    /** Pure ε: T releases of ε₀ cost the composition bound; δ = 0 is basic composition. */
    @Test
    void pureAccountantComposesByTheCompositionBound() {
        DpEvent event = new DpEvent.PureEpsilon(0.1).times(50);
        double[] fifty = new double[50];
        java.util.Arrays.fill(fifty, 0.1);
        assertEquals(CompositionBound.of(fifty, DELTA), Accountants.PURE.epsilon(event, DELTA), 0);
        assertEquals(CompositionBound.basic(fifty), Accountants.PURE.epsilon(event, 0), 0);
        assertFalse(Accountants.RDP.accounts(event) || Accountants.PLD.accounts(event)
                || Accountants.ZCDP.accounts(event));
    }

    /** ε(σ*) ≤ ε for the σ* the calibration returns, and ε of the next smaller σ the search resolves exceeds it. */
    @Test
    void calibrationRoundTripsUnderEveryAccountant() {
        for (PrivacyAccountant a : Accountants.all()) {
            DoubleFunction<DpEvent> eventAt = a == Accountants.PURE
                    ? x -> new DpEvent.PureEpsilon(1 / x).times(10)
                    : x -> new DpEvent.Gaussian(1, x).times(10);
            double sigma = NoiseCalibration.smallestNoise(a, eventAt, 2, DELTA);
            assertTrue(a.epsilon(eventAt.apply(sigma), DELTA) <= 2, a.id());
            double below = a.search() == NoiseSearch.ADJACENT_DOUBLES ? Math.nextDown(sigma)
                    : sigma / (1 + NoiseSearch.RELATIVE_TOLERANCE);
            assertTrue(a.epsilon(eventAt.apply(below), DELTA) > 2, a.id());
        }
    }

    /**
     * σ of sampled-Gaussian runs (q, steps, δ, ε) as the RDP (tight, classic) and PLD searches
     * returned them before the calibration was shared: equal to the last bit.
     */
    @Test
    void sampledGaussianSigmasAreTheSearchesOfBefore() {
        double[][] cases = {{0.01, 1000, 1e-5, 1}, {0.2, 20, 1e-6, 2}, {0.1, 1, 1e-5, 1}};
        double[][] expected = {
            {0x1.835bf95b4032p0, 0x1.c4ea6244e09d7p0, 0x1.6a253cb130957p0},
            {0x1.4a20d74064dfbp1, 0x1.75712f1ffe70fp1, 0x1.3381590269d47p1},
            {0x1.7658f4c9d8519p0, 0x1.b6dba28da7ccbp0, 0x1.424810db0f1a2p0}};
        for (int i = 0; i < cases.length; i++) {
            double q = cases[i][0];
            int steps = (int) cases[i][1];
            double delta = cases[i][2];
            double epsilon = cases[i][3];
            DoubleFunction<DpEvent> run = sigma -> new DpEvent.PoissonSampledGaussian(q, sigma).times(steps);
            assertEquals(expected[i][0], NoiseCalibration.smallestNoise(Accountants.RDP, run, epsilon, delta), 0);
            assertEquals(expected[i][1], SampledGaussianRdp.sigmaFor(q, steps, delta, epsilon,
                    SampledGaussianRdp.Conversion.CLASSIC), 0);
            assertEquals(expected[i][2], NoiseCalibration.smallestNoise(Accountants.PLD, run, epsilon, delta), 0);
        }
        assertEquals(0x1.dd855675fdfd9p2, PldAccountant.gaussianSigmaFor(2, 1e-5, 1), 0);
    }

    /** A target at or below the RDP conversion's floor is refused, naming the floor. */
    @Test
    void calibrationRefusesATargetNoNoiseReaches() {
        double floor = Accountants.RDP.epsilonFloor(DELTA);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NoiseCalibration
                .smallestNoise(Accountants.RDP, x -> new DpEvent.Gaussian(1, x), floor, DELTA));
        assertTrue(e.getMessage().contains("rdp") && e.getMessage().contains(Double.toString(floor)), e.getMessage());
    }
}
