package org.privsim.core.family.federated;

import org.privsim.core.data.UserDataset;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.privacy.Clipping;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.FedAvgSettings;
import org.privsim.core.sim.UserStep;
import org.privsim.core.sim.UserTask;

/**
 * DP-FedAvg with local fine-tuning (McMahan et al. 2018; the "FedAvg + local adaptation" baseline of
 * the personalization literature), a {@link FederatedFamily}: the published model is the global
 * model θ ∈ R^d, starting at 0.
 *
 * <p>A sampled user takes E full-batch gradient steps of size η on its squared loss
 * (1/m) Σ (⟨x, w⟩ − y)² / 2 from θ and answers its update w − θ clipped to L2 norm C (streams
 * "fedavg-sample", "fedavg-noise"); the curator moves θ by the noisy mean update. Then every user
 * fine-tunes: θ_j = θ + the ridge fit (strength {@code ridge}) of its residuals y − ⟨x, θ⟩, and
 * answers its error. Accounting and guarantees: {@link FederatedFamily}.
 */
public final class FedAvgFamily extends FederatedFamily {
    /** The one instance. */
    public static final FedAvgFamily INSTANCE = new FedAvgFamily();

    private FedAvgFamily() {
        super(Algorithm.DP_FEDAVG, "fedavg");
    }

    @Override
    double[] initialModel(Cell cell, long repeatSeed) {
        return new double[cell.shape().dimension()];
    }

    @Override
    double[] update(Cell cell, UserDataset data, double[] model) {
        return localUpdate(data, model, cell.settings());
    }

    @Override
    double[] publish(Cell cell, double[] model, double[] meanUpdate) {
        for (int p = 0; p < model.length; p++) {
            model[p] += meanUpdate[p];
        }
        return model;
    }

    @Override
    double[] personalize(Cell cell, UserDataset data, double[] model) {
        return personalize(data, model, cell.spec().ridge());
    }

    @Override
    Double subspaceDistance(Cell cell, double[] model, UserPopulation population) {
        return null;
    }

    /** E full-batch gradient steps from θ on the user's training rows; the update w − θ clipped to C. */
    static double[] update(UserDataset data, double[] theta, FedAvgSettings s) {
        double[] w = localUpdate(data, theta, s);
        Clipping.clipInPlace(w, s.clipUpdate());
        return w;
    }

    /** E full-batch gradient steps from θ on the user's training rows; the update w − θ, not clipped. */
    private static double[] localUpdate(UserDataset data, double[] theta, FedAvgSettings s) {
        int d = data.dimension();
        int m = data.samples();
        double[] w = theta.clone();
        double[] gradient = new double[d];
        for (int e = 0; e < s.localEpochs(); e++) {
            lossGradientSum(data, w, gradient);
            for (int p = 0; p < d; p++) {
                w[p] -= s.learningRate() * gradient[p] / m;
            }
        }
        for (int p = 0; p < d; p++) {
            w[p] -= theta[p];
        }
        return w;
    }

    /** θ_j = θ + ridge fit of the residuals y − ⟨x, θ⟩; the answer is θ_j's error as a low-rank user's. */
    static double[] personalize(UserDataset data, double[] theta, double ridge) {
        int d = data.dimension();
        int m = data.samples();
        double[] residuals = new double[m];
        for (int i = 0; i < m; i++) {
            double fit = 0;
            for (int p = 0; p < d; p++) {
                fit += data.x()[i * d + p] * theta[p];
            }
            residuals[i] = data.y()[i] - fit;
        }
        double[] shift = UserStep.ownRidge(new UserDataset(data.user(), d, data.x(), residuals, null, null), 0, m,
                ridge);
        double[] personal = new double[d];
        for (int p = 0; p < d; p++) {
            personal[p] = theta[p] + shift[p];
        }
        return UserStep.respond(data, new UserTask.Evaluate(0, UserTask.Model.SHARED, personal, 0, 0, m,
                ridge, Double.POSITIVE_INFINITY));
    }
}
