package org.privsim.core.sim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.privsim.core.data.SplitPlan;
import org.privsim.core.data.UserDataset;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.scenario.SampleSplit;

/**
 * Replacing one user's data by adversarial data must never move a pre-noise statistic farther than
 * the sensitivity its noise is calibrated to, and the worst cases the javadoc of
 * {@link Sensitivities} names must come within rounding of the bound (so the bound is not loose
 * by accident). Tolerance: 1e-9 relative, far above the ~1e-15 rounding of sums of ≤ 16 terms.
 */
class SensitivityTest {
    private static final int D = 6;
    private static final int K = 2;
    private static final int M = 8;
    private static final double ETA = 3.0;
    private static final double ZETA = 1.5;
    private static final double TAU = 2.0;
    /** User-level clip C of the Kronecker step's b_j: below m·ζ·η = 36, so it binds. */
    private static final double C = 7.0;
    private static final double INF = Double.POSITIVE_INFINITY;
    private static final double TOL = 1e-9;

    private final SplitPlan reuse = SplitPlan.of(SampleSplit.REUSE, M);
    private final SplitPlan paper = SplitPlan.of(SampleSplit.PAPER, M);

    @Test
    void randomAndAdversarialReplacementsStayWithinTheBounds() {
        SplittableRandom rng = new SplittableRandom(11);
        for (SplitPlan split : new SplitPlan[] {reuse, paper}) {
            double sInit = Sensitivities.init(split.initPairs(), ZETA);
            double sA = Sensitivities.gram(split.uSamples(), ETA);
            double sB = Sensitivities.moment(split.uSamples(), ETA, ZETA);
            for (int trial = 0; trial < 2000; trial++) {
                UserDataset a = randomUser(rng, trial % 3 == 0 ? 100.0 : 1.0);
                UserDataset b = randomUser(rng, trial % 2 == 0 ? 100.0 : 0.01);
                double[] va = randomVector(rng, K, trial % 5 == 0 ? 50 : 1);
                double[] vb = randomVector(rng, K, trial % 7 == 0 ? 50 : 1);
                assertTrue(initShift(a, b, split) <= sInit * (1 + TOL));
                double[][] shift = roundShift(a, va, b, vb, split);
                assertTrue(shift[0][0] <= sA * (1 + TOL), "A moved " + shift[0][0] + " > " + sA);
                assertTrue(shift[1][0] <= sB * (1 + TOL), "b moved " + shift[1][0] + " > " + sB);
                double sC = Sensitivities.clippedMoment(split.uSamples(), ETA, ZETA, C);
                double movedB = kroneckerShift(a, va, b, vb, split);
                assertTrue(movedB <= sC * (1 + TOL), "clipped b moved " + movedB + " > " + sC);
                double sS = Sensitivities.gram(split.uSamples(), TAU);
                double moved = featureShift(a, b, split);
                assertTrue(moved <= sS * (1 + TOL), "S moved " + moved + " > " + sS);
            }
        }
    }

    @Test
    void worstCasesReachTheBounds() {
        // A: two users whose every w is the same unit direction, orthogonal between the users, and large.
        UserDataset e1 = constantUser(0, 10.0, +100.0);
        UserDataset e2 = constantUser(1, 10.0, +100.0);
        double[] v = {1.0, 0.0};
        double[][] shift = roundShift(e1, v, e2, v, reuse);
        assertClose(Sensitivities.gram(M, ETA), shift[0][0]);
        // b: same features, labels of opposite sign beyond the clip.
        UserDataset minus = constantUser(0, 10.0, -100.0);
        shift = roundShift(e1, v, minus, v, reuse);
        assertClose(Sensitivities.moment(M, ETA, ZETA), shift[1][0]);
        // user-clipped b (Kronecker U-step): labels of opposite sign, both users beyond C.
        assertClose(Sensitivities.clippedMoment(M, ETA, ZETA, C), kroneckerShift(e1, v, minus, v, reuse));
        // with C above m·ζ·η the per-sample bound is the tighter one and is what the sensitivity says.
        assertClose(Sensitivities.moment(M, ETA, ZETA), Sensitivities.clippedMoment(M, ETA, ZETA, 1e6));
        // S (Kronecker U-step, private S): every sample beyond τ on e1 against every sample on e2.
        assertClose(Sensitivities.gram(M, TAU), featureShift(e1, e2, reuse));
        // init: both samples of every pair on e1; labels (+,+) against (+,−).
        UserDataset alternating = alternatingUser();
        assertClose(Sensitivities.init(reuse.initPairs(), ZETA), initShift(e1, alternating, reuse));
    }

