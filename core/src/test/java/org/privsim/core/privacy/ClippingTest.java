package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ClippingTest {
    // Results are one multiplication/division away from the exact value: 1e-15 absolute.
    private static final double TOL = 1e-15;

    @Test
    void clipScale() {
        assertEquals(0.4, Clipping.clipScale(5, 2), TOL);
        assertEquals(1.0, Clipping.clipScale(2, 2), 0);
        assertEquals(1.0, Clipping.clipScale(0.5, 2), 0);
        assertEquals(1.0, Clipping.clipScale(0, 2), 0);
        assertEquals(1.0, Clipping.clipScale(1e300, Double.POSITIVE_INFINITY), 0);
    }

    @Test
    void clipScalar() {
        assertEquals(-2.0, Clipping.clip(-5, 2), TOL);
        assertEquals(2.0, Clipping.clip(5, 2), TOL);
        assertEquals(1.5, Clipping.clip(1.5, 2), 0);
        assertEquals(0.0, Clipping.clip(0, 2), 0);
    }

    @Test
    void clipVectorInPlace() {
        double[] v = {3, 4};
        assertEquals(0.2, Clipping.clipInPlace(v, 1), TOL);
        assertArrayEquals(new double[] {0.6, 0.8}, v, TOL);

        double[] inside = {0.3, -0.4};
        assertEquals(1.0, Clipping.clipInPlace(inside, 1), 0);
        assertArrayEquals(new double[] {0.3, -0.4}, inside, 0);

        double[] unbounded = {3e5, 4e5};
        assertEquals(1.0, Clipping.clipInPlace(unbounded, Double.POSITIVE_INFINITY), 0);
        assertArrayEquals(new double[] {3e5, 4e5}, unbounded, 0);
    }

    @Test
    void rejectsInvalidArguments() {
        assertThrows(IllegalArgumentException.class, () -> Clipping.clipScale(1, 0));
        assertThrows(IllegalArgumentException.class, () -> Clipping.clipScale(1, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Clipping.clipScale(-1, 1));
        assertThrows(IllegalArgumentException.class, () -> Clipping.clip(Double.NaN, 1));
        assertThrows(IllegalArgumentException.class, () -> Clipping.clipInPlace(new double[] {Double.POSITIVE_INFINITY}, 1));
    }
}
