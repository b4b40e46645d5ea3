package org.privsim.core.sim;

import java.util.Arrays;

/**
 * The ids of the users whose data entered a sum, in the order they were added (ascending id when
 * sums follow the aggregation plan). The ledger charges exactly these users.
 */
public final class ContributorList {
    private int[] ids = new int[16];
    private int size;

    /** Appends one user id. */
    public void add(int user) {
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size * 2);
        }
        ids[size++] = user;
    }

    /** Appends every id of another list, in its order. */
    public void addAll(ContributorList other) {
        addAll(other.ids, other.size);
    }

    /** Appends the first {@code count} ids of an array. */
    public void addAll(int[] more, int count) {
        if (size + count > ids.length) {
            ids = Arrays.copyOf(ids, Math.max(ids.length * 2, size + count));
        }
        System.arraycopy(more, 0, ids, size, count);
        size += count;
    }

    /** Number of contributors. */
    public int size() {
        return size;
    }

    /** A copy of the ids. */
    public int[] toArray() {
        return Arrays.copyOf(ids, size);
    }

    /**
     * The ids as runs of consecutive ids, in order: (first id, length) pairs — a sum's contributors as
     * they cross a network, whose size is the number of runs (one for a whole population folded in
     * id order), not the number of users.
     */
    public int[] runs() {
        int[] out = new int[16];
        int count = 0;
        for (int i = 0; i < size; ) {
            int start = i;
            while (i + 1 < size && ids[i + 1] == ids[i] + 1) {
                i++;
            }
            i++;
            if (count + 2 > out.length) {
                out = Arrays.copyOf(out, out.length * 2);
            }
            out[count++] = ids[start];
            out[count++] = i - start;
        }
        return Arrays.copyOf(out, count);
    }

    /** Appends the ids of {@code runs} ({@link #runs} pairs), in order. */
    public void addRuns(int[] runs) {
        if (runs.length % 2 != 0) {
            throw new IllegalArgumentException("runs come in (first id, length) pairs, got " + runs.length + " values");
        }
        for (int r = 0; r < runs.length; r += 2) {
            for (int k = 0; k < runs[r + 1]; k++) {
                add(runs[r] + k);
            }
        }
    }
}
