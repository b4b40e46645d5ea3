package org.privsim.core.sim;

import org.privsim.core.data.SplitPlan;
import org.privsim.core.data.UserDataset;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.linalg.SmallSolve;
import org.privsim.core.privacy.Clipping;

/**
 * Everything a user computes on its own data in the rounds: its personal model and its clipped
 * contributions to the U-step releases (the initialisation's are {@link UserInitStep}'s). A range of samples the task names is cut at the
 * user's own sample count (a real data set's users hold different counts). Pure functions of the data set and public inputs
 * (the billboard's U, the clip bounds); the same code runs in the sequential runner and inside
 * each user actor.
 */
public final class UserStep {
    /** Rows whose projections {@link #fitPersonalModel} forms together. */
    private static final int BLOCK = 4;

    private UserStep() {}

    /**
     * v = argmin_{v ∈ R^k} Σ_{i ∈ [from,to)} (y_i − ⟨Uᵀx_i, v⟩)² + λ‖v‖², then scaled into the ball
     * ‖v‖ ≤ R (Alg. 1 line 5; the ridge keeps the k×k system well posed when few samples project
     * onto a near-degenerate U).
     *
     * @param u row-major d×k billboard U
     */
    public static double[] fitPersonalModel(UserDataset data, int from, int to, double[] u, int k,
                                            double ridge, double normBound) {
        return fitPersonalModel(data, from, to, u, k, ridge, normBound, new Workspace());
    }

    /** {@link #fitPersonalModel} in {@code ws}: the result is ws's {@link Workspace.Slot#MODEL} array. */
    private static double[] fitPersonalModel(UserDataset data, int from, int to, double[] u, int k,
                                             double ridge, double normBound, Workspace ws) {
        int d = data.dimension();
        double[] x = data.x();
        double[] gram = ws.zeros(Workspace.Slot.GRAM, k * k);
        double[] rhs = ws.zeros(Workspace.Slot.RHS, k);
        double[] proj = ws.zeros(Workspace.Slot.PROJECTIONS, BLOCK * k);
        int end = end(data, to);
        // Projections Uᵀx_i of BLOCK rows at a time (independent sums, so the chains overlap), each
        // the same left-to-right sum over p; then the rows are accumulated in ascending order.
        for (int i0 = from; i0 < end; i0 += BLOCK) {
            int rows = Math.min(BLOCK, end - i0);
            if (rows == BLOCK) {
                int o0 = i0 * d;
                int o1 = o0 + d;
                int o2 = o1 + d;
                int o3 = o2 + d;
                for (int a = 0; a < k; a++) {
                    double s0 = 0;
                    double s1 = 0;
                    double s2 = 0;
                    double s3 = 0;
                    for (int p = 0; p < d; p++) {
                        double up = u[p * k + a];
                        s0 += x[o0 + p] * up;
                        s1 += x[o1 + p] * up;
                        s2 += x[o2 + p] * up;
                        s3 += x[o3 + p] * up;
                    }
                    proj[a] = s0;
                    proj[k + a] = s1;
                    proj[2 * k + a] = s2;
                    proj[3 * k + a] = s3;
                }
            } else {
                for (int r = 0; r < rows; r++) {
                    int off = (i0 + r) * d;
                    for (int a = 0; a < k; a++) {
                        double s = 0;
                        for (int p = 0; p < d; p++) {
                            s += x[off + p] * u[p * k + a];
                        }
                        proj[r * k + a] = s;
                    }
                }
            }
            for (int r = 0; r < rows; r++) {
                double yi = data.y()[i0 + r];
                int pr = r * k;
                for (int a = 0; a < k; a++) {
                    rhs[a] += proj[pr + a] * yi;
                    for (int b = 0; b < k; b++) {
                        gram[a * k + b] += proj[pr + a] * proj[pr + b];
                    }
                }
            }
        }
        for (int a = 0; a < k; a++) {
            gram[a * k + a] += ridge;
        }
        double[] v = ws.zeros(Workspace.Slot.MODEL, k);
        ws.solver(k).solveInto(gram, rhs, v);
        Clipping.clipInPlace(v, normBound);
        return v;
    }

