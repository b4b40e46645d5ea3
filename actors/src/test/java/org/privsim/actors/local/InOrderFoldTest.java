package org.privsim.actors.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Answers reach the sum in ascending id order whatever order they arrive in. */
class InOrderFoldTest {

    @Test
    void foldsInIdOrderSkippingUsersNotAskedAndIgnoringDuplicates() {
        List<Integer> seen = new ArrayList<>();
        InOrderFold<Integer> fold = new InOrderFold<>(100, new boolean[] {true, false, true, true}, seen::add);
        assertEquals(3, fold.askedCount());
        fold.offer(103, 103);
        fold.offer(101, 101);
        assertEquals(List.of(), seen, "103 waits for 100 and 102; 101 was not asked");
        fold.offer(100, 100);
        assertEquals(List.of(100), seen);
        fold.offer(100, 100);
        fold.offer(102, 102);
        assertEquals(List.of(100, 102, 103), seen);
        assertTrue(fold.complete());
    }

    @Test
    void flushSkipsUsersThatNeverAnswered() {
        List<Integer> seen = new ArrayList<>();
        InOrderFold<Integer> fold = new InOrderFold<>(0, new boolean[] {true, true, true}, seen::add);
        fold.offer(2, 2);
        fold.offer(1, 1);
        assertFalse(fold.complete());
        fold.flush();
        assertEquals(List.of(1, 2), seen);
        fold.offer(0, 0);
        assertEquals(List.of(1, 2), seen, "an answer after the flush is ignored");
    }
}
