package org.privsim.core.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** {@link RandomStreams#extend} continues a derivation exactly as one more index would. */
class RandomStreamsTest {

    @Test
    void extendEqualsDerivingWithOneMoreIndex() {
        for (long b : new long[] {0, 1, -1, 1_000_000_000L, Long.MIN_VALUE}) {
            assertEquals(RandomStreams.derive(7, "audit-noise", 3, 11, b),
                    RandomStreams.extend(RandomStreams.derive(7, "audit-noise", 3, 11), b));
        }
        assertEquals(RandomStreams.derive(7, "p", 2, 5),
                RandomStreams.extend(RandomStreams.extend(RandomStreams.derive(7, "p"), 2), 5));
        assertNotEquals(RandomStreams.extend(RandomStreams.derive(7, "p"), 2),
                RandomStreams.extend(RandomStreams.derive(7, "p"), 3));
    }
}
