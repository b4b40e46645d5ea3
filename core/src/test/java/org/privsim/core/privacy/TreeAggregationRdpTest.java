package org.privsim.core.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Tree aggregation against dp_accounting's RDP accountant: each vector is the ε that
 * {@code RdpAccountant(neighboring_relation=REPLACE_SPECIAL)} reports for
 * {@code SelfComposedDpEvent(SingleEpochTreeAggregationDpEvent(z, s), epochs)} at δ (dp_accounting's
 * Python source at google/differential-privacy b5b0286), to 1e-12 relative.
 */
class TreeAggregationRdpTest {

    @ParameterizedTest(name = "z = {0}, {1} steps, {2} epochs, delta = {3}")
    @CsvSource({
        "1.0, 100, 1, 1e-5, 15.17541982626362",
        "2.0, 1000, 5, 1e-6, 23.70389051398901",
        "0.5, 7, 3, 1e-5, 45.24549328386881"})
    void matchesDpAccounting(double z, int steps, int epochs, double delta, double expected) {
        assertEquals(expected, TreeAggregationRdp.epsilon(z, steps, epochs, delta), 1e-12 * expected);
    }

    /** ⌈log₂(s + 1)⌉: a tree of 1 step has one level, of 7 three, of 8 four. */
    @Test
    void depthIsTheTreesLevels() {
        assertEquals(1, TreeAggregationRdp.depth(1));
        assertEquals(2, TreeAggregationRdp.depth(2));
        assertEquals(3, TreeAggregationRdp.depth(7));
        assertEquals(4, TreeAggregationRdp.depth(8));
        assertEquals(10, TreeAggregationRdp.depth(1000));
        assertThrows(IllegalArgumentException.class, () -> TreeAggregationRdp.depth(0));
    }
}
