package org.privsim.core.family.transfer;

import org.privsim.core.data.UserDataset;
import org.privsim.core.scenario.SubspaceEstimator;
import org.privsim.core.sim.UserInitStep;
import org.privsim.core.sim.UserStep;
import org.privsim.core.sim.UserTask;

/**
 * One public task of a transfer run: it holds the public rows i &lt; n₁ with i mod t = j and answers
 * the curator's moment request with its partial sum, or (representation private-altmin) acts as a
 * Priv-AltMin user, so that the curator never sees a row. Public data cost no privacy unless the
 * representation treats them as private (private-altmin).
 * <ul>
 *   <li>{@link SubspaceEstimator#MOMENTS}: Σ_i y_i² x_i x_iᵀ (Tripuraneni et al. 2021, Alg. 1);</li>
 *   <li>{@link SubspaceEstimator#PAIRS}: Σ_{i ≠ i'} y_i y_i' x_i x_i'ᵀ = s sᵀ − Σ_i y_i² x_i x_iᵀ with
 *       s = Σ_i y_i x_i — the same-task cross products, O(n d²) without forming the pairs.</li>
 * </ul>
 *
 * <p>Guarantee: the partial is a full row-major d×d matrix summed in ascending row order; the same
 * (population, task, n₁, estimator) always gives the same bits.
 */
public final class PublicTask {
    private PublicTask() {}

    /** Task {@code task}'s partial over public rows i &lt; n₁ (ascending i), row-major d×d. */
    public static double[] moments(TransferPopulation population, int task, int publicSamples,
                                   SubspaceEstimator estimator) {
        int d = population.task().dimension();
        int t = population.task().publicTasks();
        double[] squares = new double[d * d];
        double[] s = new double[d];
        for (int row = task; row < publicSamples; row += t) {
            double[] xy = population.publicRow(row);
            double y = xy[d];
            double y2 = y * y;
            for (int p = 0; p < d; p++) {
                double a = y2 * xy[p];
                int base = p * d;
                for (int q = 0; q < d; q++) {
                    squares[base + q] += a * xy[q];
                }
                s[p] += y * xy[p];
            }
        }
        if (estimator == SubspaceEstimator.MOMENTS) {
            return squares;
        }
        double[] pairs = new double[d * d];
        for (int p = 0; p < d; p++) {
            for (int q = 0; q < d; q++) {
                pairs[p * d + q] = s[p] * s[q] - squares[p * d + q];
            }
        }
        return pairs;
    }

    /**
     * Task {@code task}'s public rows i &lt; n₁ (ascending, i ≡ task mod t) as a Priv-AltMin user's
     * data set (representation private-altmin), with ground truth α_j and θ_j = Bα_j for the
     * run's metrics only.
     */
    public static UserDataset altMinData(TransferPopulation population, int task, int publicSamples) {
        int d = population.task().dimension();
        int t = population.task().publicTasks();
        int m = (publicSamples - task + t - 1) / t;
        double[] x = new double[m * d];
        double[] y = new double[m];
        for (int r = 0; r < m; r++) {
            double[] xy = population.publicRow(task + r * t);
            System.arraycopy(xy, 0, x, r * d, d);
            y[r] = xy[d];
        }
        return new UserDataset(task, d, x, y, population.publicTaskVector(task), population.publicModel(task));
    }

    /** The task's answer to a Priv-AltMin request: {@link UserStep#respond} on its own rows. */
    public static PublicAltMinAnswer answer(UserDataset data, UserTask request) {
        if (request instanceof UserTask.Init init) {
            return new PublicAltMinAnswer(UserInitStep.respond(data, init), null, null);
        }
        if (request instanceof UserTask.Round round) {
            return new PublicAltMinAnswer(null, UserStep.respond(data, round), null);
        }
        return new PublicAltMinAnswer(null, null, UserStep.respond(data, (UserTask.Evaluate) request));
    }

    /** The normaliser of the summed partials: n₁ (moments) or Σ_j n_j(n_j − 1) (pairs). */
    public static double normaliser(int publicTasks, int publicSamples, SubspaceEstimator estimator) {
        if (estimator == SubspaceEstimator.MOMENTS) {
            return publicSamples;
        }
        double pairs = 0;
        for (int j = 0; j < publicTasks; j++) {
            long rows = j < publicSamples ? (publicSamples - 1 - j) / publicTasks + 1 : 0;
            pairs += (double) rows * (rows - 1);
        }
        return pairs;
    }
}
