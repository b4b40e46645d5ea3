package org.privsim.core.linalg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The eigenvalue floor of the U-step solve, on matrices whose eigen-decomposition is known. */
class FlooredSolveTest {
    // Diagonal inputs make the expected answers exact; tolerance 1e-12 covers a 3×3 symmetric QR solve.
    private static final double[] A = {4, 0, 0, 0, 1, 0, 0, 0, -2};
    private static final double[] B = {8, 3, 4};

    @Test
    void positiveDefiniteWithoutFloorIsTheExactInverse() {
        double[] pd = {4, 1, 0, 1, 3, 0, 0, 0, 2};
        FlooredSolve.Solution s = FlooredSolve.solve(pd, new double[] {5, 4, 2}, 3, 0);
        assertArrayEquals(new double[] {1, 1, 1}, s.u(), 1e-12);
        assertEquals(0, s.flooredEigenvalues());
    }

    @Test
    void everyEigenvalueBelowTheFloorIsRaised() {
        FlooredSolve.Solution s = FlooredSolve.solve(A, B, 3, 2.0);
        // λ = (4, 1, −2) → (4, 2, 2): u = (8/4, 3/2, 4/2).
        assertArrayEquals(new double[] {2, 1.5, 2}, s.u(), 1e-12);
        assertEquals(2, s.flooredEigenvalues());
    }

    @Test
    void aPositiveDefiniteMatrixWithNoiseSizedEigenvaluesIsFlooredToo() {
        double[] pd = {4, 0, 0, 0, 0.5, 0, 0, 0, 9};
        FlooredSolve.Solution s = FlooredSolve.solve(pd, new double[] {4, 1, 9}, 3, 1.0);
        assertArrayEquals(new double[] {1, 1, 1}, s.u(), 1e-12);
        assertEquals(1, s.flooredEigenvalues());
    }

    @Test
    void noiselessSingularMatrixStaysFinite() {
        double[] singular = {1, 0, 0, 0, 0, 0, 0, 0, 0};
        FlooredSolve.Solution s = FlooredSolve.solve(singular, new double[] {2, 0, 0}, 3, 0);
        assertEquals(2, s.u()[0], 1e-12);
        assertEquals(2, s.flooredEigenvalues());
    }
}
