package org.privsim.core.sim;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonAutoDetect.Visibility;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.privsim.core.seam.IntRuns;
import org.privsim.core.linalg.PackedSymmetric;

/**
 * Running sum of users' U-step statistics, kept in the compact form the curator needs:
 * for each pair a ≤ b of latent coordinates the d×d block S_ab = Σ_j v_ja v_jb G_j (packed), and
 * for each a the vector h_a = Σ_j v_ja g_j. Then A = Σ_j (v_j v_jᵀ) ⊗ G_j has block (a, b) equal to
 * S_ab and b = Σ_j v_j ⊗ g_j stacks the h_a — memory k(k+1)/2·d(d+1)/2 + kd whatever n is.
 * For the Kronecker U-step users send no G_j and the sum holds only the h_a (no blocks).
 *
 * <p>Guarantee: the result depends only on the order of {@code add}/{@code addAll} calls, which
 * the aggregation plan fixes, so every runner obtains bit-identical sums; its JSON form (fields,
 * contributors as id runs) rebuilds it exactly. Not thread-safe.
 */
@JsonAutoDetect(fieldVisibility = Visibility.NONE, getterVisibility = Visibility.NONE,
        isGetterVisibility = Visibility.NONE)
public final class RoundSum {
    private final int dimension;
    private final int rank;
    private final double[] blocks;
    private final double[] h;
    private final ContributorList contributors = new ContributorList();
    /** Scratch for the user folding in now ({@link UserStep#foldRound}). */
    private final Workspace workspace = new Workspace();

    /** An empty sum for dimension d and rank k, with the blocks S_ab when {@code gram}, else the h_a only. */
    public RoundSum(int dimension, int rank, boolean gram) {
        this.dimension = dimension;
        this.rank = rank;
        this.blocks = new double[gram ? rank * (rank + 1) / 2 * PackedSymmetric.length(dimension) : 0];
        this.h = new double[rank * dimension];
    }

    /** Rebuilds a partial sum received from an aggregator. */
    public static RoundSum of(int dimension, int rank, boolean gram, double[] blocks, double[] h,
                              int[] contributorIds) {
        RoundSum s = new RoundSum(dimension, rank, gram);
        if (blocks.length != s.blocks.length || h.length != s.h.length) {
            throw new IllegalArgumentException("a partial for d=" + dimension + ", k=" + rank + ", gram=" + gram
                    + " needs " + s.blocks.length + " block and " + s.h.length + " h values, got "
                    + blocks.length + " and " + h.length);
        }
        System.arraycopy(blocks, 0, s.blocks, 0, blocks.length);
        System.arraycopy(h, 0, s.h, 0, h.length);
        s.contributors.addAll(contributorIds, contributorIds.length);
        return s;
    }

    /** Rebuilds a sum from its wire form (contributors as {@link ContributorList#runs}). */
    @JsonCreator
    static RoundSum fromWire(@JsonProperty("dimension") int dimension, @JsonProperty("rank") int rank,
                             @JsonProperty("gram") boolean gram, @JsonProperty("blocks") double[] blocks,
                             @JsonProperty("h") double[] h, @JsonProperty("contributorRuns") IntRuns runs) {
        RoundSum s = of(dimension, rank, gram, blocks, h, new int[0]);
        s.contributors.addRuns(runs);
        return s;
    }

    @JsonProperty("dimension")
    int dimension() {
        return dimension;
    }

    @JsonProperty("gram")
    boolean gram() {
        return blocks.length > 0;
    }

    @JsonProperty("contributorRuns")
    IntRuns contributorRuns() {
        return contributors.runs();
    }

    /** Adds one user's statistics (expanding v ⊗ ·). */
    public void add(UserRoundStats s) {
        int len = PackedSymmetric.length(dimension);
        int block = 0;
        boolean gram = blocks.length > 0;
        for (int a = 0; a < rank; a++) {
            for (int b = a; gram && b < rank; b++) {
                double coef = s.v()[a] * s.v()[b];
                int off = block * len;
                for (int i = 0; i < len; i++) {
                    blocks[off + i] += coef * s.gram()[i];
                }
                block++;
            }
            double va = s.v()[a];
            for (int p = 0; p < dimension; p++) {
                h[a * dimension + p] += va * s.g()[p];
            }
        }
        contributors.add(s.user());
    }

