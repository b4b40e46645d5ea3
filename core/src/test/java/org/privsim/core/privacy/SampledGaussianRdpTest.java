package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.privsim.core.privacy.SampledGaussianRdp.Conversion;
import org.privsim.core.privacy.SampledGaussianRdp.Epsilon;

/**
 * Reference values for the DP-SGD test vector come from python3 + mpmath 1.3.0 (not from this
 * class): the exact binomial sum for A_α at 60 digits for integer orders, and mp.quad of
 * E_{N(0,σ²)}[(μ/μ₀)^α] at 40 digits for the default (partly fractional) orders. The other values
 * are checked against a trapezoid integration written here.
 */
class SampledGaussianRdpTest {
    /** The DP-SGD test vector: batches of 256 of 60,000 records, σ = 1.1, 14,040 steps (≈ 60 epochs), δ = 1e-5. */
    private static final double Q = 256.0 / 60000;
    private static final double SIGMA = 1.1;
    private static final int STEPS = 14040;
    private static final double DELTA = 1e-5;

    private static double[] integerOrders() {
        return IntStream.rangeClosed(2, 256).asDoubleStream().toArray();
    }

    @Test
    void testVectorAtIntegerOrders() {
        Epsilon e = SampledGaussianRdp.epsilon(Q, SIGMA, STEPS, DELTA, integerOrders());
        // The published value, to the 1e-3 it is quoted with.
        assertEquals(3.007, e.classicEpsilon(), 1e-3);
        // mpmath, 60 digits, q = 256/60000 and σ = 1.1 as exact decimals (their doubles differ by
        // 1e-16 relative): classic 3.006643285899004952 at α = 9, tight 2.5948176752356947521 at
        // α = 8. Tolerance 1e-12 relative: integer orders are computed to a few hundred ulps.
        assertEquals(3.006643285899004952, e.classicEpsilon(), 1e-12 * 3.0);
        assertEquals(9, e.classicOrder());
        assertEquals(2.5948176752356947521, e.tightEpsilon(), 1e-12 * 2.6);
        assertEquals(8, e.tightOrder());
    }

    @Test
    void testVectorAtDefaultOrders() {
        Epsilon e = SampledGaussianRdp.epsilon(Q, SIGMA, STEPS, DELTA, SampledGaussianRdp.defaultOrders());
        // mpmath quad, 40 digits, with the doubles of q and σ: classic 3.0058748679163244672 at
        // α = 8.8, tight 2.5943633549456725998 at α = 8.1. Tolerance 1e-10 relative: at fractional
        // orders ln A_α is accurate to ~1e-15 absolute, which S/(α − 1) ≈ 2000 amplifies.
        assertEquals(3.0058748679163244672, e.classicEpsilon(), 1e-10 * 3.0);
        assertEquals(8.8, e.classicOrder());
        assertEquals(2.5943633549456725998, e.tightEpsilon(), 1e-10 * 2.6);
        assertEquals(8.1, e.tightOrder());
    }

    @Test
    void fullSamplingIsThePlainGaussian() {
        for (double sigma : new double[] {0.5, 1.1, 7}) {
            for (double alpha : new double[] {1.1, 1.5, 2, 2.5, 10, 10.5, 256}) {
                double gaussian = alpha / (2 * sigma * sigma);
                // 1e-12 relative, as required (q = 1 is evaluated as α/(2σ²) itself).
                assertEquals(gaussian, SampledGaussianRdp.rdp(1, sigma, alpha), 1e-12 * gaussian);
                // Continuity: q = 1 − 1e-9 through the general series and sums. A_α is smooth in q
                // with a derivative of order α·A_α, so 1e-6 relative is ample.
                assertEquals(gaussian, SampledGaussianRdp.rdp(1 - 1e-9, sigma, alpha), 1e-6 * gaussian,
                        "sigma=" + sigma + " alpha=" + alpha);
            }
        }
    }

