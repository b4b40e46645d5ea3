package org.privsim.core.data;

import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.QRDecomposition;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.LowRankRegressionTask;

/**
 * Generates the synthetic population of Jain et al. 2021, Section 6: U* is the Q factor of a
 * d×k standard Gaussian matrix (orthonormal columns), v_j* ~ N(0, I_k), x_ij ~ N(0, I_d),
 * y_ij = ⟨x_ij, U* v_j*⟩ + σ_F z_ij with z_ij ~ N(0, 1).
 *
 * <p>Guarantee: U* depends only on (seed, task shape) and user j's data only on (seed, j, task),
 * drawn from their own {@link RandomStreams} streams ("u-star", "user-data"/j) in a fixed order:
 * v_j*, then for each sample x_ij (d draws) followed by z_ij.
 */
public final class LowRankData implements UserPopulation {
    private final LowRankRegressionTask task;
    private final long seed;
    private final DMatrixRMaj uStar;
    /** The users' streams' common prefix, (seed, "user-data"): user j's is one index further. */
    private final long userStreams;

    /** The population for a task and root seed. */
    public LowRankData(LowRankRegressionTask task, long seed) {
        this.task = task;
        this.seed = seed;
        this.uStar = groundTruthU(task, seed);
        this.userStreams = RandomStreams.derive(seed, "user-data");
    }

    /** The task this population follows. */
    public LowRankRegressionTask task() {
        return task;
    }

    /** The root seed. */
    @Override
    public long seed() {
        return seed;
    }

    /** A copy of U* (d×k, orthonormal columns). */
    @Override
    public DMatrixRMaj uStar() {
        return uStar.copy();
    }

    /** User j's data set. */
    @Override
    public UserDataset user(int j) {
        return user(j, task.samplesPerUser());
    }

    /**
     * User j with m samples: the same v_j* and, for m ≥ samplesPerUser, the same first samples as
     * {@link #user(int)} (the stream is read in the same order), so a held-out user can hold more
     * (or fewer) samples than the training users.
     */
    public UserDataset user(int j, int m) {
        int d = task.dimension();
        int k = task.rank();
        SplittableRandom rng = new SplittableRandom(RandomStreams.extend(userStreams, j));
        double[] vStar = new double[k];
        for (int a = 0; a < k; a++) {
            vStar[a] = rng.nextGaussian();
        }
        double[] theta = new double[d];
        for (int p = 0; p < d; p++) {
            double s = 0;
            for (int a = 0; a < k; a++) {
                s += uStar.get(p, a) * vStar[a];
            }
            theta[p] = s;
        }
        double[] x = new double[m * d];
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            double dot = 0;
            for (int p = 0; p < d; p++) {
                double v = rng.nextGaussian();
                x[i * d + p] = v;
                dot += v * theta[p];
            }
            y[i] = dot + task.labelNoise() * rng.nextGaussian();
        }
        return new UserDataset(j, d, x, y, vStar, theta);
    }

    private static DMatrixRMaj groundTruthU(LowRankRegressionTask task, long seed) {
        int d = task.dimension();
        int k = task.rank();
        SplittableRandom rng = RandomStreams.stream(seed, "u-star");
        DMatrixRMaj g = new DMatrixRMaj(d, k);
        for (int p = 0; p < d; p++) {
            for (int a = 0; a < k; a++) {
                g.set(p, a, rng.nextGaussian());
            }
        }
        QRDecomposition<DMatrixRMaj> qr = DecompositionFactory_DDRM.qr(d, k);
        if (!qr.decompose(g)) {
            throw new IllegalStateException("QR of the ground-truth draw failed");
        }
        return qr.getQ(null, true);
    }
}