    /**
     * Adds one user's statistics without materialising G: S_ab += v_a v_b G for every pair a ≤ b and
     * h_a += v_a g, with G = Σ_i w_i x_i x_iᵀ over {@code rows} rows of x from {@code offset} and
     * the first {@code rows} weights of w (see {@link PackedSymmetric#addScaledWeightedGram}).
     * Bit-identical to {@code add(new UserRoundStats(user, v, G, g))} with G from
     * {@link PackedSymmetric#addWeightedGram} into zeros; without blocks (Kronecker step) only h is
     * touched.
     */
    public void addUser(int user, double[] v, double[] x, int offset, double[] w, int rows, double[] g) {
        if (blocks.length > 0) {
            double[] coefs = workspace.zeros(Workspace.Slot.COEFFICIENTS, rank * (rank + 1) / 2);
            int c = 0;
            for (int a = 0; a < rank; a++) {
                for (int b = a; b < rank; b++) {
                    coefs[c++] = v[a] * v[b];
                }
            }
            PackedSymmetric.addScaledWeightedGram(blocks, coefs, PackedSymmetric.length(dimension), x, offset,
                    dimension, w, rows);
        }
        for (int a = 0; a < rank; a++) {
            double va = v[a];
            for (int p = 0; p < dimension; p++) {
                h[a * dimension + p] += va * g[p];
            }
        }
        contributors.add(user);
    }

    Workspace workspace() {
        return workspace;
    }

    /** Adds a partial sum. */
    public void addAll(RoundSum other) {
        for (int i = 0; i < blocks.length; i++) {
            blocks[i] += other.blocks[i];
        }
        for (int i = 0; i < h.length; i++) {
            h[i] += other.h[i];
        }
        contributors.addAll(other.contributors);
    }

    /** A copy of the packed blocks S_ab, pairs a ≤ b in row-major order. */
    @JsonProperty("blocks")
    public double[] blocks() {
        return blocks.clone();
    }

    /** A copy of the stacked h_a. */
    @JsonProperty("h")
    public double[] h() {
        return h.clone();
    }

    /** The k of the statistics summed. */
    @JsonProperty("rank")
    public int rank() {
        return rank;
    }

    /** Ids of the users added, in order. */
    public int[] contributorIds() {
        return contributors.toArray();
    }

    /** How many users were added. */
    public int contributorCount() {
        return contributors.size();
    }

    /**
     * The full dk×dk matrix A, row-major, indexed like vec(Z) column-major: entry (a·d + p, b·d + q)
     * is S_ab(p, q).
     */
    public double[] matrixA() {
        if (blocks.length == 0) {
            throw new IllegalStateException("a Kronecker-step sum holds no G blocks, hence no A");
        }
        int n = dimension * rank;
        int len = PackedSymmetric.length(dimension);
        double[] a = new double[n * n];
        int block = 0;
        for (int ia = 0; ia < rank; ia++) {
            for (int ib = ia; ib < rank; ib++) {
                int idx = block * len;
                for (int p = 0; p < dimension; p++) {
                    for (int q = p; q < dimension; q++) {
                        double v = blocks[idx++];
                        int r1 = ia * dimension + p;
                        int c1 = ib * dimension + q;
                        int r2 = ia * dimension + q;
                        int c2 = ib * dimension + p;
                        a[r1 * n + c1] = v;
                        a[c1 * n + r1] = v;
                        a[r2 * n + c2] = v;
                        a[c2 * n + r2] = v;
                    }
                }
                block++;
            }
        }
        return a;
    }

    /** The vector b (dk), stacked h_a. */
    public double[] vectorB() {
        return h.clone();
    }
}
