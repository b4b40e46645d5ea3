package org.privsim.actors.local;

import java.util.function.Consumer;

/**
 * Folds one collection's answers of a range of user ids into a sink in ascending id order,
 * whatever order they arrive in: out-of-order answers wait in a slot until the cursor reaches
 * them, so at most one range's answers are buffered.
 *
 * <p>Guarantee: the sink sees each asked user's answer at most once, in ascending id order;
 * answers from users not asked, duplicates and answers behind the cursor are dropped. After
 * {@link #flush()} (the deadline) users that never answered are simply skipped.
 *
 * @param <A> answer type
 */
final class InOrderFold<A> {
    private final int first;
    private final boolean[] asked;
    private final Object[] pending;
    private final Consumer<A> sink;
    private final int askedCount;
    private int cursor;
    private int received;

    /**
     * @param first id of the range's first user
     * @param asked which users of the range were asked (index = id − first)
     * @param sink  receives answers in ascending id order
     */
    InOrderFold(int first, boolean[] asked, Consumer<A> sink) {
        this.first = first;
        this.asked = asked;
        this.pending = new Object[asked.length];
        this.sink = sink;
        int count = 0;
        for (boolean a : asked) {
            if (a) {
                count++;
            }
        }
        this.askedCount = count;
        advance();
    }

    /** Accepts user {@code user}'s answer and folds every answer the cursor can now reach. */
    void offer(int user, A answer) {
        int i = user - first;
        if (i < cursor || i >= asked.length || !asked[i] || pending[i] != null) {
            return;
        }
        pending[i] = answer;
        received++;
        advance();
    }

    /** Folds every buffered answer, skipping users that did not answer. */
    void flush() {
        for (; cursor < asked.length; cursor++) {
            take(cursor);
        }
    }

    /** Whether every asked user's answer has been folded. */
    boolean complete() {
        return received == askedCount && cursor == asked.length;
    }

    /** Users asked. */
    int askedCount() {
        return askedCount;
    }

    private void advance() {
        while (cursor < asked.length && (!asked[cursor] || pending[cursor] != null)) {
            take(cursor);
            cursor++;
        }
    }

    @SuppressWarnings("unchecked")
    private void take(int i) {
        if (pending[i] != null) {
            sink.accept((A) pending[i]);
            pending[i] = null;
        }
    }
}
