package org.privsim.core.family.multitask;

import java.util.SplittableRandom;
import org.privsim.core.linalg.SmallSolve;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.InitialModels;

/**
 * A task's side of the multi-task algorithms (Liang et al. Alg. 2/3, the STL and DP-AGGR
 * baselines): it holds the task's data and model and answers the curator's requests. Only clipped
 * models ever leave it (their Remark 2: the curator never sees data).
 *
 * <p>Guarantee: deterministic — every sum runs in a fixed index order — so the sequential runner
 * and a task actor holding the same data give bit-identical answers. Not thread-safe.
 */
public final class TaskLearner {
    private final TaskData data;
    private final TaskSettings settings;
    private final int d;
    /** w⁽ᵗ⁾: the model after the last gradient step. */
    private double[] w;
    /** ŵ⁽ᵗ⁾: the last projected model (ŵ⁽⁰⁾ = w̃⁽⁰⁾). */
    private double[] projected;
    /** The model scored by {@link #evaluate} when no shared model is given. */
    private double[] finalModel;

    /** A task with its data and settings. */
    public TaskLearner(TaskData data, TaskSettings settings) {
        this.data = data;
        this.settings = settings;
        this.d = data.dimension();
    }

    /** The answer to a {@link TaskRequest.Begin} or {@link TaskRequest.Project}: the clipped w̃. */
    public double[] answer(TaskRequest request) {
        if (request instanceof TaskRequest.Begin) {
            return begin();
        }
        if (request instanceof TaskRequest.Project p) {
            return project(p.iteration(), p.projection());
        }
        throw new IllegalArgumentException("a task answers " + request + " with a score, not a model");
    }

    private double[] begin() {
        if (settings.algorithm() == Algorithm.DP_AGGR) {
            finalModel = ridgeModel();
            return clip(finalModel);
        }
        w = initialModel();
        double[] clipped = clip(w);
        projected = clipped;
        finalModel = clipped;
        return clipped;
    }

    private double[] project(int t, double[] projection) {
        double[] shared = clip(w);
        double[] hat = new double[d];
        if (projection.length == d) {
            for (int p = 0; p < d; p++) {
                hat[p] = projection[p] * shared[p];
            }
        } else {
            for (int p = 0; p < d; p++) {
                double s = 0;
                for (int q = 0; q < d; q++) {
                    s += projection[p * d + q] * shared[q];
                }
                hat[p] = s;
            }
        }
        double beta = settings.acceleration() ? (t - 1.0) / (t + 2.0) : 0;
        double[] z = new double[d];
        for (int p = 0; p < d; p++) {
            z[p] = hat[p] + beta * (hat[p] - projected[p]);
        }
        double[] grad = gradient(z);
        double[] next = new double[d];
        for (int p = 0; p < d; p++) {
            next[p] = z[p] - settings.stepSize() * grad[p];
        }
        projected = hat;
        finalModel = hat;
        w = next;
        return clip(w);
    }

    /** Scores the final model (see {@link TaskRequest.Evaluate}). */
    public TaskScore evaluate(TaskRequest.Evaluate request) {
        double[] model = request.shared() != null ? request.shared()
                : finalModel != null ? finalModel : ridgeModel();
        return new TaskScore(mse(data.validX(), data.validY(), model), variance(data.validY()),
                mse(data.testX(), data.testY(), model), variance(data.testY()), model.clone());
    }

    /** ∇L_i(z) = X_iᵀ(X_i z − y_i) + μ z, rows summed in order. */
    private double[] gradient(double[] z) {
        double[] x = data.x();
        double[] y = data.y();
        double[] g = new double[d];
        for (int row = 0; row < y.length; row++) {
            int off = row * d;
            double r = -y[row];
            for (int p = 0; p < d; p++) {
                r += x[off + p] * z[p];
            }
            for (int p = 0; p < d; p++) {
                g[p] += r * x[off + p];
            }
        }
        for (int p = 0; p < d; p++) {
            g[p] += settings.ridge() * z[p];
        }
        return g;
    }

    /** argmin ½‖X w − y‖² + (μ/2)‖w‖²: (XᵀX + μI) w = Xᵀy. */
    private double[] ridgeModel() {
        double[] x = data.x();
        double[] y = data.y();
        double[] a = new double[d * d];
        double[] b = new double[d];
        for (int row = 0; row < y.length; row++) {
            int off = row * d;
            for (int p = 0; p < d; p++) {
                double xp = x[off + p];
                b[p] += xp * y[row];
                for (int q = p; q < d; q++) {
                    a[p * d + q] += xp * x[off + q];
                }
            }
        }
        for (int p = 0; p < d; p++) {
            a[p * d + p] += settings.ridge();
            for (int q = 0; q < p; q++) {
                a[p * d + q] = a[q * d + p];
            }
        }
        return SmallSolve.symmetric(a, b, d);
    }

    private double[] initialModel() {
        double[] start;
        InitialModels kind = settings.initialModels();
        if (kind == InitialModels.STL) {
            start = ridgeModel();
        } else if (kind == InitialModels.UNIFORM) {
            start = new double[d];
            SplittableRandom rng = RandomStreams.stream(settings.seed(), "mtl-initial", settings.repeat(), data.task());
            for (int p = 0; p < d; p++) {
                start[p] = rng.nextDouble();
            }
        } else {
            start = new double[d];
        }
        if (data.task() == settings.outlierTask()) {
            for (int p = 0; p < d; p++) {
                start[p] *= settings.outlierScale();
            }
        }
        return start;
    }

    /** w / max(1, ‖w‖/K), a new array (a copy when K = +∞). */
    private double[] clip(double[] v) {
        double norm = 0;
        for (double x : v) {
            norm += x * x;
        }
        norm = Math.sqrt(norm);
        double factor = norm > settings.clip() ? settings.clip() / norm : 1;
        double[] out = new double[v.length];
        for (int p = 0; p < v.length; p++) {
            out[p] = v[p] * factor;
        }
        return out;
    }

    private double mse(double[] x, double[] y, double[] model) {
        double s = 0;
        for (int row = 0; row < y.length; row++) {
            int off = row * d;
            double r = -y[row];
            for (int p = 0; p < d; p++) {
                r += x[off + p] * model[p];
            }
            s += r * r;
        }
        return s / y.length;
    }

    private static double variance(double[] y) {
        double mean = 0;
        for (double v : y) {
            mean += v;
        }
        mean /= y.length;
        double s = 0;
        for (double v : y) {
            s += (v - mean) * (v - mean);
        }
        return s / y.length;
    }
}
