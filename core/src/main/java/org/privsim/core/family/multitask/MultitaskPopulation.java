package org.privsim.core.family.multitask;

import java.util.SplittableRandom;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.MultitaskRegressionTask;
import org.privsim.core.scenario.MultitaskStructure;

/**
 * Generates the synthetic multi-task population of Liang et al. §5.4 for one repeat (see
 * {@link MultitaskRegressionTask} for the model).
 *
 * <p>Guarantee: the low-rank basis G depends only on (seed, repeat, shape) — stream
 * ("mtl-basis", repeat) — and task i's model on ("mtl-model", repeat, i); its training,
 * validation and test rows come from their own streams ("mtl-train" / "mtl-validation" /
 * "mtl-test", repeat, i), so changing the number of test rows never changes the training data. Each
 * row draws d Gaussians (normalised to unit norm), then its label noise.
 */
public final class MultitaskPopulation {
    private final MultitaskRegressionTask shape;
    private final long seed;
    private final int repeat;
    /** G ∈ R^{d×r}, row-major (low-rank), else null. */
    private final double[] basis;

    /** The population of repeat {@code repeat} under root seed {@code seed}. */
    public MultitaskPopulation(MultitaskRegressionTask shape, long seed, int repeat) {
        this.shape = shape;
        this.seed = seed;
        this.repeat = repeat;
        if (shape.structure() == MultitaskStructure.LOW_RANK) {
            int size = shape.dimension() * shape.taskRank();
            basis = new double[size];
            SplittableRandom rng = RandomStreams.stream(seed, "mtl-basis", repeat);
            for (int i = 0; i < size; i++) {
                basis[i] = rng.nextGaussian();
            }
        } else {
            basis = null;
        }
    }

    /** The task shape. */
    public MultitaskRegressionTask shape() {
        return shape;
    }

    /** The true model w_i of task {@code i}. */
    public double[] model(int i) {
        int d = shape.dimension();
        SplittableRandom rng = RandomStreams.stream(seed, "mtl-model", repeat, i);
        double[] w = new double[d];
        if (shape.structure() == MultitaskStructure.LOW_RANK) {
            int r = shape.taskRank();
            double scale = shape.modelScale() / Math.sqrt(r);
            double[] l = new double[r];
            for (int c = 0; c < r; c++) {
                l[c] = scale * rng.nextGaussian();
            }
            for (int p = 0; p < d; p++) {
                double s = 0;
                for (int c = 0; c < r; c++) {
                    s += basis[p * r + c] * l[c];
                }
                w[p] = s;
            }
        } else {
            for (int p = 0; p < MultitaskStructure.GROUP_SPARSE_ROWS; p++) {
                double magnitude = 1 + 49 * rng.nextDouble();
                w[p] = rng.nextBoolean() ? magnitude : -magnitude;
            }
        }
        return w;
    }

    /** Task {@code i}'s data set. */
    public TaskData task(int i) {
        int d = shape.dimension();
        double[] w = model(i);
        double[][] train = rows(w, shape.samplesPerTask(), RandomStreams.stream(seed, "mtl-train", repeat, i));
        double[][] valid = rows(w, shape.validationSamplesPerTask(),
                RandomStreams.stream(seed, "mtl-validation", repeat, i));
        double[][] test = rows(w, shape.testSamplesPerTask(), RandomStreams.stream(seed, "mtl-test", repeat, i));
        return new TaskData(i, d, train[0], train[1], valid[0], valid[1], test[0], test[1], w);
    }

    /** {x (count×d), y (count)}: unit-norm Gaussian rows and y = ⟨x, w⟩ + σ z. */
    private double[][] rows(double[] w, int count, SplittableRandom rng) {
        int d = shape.dimension();
        double[] x = new double[count * d];
        double[] y = new double[count];
        for (int row = 0; row < count; row++) {
            int off = row * d;
            double norm = 0;
            for (int p = 0; p < d; p++) {
                double v = rng.nextGaussian();
                x[off + p] = v;
                norm += v * v;
            }
            norm = Math.sqrt(norm);
            double dot = 0;
            for (int p = 0; p < d; p++) {
                x[off + p] /= norm;
                dot += x[off + p] * w[p];
            }
            y[row] = dot + shape.labelNoise() * rng.nextGaussian();
        }
        return new double[][] {x, y};
    }
}