    /**
     * The user's U-step statistics for its current model v on the U-split samples, clipped with
     * model bound η and label bound ζ (pass +∞ for no clipping). With {@code withGram} false
     * (Kronecker U-step) G is not computed and the statistics carry an empty gram, and g is scaled
     * so that ‖v ⊗ g‖ = ‖v‖‖g‖ ≤ C ({@code clipMoment}, +∞: no user-level clip).
     */
    public static UserRoundStats roundStatistics(UserDataset data, SplitPlan split, double[] v,
                                                 double eta, double zeta, boolean withGram, double clipMoment) {
        Weighted w = weigh(data, split, v, eta, zeta, clipMoment);
        double[] gram = new double[withGram ? PackedSymmetric.length(data.dimension()) : 0];
        if (withGram) {
            PackedSymmetric.addWeightedGram(gram, data.x(), split.uFrom() * data.dimension(), data.dimension(),
                    w.weights(), w.weights().length);
        }
        return new UserRoundStats(data.user(), v.clone(), gram, w.g());
    }

    /**
     * Answers a U-step request straight into a running sum: the same statistics as
     * {@link #respond(UserDataset, UserTask.Round)} added with {@link RoundSum#addUser}, so G is
     * never materialised. Bit-identical to {@code sum.add(respond(data, task))}.
     */
    public static void foldRound(UserDataset data, UserTask.Round task, RoundSum sum) {
        Workspace ws = sum.workspace();
        double[] v = personalModel(data, task, ws);
        int rows = weigh(data, task.split(), v, task.clipModel(), task.clipLabel(), task.clipMoment(), ws);
        sum.addUser(data.user(), v, data.x(), task.split().uFrom() * data.dimension(),
                ws.atLeast(Workspace.Slot.WEIGHTS, rows), rows, ws.atLeast(Workspace.Slot.MOMENT, data.dimension()));
    }

    /** The per-sample Gram weights c_i² and the vector g of the U-split (g already scaled into the C-ball). */
    private record Weighted(double[] weights, double[] g) {}

    private static Weighted weigh(UserDataset data, SplitPlan split, double[] v, double eta, double zeta,
                                  double clipMoment) {
        Workspace ws = new Workspace();
        int rows = weigh(data, split, v, eta, zeta, clipMoment, ws);
        return new Weighted(ws.atLeast(Workspace.Slot.WEIGHTS, rows), ws.atLeast(Workspace.Slot.MOMENT, data.dimension()));
    }

    /**
     * Writes the U-split's Gram weights into ws's {@link Workspace.Slot#WEIGHTS} (the first {@code rows}
     * values) and g into its {@link Workspace.Slot#MOMENT} (d values); returns rows.
     */
    private static int weigh(UserDataset data, SplitPlan split, double[] v, double eta, double zeta,
                             double clipMoment, Workspace ws) {
        int d = data.dimension();
        double vNorm = norm(v);
        double[] g = ws.zeros(Workspace.Slot.MOMENT, d);
        int uTo = end(data, split.uTo());
        double[] weights = ws.atLeast(Workspace.Slot.WEIGHTS, uTo - split.uFrom());
        for (int i = split.uFrom(); i < uTo; i++) {
            double c = Clipping.clipScale(data.featureNorm(i) * vNorm, eta);
            double yc = Clipping.clip(data.y()[i], zeta) * c;
            weights[i - split.uFrom()] = c * c;
            int off = i * d;
            for (int p = 0; p < d; p++) {
                g[p] += yc * data.x()[off + p];
            }
        }
        if (clipMoment < Double.POSITIVE_INFINITY) {
            double scale = Clipping.clipScale(vNorm * norm(g), clipMoment);
            for (int p = 0; p < d; p++) {
                g[p] *= scale;
            }
        }
        return uTo - split.uFrom();
    }

