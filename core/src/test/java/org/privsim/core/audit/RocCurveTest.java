package org.privsim.core.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.privsim.core.audit.RocCurve.RocPoint;

class RocCurveTest {

    @Test
    void empiricalCurveStepsThroughDistinctScoresFromTheTop() {
        double[] world0 = {0.1, 0.4, 0.35, 0.8};
        double[] world1 = {0.9, 0.4, 0.7, 0.05};
        // Thresholds 0.9, 0.8, 0.7, 0.4 (tied across worlds: one diagonal step), 0.35, 0.1, 0.05.
        List<RocPoint> expected = List.of(
                new RocPoint(0, 0), new RocPoint(0, 0.25), new RocPoint(0.25, 0.25),
                new RocPoint(0.25, 0.5), new RocPoint(0.5, 0.75), new RocPoint(0.75, 0.75),
                new RocPoint(1, 0.75), new RocPoint(1, 1));
        assertEquals(expected, RocCurve.empirical(world0, world1));
        assertEquals(0.8, world0[3], 0, "inputs are not reordered");
    }

    @Test
    void tiesWithinAndAcrossWorldsAreOneStep() {
        List<RocPoint> curve = RocCurve.empirical(new double[] {1, 2, 2}, new double[] {2, 3});
        assertEquals(List.of(new RocPoint(0, 0), new RocPoint(0, 0.5), new RocPoint(2.0 / 3, 1),
                new RocPoint(1, 1)), curve);
    }

    @Test
    void gaussianCurveMatchesReferenceValues() {
        // Φ(Φ⁻¹(FPR) + μ) from scipy.stats.norm; the grid has 0.1 and 1e-4 exactly.
        List<RocPoint> one = RocCurve.gaussianTradeoff(1, 41);
        assertEquals(41, one.size());
        RocPoint atTenth = one.stream().filter(p -> p.falsePositiveRate() == 0.1).findFirst().orElseThrow();
        assertEquals(0.389143691645361, atTenth.truePositiveRate(), 1e-12);
        List<RocPoint> two = RocCurve.gaussianTradeoff(2, 41);
        assertEquals(1e-4, two.get(1).falsePositiveRate(), 0);
        assertEquals(0.04280568509224833, two.get(1).truePositiveRate(), 1e-12);
    }

    @Test
    void gaussianGridIsDenseNearZeroAndSpansTheUnitSquare() {
        for (int points : new int[] {4, 5, 100}) {
            List<RocPoint> curve = RocCurve.gaussianTradeoff(1.5, points);
            assertEquals(points, curve.size());
            assertEquals(new RocPoint(0, 0), curve.get(0));
            assertEquals(new RocPoint(1, 1), curve.get(points - 1));
            assertEquals(1e-4, curve.get(1).falsePositiveRate(), 0);
            for (int i = 1; i < points; i++) {
                assertTrue(curve.get(i).falsePositiveRate() > curve.get(i - 1).falsePositiveRate(), "points=" + points);
                assertTrue(curve.get(i).truePositiveRate() >= curve.get(i - 1).truePositiveRate(), "points=" + points);
            }
        }
        // Half the grid below 0.1.
        long belowTenth = RocCurve.gaussianTradeoff(1, 101).stream().filter(p -> p.falsePositiveRate() < 0.1).count();
        assertEquals(51, belowTenth);
        // μ = 0 is the diagonal: no test beats guessing.
        for (RocPoint p : RocCurve.gaussianTradeoff(0, 20)) {
            assertEquals(p.falsePositiveRate(), p.truePositiveRate(), 1e-12);
        }
    }

    @Test
    void rejectsInvalidArguments() {
        assertThrows(IllegalArgumentException.class, () -> RocCurve.empirical(new double[0], new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> RocCurve.empirical(new double[] {1}, new double[] {Double.NaN}));
        assertThrows(IllegalArgumentException.class, () -> RocCurve.gaussianTradeoff(1, 3));
        assertThrows(IllegalArgumentException.class, () -> RocCurve.gaussianTradeoff(-1, 10));
        assertThrows(IllegalArgumentException.class, () -> RocCurve.gaussianTradeoff(Double.POSITIVE_INFINITY, 10));
    }
}
