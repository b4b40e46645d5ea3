package org.privsim.core.sim;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.privsim.core.seam.IntRuns;
import java.util.Arrays;

/**
 * Running sum of users' evaluation answers, component by component, added in the aggregation
 * plan's order so that every runner obtains a bit-identical total (its JSON form rebuilds it
 * exactly): a synthetic user's answer is {‖θ_j − θ_j*‖²}, a real data set user's {MSE_j, SSE_j, t_j, SST_j} (see
 * {@link UserStep#respond(org.privsim.core.data.UserDataset, UserTask.Evaluate)}). Not thread-safe.
 */
@JsonAutoDetect(fieldVisibility = Visibility.NONE, getterVisibility = Visibility.NONE,
        isGetterVisibility = Visibility.NONE)
public final class ErrorSum {
    private double[] sums = new double[0];
    private final ContributorList contributors = new ContributorList();

    /** Rebuilds a partial sum received from an aggregator. */
    public static ErrorSum of(double[] sums, int[] contributorIds) {
        ErrorSum s = new ErrorSum();
        s.sums = sums.clone();
        s.contributors.addAll(contributorIds, contributorIds.length);
        return s;
    }

    /** Rebuilds a sum from its wire form (contributors as {@link ContributorList#runs}). */
    @JsonCreator
    static ErrorSum fromWire(@JsonProperty("sums") double[] sums, @JsonProperty("contributorRuns") IntRuns runs) {
        ErrorSum s = of(sums, new int[0]);
        s.contributors.addRuns(runs);
        return s;
    }

    @JsonProperty("contributorRuns")
    IntRuns contributorRuns() {
        return contributors.runs();
    }

    /** Adds one user's answer. */
    public void add(int user, double[] answer) {
        accumulate(answer);
        contributors.add(user);
    }

    /** Adds a partial sum. */
    public void addAll(ErrorSum other) {
        accumulate(other.sums);
        contributors.addAll(other.contributors);
    }

    private void accumulate(double[] values) {
        if (sums.length < values.length) {
            sums = Arrays.copyOf(sums, values.length);
        }
        for (int c = 0; c < values.length; c++) {
            sums[c] += values[c];
        }
    }

    /** The sum of the first component (squared parameter errors, or per-user test MSEs). */
    public double sum() {
        return sums.length == 0 ? 0 : sums[0];
    }

    /** Every component's sum (a copy). */
    @JsonProperty("sums")
    public double[] sums() {
        return sums.clone();
    }

    /**
     * The held-out test errors when the answers came from a real data set's users, else null:
     * MSE averaged over users, over test rows, and R² = 1 − ΣSSE / ΣSST.
     */
    public TestError testError() {
        if (sums.length < 4) {
            return null;
        }
        return new TestError(sums[0] / contributorCount(), sums[1] / sums[2], 1 - sums[1] / sums[3]);
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