    /**
     * Answers a U-step request: fits v on the v-split against the billboard's U (or uses v = [1]
     * when the task carries no U), then returns the clipped statistics of the U-split.
     */
    public static UserRoundStats respond(UserDataset data, UserTask.Round task) {
        double[] v = personalModel(data, task);
        return roundStatistics(data, task.split(), v, task.clipModel(), task.clipLabel(), task.gram(),
                task.clipMoment());
    }

    /** v = [1] when the task carries no U, else v fitted on the v-split against the billboard's U. */
    private static double[] personalModel(UserDataset data, UserTask.Round task) {
        return personalModel(data, task, new Workspace());
    }

    /** {@link #personalModel(UserDataset, UserTask.Round)} in {@code ws} (its {@link Workspace.Slot#MODEL} array). */
    private static double[] personalModel(UserDataset data, UserTask.Round task, Workspace ws) {
        if (task.u() == null) {
            double[] one = ws.zeros(Workspace.Slot.MODEL, 1);
            one[0] = 1.0;
            return one;
        }
        return fitPersonalModel(data, task.split().vFrom(), task.split().vTo(), task.u(), task.rank(),
                task.ridge(), task.modelNormBound(), ws);
    }

    /**
     * Answers an evaluation request. A synthetic user answers {‖θ_j − θ_j*‖²}; a user of a real data
     * set, which has no θ_j*, answers {MSE_j, SSE_j, t_j, SST_j} of its t_j test rows: SSE_j =
     * Σ (y − ⟨x, θ_j⟩)², MSE_j = SSE_j / t_j and SST_j = Σ (y − ȳ_j)² with ȳ_j its training rows' mean
     * label (the per-user-mean predictor R² is measured against). With a {@code scoreClip} the answer
     * ends with one more value, the user's {@link #validationLoss}.
     */
    public static double[] respond(UserDataset data, UserTask.Evaluate task) {
        double[] answer = errors(data, task);
        if (task.scoreClip() == null) {
            return answer;
        }
        double[] scored = java.util.Arrays.copyOf(answer, answer.length + 1);
        scored[answer.length] = validationLoss(data, task);
        return scored;
    }

    private static double[] errors(UserDataset data, UserTask.Evaluate task) {
        double[] theta = finalModel(data, task);
        if (data.testY() != null) {
            return testErrors(data, theta);
        }
        int d = data.dimension();
        double err = 0;
        for (int p = 0; p < d; p++) {
            double diff = theta[p] - data.thetaStar()[p];
            err += diff * diff;
        }
        return new double[] {err};
    }

    /**
     * A private selection candidate's validation loss for this user, in [0, c] (c the task's
     * {@code scoreClip}): v fitted against the task's U on the first half of the final-fit rows
     * [from, mid), mid = from + ⌊(to − from)/2⌋, and the mean over the other half [mid, to) of the
     * squared residuals (y − ⟨x, U v⟩)², each clipped to c. Only training rows are read: never the
     * ground truth, never a data set's test rows.
     */
    public static double validationLoss(UserDataset data, UserTask.Evaluate task) {
        int d = data.dimension();
        int to = end(data, task.to());
        int mid = task.from() + (to - task.from()) / 2;
        double[] v = fitPersonalModel(data, task.from(), mid, task.params(), task.rank(), task.ridge(),
                task.modelNormBound());
        double[] theta = new double[d];
        for (int p = 0; p < d; p++) {
            for (int a = 0; a < task.rank(); a++) {
                theta[p] += task.params()[p * task.rank() + a] * v[a];
            }
        }
        double loss = 0;
        for (int i = mid; i < to; i++) {
            double fit = 0;
            for (int p = 0; p < d; p++) {
                fit += data.x()[i * d + p] * theta[p];
            }
            double residual = data.y()[i] - fit;
            loss += Math.min(residual * residual, task.scoreClip());
        }
        return to > mid ? loss / (to - mid) : task.scoreClip();
    }