    @Test
    void matchesNumericalIntegrationOfTheDivergence() {
        double[][] cases = {
            // q, σ, α
            {Q, SIGMA, 2.5},
            {Q, SIGMA, 20},       // A_α ≈ e^48: the k = α term dominates
            {0.01, 1.0, 10.5},
            {0.1, 2.0, 1.25},
            {0.5, 0.8, 3},
            {0.5, 1.0, 1.1},      // the slowest series: q = ½, α near 1
        };
        for (double[] c : cases) {
            double q = c[0];
            double sigma = c[1];
            double alpha = c[2];
            double[] logAB = integrateLogAB(q, sigma, alpha);
            double expected = logAB[0] / (alpha - 1);
            // 1e-9 relative, as required; the trapezoid rule is spectrally accurate here and both
            // sides carry ~1e-15 absolute error in ln A_α, below 1e-9 of every case's ln A_α.
            assertEquals(expected, SampledGaussianRdp.rdp(q, sigma, alpha), 1e-9 * expected,
                    "q=" + q + " sigma=" + sigma + " alpha=" + alpha);
            // MTZ: the other direction, B_α = E_μ[(μ₀/μ)^α], is never larger.
            assertTrue(logAB[1] <= logAB[0], "B > A at " + Arrays.toString(c));
        }
    }

    /**
     * {ln A_α, ln B_α} by the trapezoid rule with step σ/64 on [−40σ, α + 40σ] (A's integrand
     * peaks near α for small σ), summing A − 1 and B − 1 with expm1/log1p so that values of A near
     * 1 keep their relative precision.
     */
    private static double[] integrateLogAB(double q, double sigma, double alpha) {
        double h = sigma / 64;
        double lo = -40 * sigma;
        int n = (int) Math.ceil((alpha + 80 * sigma) / h);
        double logNorm = Math.log(sigma * Math.sqrt(2 * Math.PI));
        CompensatedSum a = new CompensatedSum();
        CompensatedSum b = new CompensatedSum();
        for (int i = 0; i <= n; i++) {
            double x = lo + i * h;
            double weight = i == 0 || i == n ? 0.5 : 1;
            double logDensity = -x * x / (2 * sigma * sigma) - logNorm;
            double logRatio = Math.log1p(q * Math.expm1((2 * x - 1) / (2 * sigma * sigma))); // ln μ/μ₀
            a.add(weight * densityTimesPowerMinusOne(logDensity, alpha * logRatio));
            b.add(weight * densityTimesPowerMinusOne(logDensity, (1 - alpha) * logRatio));
        }
        return new double[] {Math.log1p(h * a.sum()), Math.log1p(h * b.sum())};
    }

    /** e^logDensity · (e^logPower − 1), without 0·∞ where the density underflows. */
    private static double densityTimesPowerMinusOne(double logDensity, double logPower) {
        if (Math.abs(logPower) < 1) {
            return Math.exp(logDensity) * Math.expm1(logPower);
        }
        return Math.exp(logDensity + logPower) - Math.exp(logDensity);
    }

    /** Neumaier's compensated summation. */
    private static final class CompensatedSum {
        private double sum;
        private double compensation;

        void add(double value) {
            double t = sum + value;
            compensation += Math.abs(sum) >= Math.abs(value) ? (sum - t) + value : (value - t) + sum;
            sum = t;
        }

        double sum() {
            return sum + compensation;
        }
    }

    @Test
    void increasesWithTheOrder() {
        double[] orders = SampledGaussianRdp.defaultOrders();
        for (double[] c : new double[][] {{Q, SIGMA}, {0.01, 0.7}, {0.3, 3}}) {
            double[] curve = SampledGaussianRdp.rdp(c[0], c[1], 1, orders);
            // Strictly: Rényi divergence grows with the order, here by far more than the ~1e-15
            // absolute error of ln A_α between neighbouring grid orders.
            for (int i = 1; i < orders.length; i++) {
                assertTrue(curve[i - 1] < curve[i], "q=" + c[0] + " sigma=" + c[1] + " at " + orders[i]);
            }
        }
    }

    @Test
    void increasesWithTheSamplingRate() {
        double[] rates = {1e-6, 1e-4, 1e-3, Q, 0.01, 0.1, 0.5, 0.9, 0.999, 1};
        for (double alpha : new double[] {1.25, 2, 2.5, 8.8, 32, 256}) {
            double previous = 0;
            for (double q : rates) {
                double r = SampledGaussianRdp.rdp(q, SIGMA, alpha);
                // Strictly (no tolerance): even at q = 1e-6 the values are ~1e-12, far above the
                // ~1e-15/(α − 1) absolute error of the fractional orders.
                assertTrue(r > previous, "alpha=" + alpha + " q=" + q + ": " + r + " <= " + previous);
                previous = r;
            }
        }
    }

