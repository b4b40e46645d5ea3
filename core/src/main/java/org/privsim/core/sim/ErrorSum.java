package org.privsim.core.sim;

/**
 * Running sum of users' squared parameter errors ‖θ_j − θ_j*‖², added in the aggregation plan's
 * order so that every runner obtains a bit-identical total. Not thread-safe.
 */
public final class ErrorSum {
    private double sum;
    private final ContributorList contributors = new ContributorList();

    /** Rebuilds a partial sum received from an aggregator. */
    public static ErrorSum of(double sum, int[] contributorIds) {
        ErrorSum s = new ErrorSum();
        s.sum = sum;
        s.contributors.addAll(contributorIds, contributorIds.length);
        return s;
    }

    /** Adds one user's squared error. */
    public void add(int user, double squaredError) {
        sum += squaredError;
        contributors.add(user);
    }

    /** Adds a partial sum. */
    public void addAll(ErrorSum other) {
        sum += other.sum;
        contributors.addAll(other.contributors);
    }

    /** The total. */
    public double sum() {
        return sum;
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