    /** {MSE, SSE, test rows, SST} of θ on the user's test rows (see {@link #respond(UserDataset, UserTask.Evaluate)}). */
    static double[] testErrors(UserDataset data, double[] theta) {
        int d = data.dimension();
        double mean = 0;
        for (double y : data.y()) {
            mean += y;
        }
        mean /= data.samples();
        double sse = 0;
        double sst = 0;
        int t = data.testY().length;
        for (int i = 0; i < t; i++) {
            double fit = 0;
            for (int p = 0; p < d; p++) {
                fit += data.testX()[i * d + p] * theta[p];
            }
            double residual = data.testY()[i] - fit;
            sse += residual * residual;
            double spread = data.testY()[i] - mean;
            sst += spread * spread;
        }
        return new double[] {sse / t, sse, t, sst};
    }

    /** The user's final model θ_j as the task asks it to be formed. */
    private static double[] finalModel(UserDataset data, UserTask.Evaluate task) {
        int d = data.dimension();
        double[] theta;
        switch (task.model()) {
            case PERSONAL -> {
                double[] v = fitPersonalModel(data, task.from(), task.to(), task.params(), task.rank(),
                        task.ridge(), task.modelNormBound());
                theta = new double[d];
                for (int p = 0; p < d; p++) {
                    double s = 0;
                    for (int a = 0; a < task.rank(); a++) {
                        s += task.params()[p * task.rank() + a] * v[a];
                    }
                    theta[p] = s;
                }
            }
            case OWN_RIDGE -> theta = ownRidge(data, task.from(), task.to(), task.ridge());
            case SHARED -> theta = task.params();
            default -> throw new IllegalStateException("unknown model " + task.model());
        }
        return theta;
    }

    /**
     * Ridge regression in d dimensions on samples [from, to): θ = (XᵀX + λI)⁻¹Xᵀy, computed in its
     * dual form θ = Xᵀ(XXᵀ + λI)⁻¹y when there are fewer samples than dimensions (identical for
     * λ > 0; the minimum-norm interpolant for λ = 0).
     */
    public static double[] ownRidge(UserDataset data, int from, int requestedTo, double ridge) {
        int to = end(data, requestedTo);
        int d = data.dimension();
        int m = to - from;
        double[] x = data.x();
        double[] theta = new double[d];
        if (m < d) {
            double[] k = new double[m * m];
            double[] r = new double[m];
            for (int i = 0; i < m; i++) {
                r[i] = data.y()[from + i];
                for (int l = 0; l < m; l++) {
                    double s = 0;
                    for (int p = 0; p < d; p++) {
                        s += x[(from + i) * d + p] * x[(from + l) * d + p];
                    }
                    k[i * m + l] = s + (i == l ? ridge : 0);
                }
            }
            double[] alpha = SmallSolve.symmetric(k, r, m);
            for (int i = 0; i < m; i++) {
                for (int p = 0; p < d; p++) {
                    theta[p] += alpha[i] * x[(from + i) * d + p];
                }
            }
            return theta;
        }
        double[] g = new double[d * d];
        double[] r = new double[d];
        for (int i = from; i < to; i++) {
            for (int p = 0; p < d; p++) {
                r[p] += x[i * d + p] * data.y()[i];
                for (int q = 0; q < d; q++) {
                    g[p * d + q] += x[i * d + p] * x[i * d + q];
                }
            }
        }
        for (int p = 0; p < d; p++) {
            g[p * d + p] += ridge;
        }
        return SmallSolve.symmetric(g, r, d);
    }

    /**
     * One past the last sample a range ending at {@code to} covers on this user: {@code to}, or the
     * user's sample count when it holds fewer (users of a real data set hold different counts; the
     * task's ranges cover the largest).
     */
    static int end(UserDataset data, int to) {
        return Math.min(to, data.samples());
    }

    static double norm(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x * x;
        }
        return Math.sqrt(s);
    }
}
