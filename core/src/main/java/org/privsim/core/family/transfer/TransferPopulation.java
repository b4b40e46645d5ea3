package org.privsim.core.family.transfer;

import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.privsim.core.linalg.Subspaces;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.TransferRegressionTask;

/**
 * The data of one repeat of a transfer task (Thaker et al. model (2)): the public subspace B, the
 * private subspace B' (B itself unless the task shifts it), the task vectors and the rows.
 *
 * <p>Guarantees: everything is a pure function of (task, seed, repeat) — B from the stream
 * (seed, "transfer-basis", repeat), the shift directions from (seed, "transfer-shift", repeat),
 * α_j from (seed, "transfer-task", repeat, j) with j = t the private task, public row i from
 * (seed, "transfer-public-row", repeat, i) and private row i from (seed, "transfer-private-row",
 * repeat, i) — so any actor on any node regenerates exactly the rows it holds, and a prefix of the
 * rows is the same for every n₁ (n₂). Immutable after construction.
 */
public final class TransferPopulation {
    private final TransferRegressionTask task;
    private final long seed;
    private final int repeat;
    private final DMatrixRMaj publicBasis;
    private final DMatrixRMaj privateBasis;
    private final double[][] publicModels;
    private final double[] privateModel;

    /** The population of repeat {@code repeat} of {@code task} under root seed {@code seed}. */
    public TransferPopulation(TransferRegressionTask task, long seed, int repeat) {
        this.task = task;
        this.seed = seed;
        this.repeat = repeat;
        int d = task.dimension();
        int k = task.rank();
        SplittableRandom basisRng = RandomStreams.stream(seed, "transfer-basis", repeat);
        DMatrixRMaj g = gaussian(d, k, basisRng);
        this.publicBasis = Subspaces.orthonormalize(g);
        this.privateBasis = task.subspaceShift() == 0 ? publicBasis : shifted(publicBasis, task.subspaceShift(),
                RandomStreams.stream(seed, "transfer-shift", repeat));
        this.publicModels = new double[task.publicTasks()][];
        for (int j = 0; j < task.publicTasks(); j++) {
            publicModels[j] = model(publicBasis, alpha(j));
        }
        this.privateModel = model(privateBasis, alpha(task.publicTasks()));
    }

    /** The task. */
    public TransferRegressionTask task() {
        return task;
    }

    /** B, the public tasks' subspace (d×k, orthonormal columns). */
    public DMatrixRMaj publicBasis() {
        return publicBasis.copy();
    }

    /** B', the private task's subspace (B unless the task shifts it). */
    public DMatrixRMaj privateBasis() {
        return privateBasis.copy();
    }

    /** w* = B' α_{t+1}, the private task's true model. */
    public double[] privateModel() {
        return privateModel.clone();
    }

    /** θ_j = B α_j, public task j's true model. */
    public double[] publicModel(int j) {
        return publicModels[j].clone();
    }

    /** α_j, public task j's coordinates in B. */
    public double[] publicTaskVector(int j) {
        return alpha(j);
    }

    /** The public task of public row i: i mod t (equal shares, as Tripuraneni et al. assume). */
    public int publicTaskOf(int row) {
        return row % task.publicTasks();
    }

    /** Public row i: x ∈ R^d followed by y (d + 1 values). */
    public double[] publicRow(int row) {
        return row(publicModels[publicTaskOf(row)], RandomStreams.stream(seed, "transfer-public-row", repeat, row));
    }

    /** Private row i (held by user i of the private task): x ∈ R^d followed by y. */
    public double[] privateRow(int row) {
        return row(privateModel, RandomStreams.stream(seed, "transfer-private-row", repeat, row));
    }

    private double[] row(double[] w, SplittableRandom rng) {
        int d = task.dimension();
        double[] xy = new double[d + 1];
        double y = 0;
        for (int p = 0; p < d; p++) {
            xy[p] = rng.nextGaussian();
            y += xy[p] * w[p];
        }
        xy[d] = y + task.labelNoise() * rng.nextGaussian();
        return xy;
    }

    /** α_j ~ N(0, (s²/k) I_k). */
    private double[] alpha(int j) {
        int k = task.rank();
        SplittableRandom rng = RandomStreams.stream(seed, "transfer-task", repeat, j);
        double scale = task.taskNorm() / Math.sqrt(k);
        double[] a = new double[k];
        for (int c = 0; c < k; c++) {
            a[c] = scale * rng.nextGaussian();
        }
        return a;
    }

    private static double[] model(DMatrixRMaj basis, double[] alpha) {
        double[] w = new double[basis.numRows];
        for (int p = 0; p < basis.numRows; p++) {
            double s = 0;
            for (int c = 0; c < alpha.length; c++) {
                s += basis.get(p, c) * alpha[c];
            }
            w[p] = s;
        }
        return w;
    }

    /**
     * B√(1 − γ²) + Pγ with P the last k columns of the orthonormalised [B G] (orthogonal to B): its
     * columns are orthonormal and every principal angle to B has sine γ.
     */
    private static DMatrixRMaj shifted(DMatrixRMaj b, double gamma, SplittableRandom rng) {
        int d = b.numRows;
        int k = b.numCols;
        DMatrixRMaj joined = new DMatrixRMaj(d, 2 * k);
        DMatrixRMaj g = gaussian(d, k, rng);
        for (int p = 0; p < d; p++) {
            for (int c = 0; c < k; c++) {
                joined.set(p, c, b.get(p, c));
                joined.set(p, k + c, g.get(p, c));
            }
        }
        DMatrixRMaj q = Subspaces.orthonormalize(joined);
        double cos = Math.sqrt(1 - gamma * gamma);
        DMatrixRMaj out = new DMatrixRMaj(d, k);
        for (int p = 0; p < d; p++) {
            for (int c = 0; c < k; c++) {
                out.set(p, c, cos * b.get(p, c) + gamma * q.get(p, k + c));
            }
        }
        return out;
    }

    private static DMatrixRMaj gaussian(int rows, int cols, SplittableRandom rng) {
        DMatrixRMaj m = new DMatrixRMaj(rows, cols);
        for (int i = 0; i < rows * cols; i++) {
            m.data[i] = rng.nextGaussian();
        }
        return m;
    }
}
