package org.privsim.core.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Sampling#distinct}: distinct values, uniform, and a pure function of the stream. */
class SamplingTest {

    /**
     * Each of n = 10 values lands in a sample of 3 with probability 3/10: over 100,000 samples its
     * count is Binomial(10⁵, 0.3), standard deviation √(10⁵·0.3·0.7) ≈ 145; 5 standard deviations
     * (725) bound each count with a false failure below 10⁻⁵ over the 10 values. Every sample is
     * distinct and in range, and the same stream gives the same sample.
     */
    @Test
    void samplesAreDistinctUniformAndReproducible() {
        SplittableRandom rng = RandomStreams.stream(3, "sampling-test");
        int[] hits = new int[10];
        for (int s = 0; s < 100_000; s++) {
            int[] sample = Sampling.distinct(10, 3, rng);
            assertEquals(3, sample.length);
            boolean[] seen = new boolean[10];
            for (int v : sample) {
                assertEquals(false, seen[v], "repeated value " + v);
                seen[v] = true;
                hits[v]++;
            }
        }
        for (int v = 0; v < 10; v++) {
            assertEquals(30_000, hits[v], 725, "value " + v);
        }
        assertArrayEquals(Sampling.distinct(50, 7, RandomStreams.stream(9, "x")),
                Sampling.distinct(50, 7, RandomStreams.stream(9, "x")));
        assertEquals(0, Sampling.distinct(5, 0, rng).length);
        assertThrows(IllegalArgumentException.class, () -> Sampling.distinct(3, 4, rng));
    }
}
