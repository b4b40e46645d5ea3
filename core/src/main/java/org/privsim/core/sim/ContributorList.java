package org.privsim.core.sim;

import java.util.Arrays;
import org.privsim.core.seam.IntRuns;

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
     * The ids as runs ({@link IntRuns}): a sum's contributors as they cross a network, whose size is
     * the number of runs (one for a whole population folded in id order), not the number of users.
     */
    public IntRuns runs() {
        return IntRuns.of(ids, 0, size);
    }

    /** Appends the ids of {@code runs}, in order. */
    public void addRuns(IntRuns runs) {
        int[] more = runs.toArray();
        addAll(more, more.length);
    }
}
