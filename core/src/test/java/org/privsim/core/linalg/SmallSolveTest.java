package org.privsim.core.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The reusable solver against the per-call one: the same EJML arithmetic, so the same bits, on
 * positive definite systems (Cholesky), singular ones (the pseudo-inverse fallback) and after a
 * singular system has been through the kept solver; and the solution itself on a closed form.
 */
class SmallSolveTest {

    @Test
    void reusedSolverGivesTheBitsOfAFreshOne() {
        SplittableRandom random = new SplittableRandom(11);
        for (int n : new int[] {1, 2, 3, 5}) {
            SmallSolve kept = new SmallSolve(n);
            double[] out = new double[n];
            for (int trial = 0; trial < 200; trial++) {
                double[] m = new double[n * n];
                double[] r = new double[n];
                boolean singular = trial % 7 == 3;
                // M = AᵀA (+ a ridge unless singular: a rank-one A then), symmetric by construction
                double[] a = new double[n * n];
                for (int i = 0; i < a.length; i++) {
                    a[i] = singular && i >= n ? a[i % n] * (i / n + 1) : random.nextGaussian();
                }
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        double s = 0;
                        for (int t = 0; t < n; t++) {
                            s += a[t * n + i] * a[t * n + j];
                        }
                        m[i * n + j] = s + (i == j && !singular ? 0.1 : 0.0);
                    }
                    r[i] = random.nextGaussian();
                }
                double[] mCopy = m.clone();
                double[] rCopy = r.clone();
                kept.solveInto(m, r, out);
                assertArrayEquals(SmallSolve.symmetric(m, r, n), out, 0.0, "n=" + n + " trial " + trial);
                assertArrayEquals(mCopy, m, 0.0, "inputs untouched");
                assertArrayEquals(rCopy, r, 0.0, "inputs untouched");
            }
        }
    }

    @Test
    void solvesATwoByTwoSystem() {
        // [[2, 1], [1, 3]] x = [3, 5] has x = [4/5, 7/5]
        double[] out = new double[2];
        new SmallSolve(2).solveInto(new double[] {2, 1, 1, 3}, new double[] {3, 5}, out);
        assertEquals(0.8, out[0], 1e-12);
        assertEquals(1.4, out[1], 1e-12);
    }
}
