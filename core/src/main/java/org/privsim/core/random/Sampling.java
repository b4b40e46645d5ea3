package org.privsim.core.random;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Uniform sampling without replacement from a stream.
 *
 * <p>Guarantee: {@link #distinct} draws exactly {@code count} values from {@code rng}, in order, so
 * the same stream gives the same sample on every JVM, thread and node.
 */
public final class Sampling {
    private Sampling() {}

    /**
     * {@code count} distinct values of [0, n), a uniformly random ordered sample: the first
     * {@code count} places of a partial Fisher–Yates shuffle of 0, 1, …, n − 1 drawn from {@code rng}
     * (draw i, for i below {@code count}, picks place i + rng.nextInt(n − i)).
     *
     * @throws IllegalArgumentException when {@code count} is negative or exceeds {@code n}
     */
    public static int[] distinct(int n, int count, SplittableRandom rng) {
        if (count < 0 || count > n) {
            throw new IllegalArgumentException("cannot draw " + count + " distinct values of [0, " + n + ")");
        }
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = 0; i < count; i++) {
            int j = i + rng.nextInt(n - i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        return Arrays.copyOf(order, count);
    }
}
