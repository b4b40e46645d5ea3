package org.privsim.core.sim;

import org.privsim.core.linalg.PackedSymmetric;

/**
 * Running sum of users' initialisation terms (packed d×d, see {@link UserStep#initStatistics}).
 *
 * <p>Guarantee: the result depends only on the order of {@code add}/{@code addAll} calls; the
 * aggregation plan fixes that order (ids ascending within a range, ranges ascending), so every
 * runner obtains bit-identical sums. Not thread-safe.
 */
public final class InitSum {
    private final double[] packed;
    private final ContributorList contributors = new ContributorList();

    /** An empty sum for dimension d. */
    public InitSum(int dimension) {
        this.packed = new double[PackedSymmetric.length(dimension)];
    }

    /** Rebuilds a partial sum received from an aggregator. */
    public static InitSum of(int dimension, double[] packed, int[] contributorIds) {
        InitSum s = new InitSum(dimension);
        System.arraycopy(packed, 0, s.packed, 0, packed.length);
        s.contributors.addAll(contributorIds, contributorIds.length);
        return s;
    }

    /** Adds one user's term. */
    public void add(int user, double[] userPacked) {
        for (int i = 0; i < packed.length; i++) {
            packed[i] += userPacked[i];
        }
        contributors.add(user);
    }

    /** Adds a partial sum. */
    public void addAll(InitSum other) {
        for (int i = 0; i < packed.length; i++) {
            packed[i] += other.packed[i];
        }
        contributors.addAll(other.contributors);
    }

    /** A copy of the packed sum. */
    public double[] packed() {
        return packed.clone();
    }

    /** Ids of the users added, in order. */
    public int[] contributorIds() {
        return contributors.toArray();
    }

    /** How many users were added. */
    public int contributorCount() {
        return contributors.size();
    }
}