    @Test
    void compositionIsLinearInTheSteps() {
        double[] orders = SampledGaussianRdp.defaultOrders();
        double[] one = SampledGaussianRdp.rdp(Q, SIGMA, 1, orders);
        double[] many = SampledGaussianRdp.rdp(Q, SIGMA, STEPS, orders);
        double[] twice = SampledGaussianRdp.rdp(Q, SIGMA, 2 * STEPS, orders);
        for (int i = 0; i < orders.length; i++) {
            // Exactly: S·ε(α) is one rounded product, and doubling commutes with rounding.
            assertEquals(STEPS * one[i], many[i], 0);
            assertEquals(2 * many[i], twice[i], 0);
        }
    }

    @Test
    void sigmaForInvertsEpsilon() {
        for (Conversion conversion : Conversion.values()) {
            for (double[] c : new double[][] {{Q, STEPS, 1e-5, 3.0}, {0.01, 1000, 1e-6, 1.0}, {0.03, 300, 1e-3, 4}}) {
                double q = c[0];
                int steps = (int) c[1];
                double delta = c[2];
                double target = c[3];
                double sigma = SampledGaussianRdp.sigmaFor(q, steps, delta, target, conversion);
                double reached = SampledGaussianRdp.epsilon(q, sigma, steps, delta,
                        SampledGaussianRdp.defaultOrders()).of(conversion);
                // Meets the target, and to 1e-6 relative (the bisection stops at adjacent doubles).
                assertTrue(reached <= target, conversion + " " + Arrays.toString(c) + ": " + reached);
                assertEquals(target, reached, 1e-6 * target, conversion + " " + Arrays.toString(c));
            }
        }
        // Back to the test vector's σ = 1.1 from its ε at the default orders (1e-6 relative).
        assertEquals(SIGMA, SampledGaussianRdp.sigmaFor(Q, STEPS, DELTA, 3.0058748679163244672, Conversion.CLASSIC),
                1e-6 * SIGMA);
        assertEquals(SIGMA, SampledGaussianRdp.sigmaFor(Q, STEPS, DELTA, 2.5943633549456725998, Conversion.TIGHT),
                1e-6 * SIGMA);
    }

    @Test
    void epsilonFloorIsTheConversionOfZeroRdp() {
        double[] orders = SampledGaussianRdp.defaultOrders();
        // Classic: ln(1/δ)/(256 − 1), to rounding.
        assertEquals(Math.log(1e5) / 255, SampledGaussianRdp.epsilonFloor(DELTA, Conversion.CLASSIC), 1e-15);
        assertEquals(Conversions.tightEpsilonFromRdp(orders, new double[orders.length], DELTA),
                SampledGaussianRdp.epsilonFloor(DELTA, Conversion.TIGHT), 0);
        // A huge σ comes within 1e-9 of the floor.
        Epsilon e = SampledGaussianRdp.epsilon(Q, 1e6, STEPS, DELTA, orders);
        assertEquals(SampledGaussianRdp.epsilonFloor(DELTA, Conversion.CLASSIC), e.classicEpsilon(), 1e-9);
        IllegalArgumentException unreachable = assertThrows(IllegalArgumentException.class,
                () -> SampledGaussianRdp.sigmaFor(Q, STEPS, DELTA, 0.04, Conversion.CLASSIC));
        assertTrue(unreachable.getMessage().startsWith("targetEpsilon must exceed 0.0451"), unreachable.getMessage());
    }

    @Test
    void extremeArgumentsGiveInfinityOrZeroButNeverNaN() {
        // σ so small that (α² − α)/(2σ²) overflows: +∞, at integer and fractional orders.
        assertEquals(Double.POSITIVE_INFINITY, SampledGaussianRdp.rdp(0.5, 1e-160, 2));
        assertEquals(Double.POSITIVE_INFINITY, SampledGaussianRdp.rdp(0.5, 1e-160, 2.5));
        for (double q : new double[] {Double.MIN_VALUE, 1e-300, 1e-9, 0.5, 1 - 1e-16}) {
            for (double sigma : new double[] {1e-150, 1e-3, 1, 1e3, 1e200, Double.MAX_VALUE}) {
                for (double alpha : new double[] {1 + 1e-9, 1.5, 2, 64.5, 256}) {
                    double r = SampledGaussianRdp.rdp(q, sigma, alpha);
                    assertTrue(r >= 0, "q=" + q + " sigma=" + sigma + " alpha=" + alpha + ": " + r);
                }
            }
        }
        // Bounded by the unsampled Gaussian α/(2σ²) (subsampling never hurts); 1e-12 slack.
        assertTrue(SampledGaussianRdp.rdp(0.5, 1e3, 2.5) <= 2.5 / 2e6 * (1 + 1e-12));
    }

