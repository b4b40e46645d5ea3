package org.privsim.core.sim;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.privsim.core.seam.IntRuns;
import org.privsim.core.linalg.PackedSymmetric;

/**
 * Running sum of users' initialisation answers: one or two packed d×d matrices laid end to end —
 * the initialisation term ({@link UserInitStep#initStatistics}) and, when the Kronecker U-step
 * releases a private S, the feature second-moment term ({@link UserInitStep#featureStatistics}).
 *
 * <p>Guarantee: the result depends only on the order of {@code add}/{@code addAll} calls; the
 * aggregation plan fixes that order (ids ascending within a range, ranges ascending), so every
 * runner obtains bit-identical sums; its JSON form (fields, contributors as id runs) rebuilds it
 * exactly. Not thread-safe.
 */
@JsonAutoDetect(fieldVisibility = Visibility.NONE, getterVisibility = Visibility.NONE,
        isGetterVisibility = Visibility.NONE)
public final class InitSum {
    private final double[] packed;
    private final ContributorList contributors = new ContributorList();

    private final int dimension;
    /** Scratch for the term of the user folding in now ({@link UserInitStep#foldInit}). */
    private final Workspace workspace = new Workspace();

    /** An empty sum of {@code matrices} packed d×d matrices (see {@link UserTask.Init#matrices}). */
    public InitSum(int dimension, int matrices) {
        this.dimension = dimension;
        this.packed = new double[matrices * PackedSymmetric.length(dimension)];
    }

    /** Rebuilds a partial sum received from an aggregator. */
    public static InitSum of(int dimension, int matrices, double[] packed, int[] contributorIds) {
        InitSum s = new InitSum(dimension, matrices);
        if (packed.length != s.packed.length) {
            throw new IllegalArgumentException("a partial of " + matrices + " packed " + dimension + "x" + dimension
                    + " matrices has " + s.packed.length + " values, got " + packed.length);
        }
        System.arraycopy(packed, 0, s.packed, 0, packed.length);
        s.contributors.addAll(contributorIds, contributorIds.length);
        return s;
    }

    /** Rebuilds a sum from its wire form (contributors as {@link ContributorList#runs}). */
    @JsonCreator
    static InitSum fromWire(@JsonProperty("dimension") int dimension, @JsonProperty("matrices") int matrices,
                            @JsonProperty("packed") double[] packed, @JsonProperty("contributorRuns") IntRuns runs) {
        InitSum s = of(dimension, matrices, packed, new int[0]);
        s.contributors.addRuns(runs);
        return s;
    }

    @JsonProperty("dimension")
    int dimension() {
        return dimension;
    }

    @JsonProperty("matrices")
    int matrices() {
        return packed.length / PackedSymmetric.length(dimension);
    }

    @JsonProperty("contributorRuns")
    IntRuns contributorRuns() {
        return contributors.runs();
    }

    /** Adds one user's term. */
    public void add(int user, double[] userPacked) {
        for (int i = 0; i < packed.length; i++) {
            packed[i] += userPacked[i];
        }
        contributors.add(user);
    }

    /**
     * Adds one user's terms given separately: the initialisation term and, when the sum holds two
     * matrices, the S term (else null). Bit-identical to {@link #add} of the two laid end to end.
     */
    public void addTerms(int user, double[] init, double[] feature) {
        int len = PackedSymmetric.length(dimension);
        if ((feature == null) != (packed.length == len)) {
            throw new IllegalArgumentException("a sum of " + packed.length / len + " matrices takes "
                    + (packed.length == len ? "no" : "an") + " S term");
        }
        for (int i = 0; i < len; i++) {
            packed[i] += init[i];
        }
        for (int i = len; i < packed.length; i++) {
            packed[i] += feature[i - len];
        }
        contributors.add(user);
    }

    Workspace workspace() {
        return workspace;
    }

    /** Adds a partial sum. */
    public void addAll(InitSum other) {
        for (int i = 0; i < packed.length; i++) {
            packed[i] += other.packed[i];
        }
        contributors.addAll(other.contributors);
    }

    /** A copy of the whole packed sum (every matrix, end to end). */
    @JsonProperty("packed")
    public double[] packed() {
        return packed.clone();
    }

    /** A copy of packed matrix {@code index} (0: the initialisation term, 1: S). */
    public double[] matrix(int index) {
        int len = PackedSymmetric.length(dimension);
        double[] out = new double[len];
        System.arraycopy(packed, index * len, out, 0, len);
        return out;
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
