package org.privsim.core.seam;

import java.util.Arrays;

/**
 * A list of ints stored as arithmetic runs: (first value, stride, length) triples. A step's ids,
 * positions or range ends as they cross a network — one run for a block of consecutive ids, or for
 * the ends of equal aggregation ranges, however many users they hold.
 *
 * <p>Guarantee: {@link #toArray} returns exactly the list {@link #of} was given, in order.
 *
 * @param runs (first value, stride, length) triples
 */
public record IntRuns(int[] runs) {
    public IntRuns {
        if (runs.length % 3 != 0) {
            throw new IllegalArgumentException("runs come in (first value, stride, length) triples, got " + runs.length
                    + " values");
        }
    }

    /** The runs of {@code values[from … to − 1]}. */
    public static IntRuns of(int[] values, int from, int to) {
        int[] out = new int[9];
        int count = 0;
        for (int i = from; i < to; ) {
            int start = i;
            int stride = i + 1 < to ? values[i + 1] - values[i] : 0;
            while (i + 1 < to && values[i + 1] - values[i] == stride) {
                i++;
            }
            i++;
            if (count + 3 > out.length) {
                out = Arrays.copyOf(out, out.length * 2);
            }
            out[count++] = values[start];
            out[count++] = stride;
            out[count++] = i - start;
        }
        return new IntRuns(Arrays.copyOf(out, count));
    }

    /** The runs of all of {@code values}. */
    public static IntRuns of(int[] values) {
        return of(values, 0, values.length);
    }

    /** How many values the runs hold. */
    public int size() {
        int size = 0;
        for (int r = 2; r < runs.length; r += 3) {
            size += runs[r];
        }
        return size;
    }

    /** The values, in order. */
    public int[] toArray() {
        int[] values = new int[size()];
        int i = 0;
        for (int r = 0; r < runs.length; r += 3) {
            for (int k = 0; k < runs[r + 2]; k++) {
                values[i++] = runs[r] + k * runs[r + 1];
            }
        }
        return values;
    }
}