    private static void assertClose(double expected, double actual) {
        assertTrue(Math.abs(expected - actual) <= TOL * expected, "expected " + expected + " got " + actual);
    }

    private double initShift(UserDataset a, UserDataset b, SplitPlan split) {
        double[] ma = PackedSymmetric.toFull(UserInitStep.initStatistics(a, split, ZETA), D);
        double[] mb = PackedSymmetric.toFull(UserInitStep.initStatistics(b, split, ZETA), D);
        return distance(ma, mb);
    }

    @Test
    void theKroneckerStepsBIsTheFullStepsB() {
        SplittableRandom rng = new SplittableRandom(5);
        for (int trial = 0; trial < 50; trial++) {
            UserDataset a = randomUser(rng, trial % 2 == 0 ? 100.0 : 1.0);
            double[] v = randomVector(rng, K, 3);
            RoundSum full = new RoundSum(D, K, true);
            full.add(UserStep.roundStatistics(a, reuse, v, ETA, ZETA, true, INF));
            RoundSum kron = new RoundSum(D, K, false);
            kron.add(UserStep.roundStatistics(a, reuse, v, ETA, ZETA, false, INF));
            assertTrue(java.util.Arrays.equals(full.vectorB(), kron.vectorB()));
            assertTrue(kron.blocks().length == 0);
        }
    }

    private double kroneckerShift(UserDataset a, double[] va, UserDataset b, double[] vb, SplitPlan split) {
        RoundSum sa = new RoundSum(D, K, false);
        sa.add(UserStep.roundStatistics(a, split, va, ETA, ZETA, false, C));
        RoundSum sb = new RoundSum(D, K, false);
        sb.add(UserStep.roundStatistics(b, split, vb, ETA, ZETA, false, C));
        return distance(sa.vectorB(), sb.vectorB());
    }

    private double featureShift(UserDataset a, UserDataset b, SplitPlan split) {
        double[] sa = PackedSymmetric.toFull(UserInitStep.featureStatistics(a, split, TAU), D);
        double[] sb = PackedSymmetric.toFull(UserInitStep.featureStatistics(b, split, TAU), D);
        return distance(sa, sb);
    }

    private double[][] roundShift(UserDataset a, double[] va, UserDataset b, double[] vb, SplitPlan split) {
        RoundSum sa = new RoundSum(D, K, true);
        sa.add(UserStep.roundStatistics(a, split, va, ETA, ZETA, true, INF));
        RoundSum sb = new RoundSum(D, K, true);
        sb.add(UserStep.roundStatistics(b, split, vb, ETA, ZETA, true, INF));
        return new double[][] {{distance(sa.matrixA(), sb.matrixA())}, {distance(sa.vectorB(), sb.vectorB())}};
    }

    private static double distance(double[] x, double[] y) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += (x[i] - y[i]) * (x[i] - y[i]);
        }
        return Math.sqrt(s);
    }

    private static UserDataset randomUser(SplittableRandom rng, double scale) {
        double[] x = new double[M * D];
        double[] y = new double[M];
        for (int i = 0; i < x.length; i++) {
            x[i] = scale * rng.nextGaussian();
        }
        for (int i = 0; i < M; i++) {
            y[i] = scale * 10 * rng.nextGaussian();
        }
        return new UserDataset(0, D, x, y, new double[K], new double[D]);
    }

    private static double[] randomVector(SplittableRandom rng, int n, double scale) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = scale * rng.nextGaussian();
        }
        return v;
    }

    /** Every sample is {@code length}·e_axis with label {@code label}. */
    private static UserDataset constantUser(int axis, double length, double label) {
        double[] x = new double[M * D];
        double[] y = new double[M];
        for (int i = 0; i < M; i++) {
            x[i * D + axis] = length;
            y[i] = label;
        }
        return new UserDataset(0, D, x, y, new double[K], new double[D]);
    }

    /** Every sample on e_0; labels +100, −100, +100, … so each init pair contributes −ζ². */
    private static UserDataset alternatingUser() {
        double[] x = new double[M * D];
        double[] y = new double[M];
        for (int i = 0; i < M; i++) {
            x[i * D] = 10.0;
            y[i] = i % 2 == 0 ? 100.0 : -100.0;
        }
        return new UserDataset(0, D, x, y, new double[K], new double[D]);
    }
}