    @Test
    void defaultOrdersAreTheDocumentedGrid() {
        double[] orders = SampledGaussianRdp.defaultOrders();
        assertEquals(157, orders.length);
        for (int i = 1; i < orders.length; i++) {
            assertTrue(orders[i - 1] < orders[i]);
        }
        assertArrayEquals(new double[] {1.1, 1.2, 1.25, 1.3}, Arrays.copyOf(orders, 4));
        assertArrayEquals(new double[] {10.9, 11, 12, 13}, Arrays.copyOfRange(orders, 100, 104));
        assertArrayEquals(new double[] {63, 64, 128, 256}, Arrays.copyOfRange(orders, 153, 157));
        assertTrue(Arrays.binarySearch(orders, 1.75) >= 0);
        orders[0] = 99;
        assertEquals(1.1, SampledGaussianRdp.defaultOrders()[0]);
    }

    @Test
    void invalidArgumentsNameTheParameter() {
        double[] orders = {2, 3};
        assertRejects("q", () -> SampledGaussianRdp.rdp(0, SIGMA, 2));
        assertRejects("q", () -> SampledGaussianRdp.rdp(-0.1, SIGMA, 2));
        assertRejects("q", () -> SampledGaussianRdp.rdp(1.5, SIGMA, 2));
        assertRejects("q", () -> SampledGaussianRdp.rdp(Double.NaN, SIGMA, 2));
        assertRejects("sigma", () -> SampledGaussianRdp.rdp(Q, 0, 2));
        assertRejects("sigma", () -> SampledGaussianRdp.rdp(Q, -1, 2));
        assertRejects("sigma", () -> SampledGaussianRdp.rdp(Q, Double.POSITIVE_INFINITY, 2));
        assertRejects("alpha", () -> SampledGaussianRdp.rdp(Q, SIGMA, 1));
        assertRejects("alpha", () -> SampledGaussianRdp.rdp(Q, SIGMA, 0.5));
        assertRejects("alpha", () -> SampledGaussianRdp.rdp(Q, SIGMA, Double.NaN));
        assertRejects("alpha", () -> SampledGaussianRdp.rdp(Q, SIGMA, Double.POSITIVE_INFINITY));
        assertRejects("steps", () -> SampledGaussianRdp.rdp(Q, SIGMA, 0, orders));
        assertRejects("steps", () -> SampledGaussianRdp.epsilon(Q, SIGMA, -3, DELTA, orders));
        assertRejects("orders[1]", () -> SampledGaussianRdp.rdp(Q, SIGMA, 1, new double[] {2, 1}));
        assertRejects("orders", () -> SampledGaussianRdp.rdp(Q, SIGMA, 1, new double[0]));
        assertRejects("delta", () -> SampledGaussianRdp.epsilon(Q, SIGMA, STEPS, 0, orders));
        assertRejects("delta", () -> SampledGaussianRdp.epsilon(Q, SIGMA, STEPS, 1, orders));
        assertRejects("delta", () -> SampledGaussianRdp.epsilon(Q, SIGMA, STEPS, Double.NaN, orders));
        assertRejects("q", () -> SampledGaussianRdp.sigmaFor(0, STEPS, DELTA, 1, Conversion.TIGHT));
        assertRejects("steps", () -> SampledGaussianRdp.sigmaFor(Q, 0, DELTA, 1, Conversion.TIGHT));
        assertRejects("delta", () -> SampledGaussianRdp.sigmaFor(Q, STEPS, 1.5, 1, Conversion.TIGHT));
        assertRejects("targetEpsilon", () -> SampledGaussianRdp.sigmaFor(Q, STEPS, DELTA, 0, Conversion.TIGHT));
    }

    private static void assertRejects(String parameter, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().startsWith(parameter + " must "), e.getMessage());
    }
}
