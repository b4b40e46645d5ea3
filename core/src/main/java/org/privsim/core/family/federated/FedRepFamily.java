package org.privsim.core.family.federated;

import org.ejml.data.DMatrixRMaj;
import org.privsim.core.data.UserDataset;
import org.privsim.core.data.UserPopulation;
import org.privsim.core.linalg.Subspaces;
import org.privsim.core.privacy.Clipping;
import org.privsim.core.privacy.GaussianMechanism;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.FedAvgSettings;
import org.privsim.core.sim.UserStep;
import org.privsim.core.sim.UserTask;

/**
 * DP-FedRep (Collins, Hassani, Mokhtari &amp; Shakkottai, ICML 2021, "Exploiting shared representations
 * for personalized federated learning") with user-level DP aggregation, a {@link FederatedFamily}:
 * the published model is the representation U ∈ R^{d×k} (row-major), orthonormal after every round;
 * each user's head v_j ∈ R^k stays with the user and is never released.
 *
 * <p>U₀ is the Q factor of a d×k standard Gaussian matrix (stream (repeat seed, "fedrep-init",
 * experiment): data-independent, so free; the same for every ε of the experiment). A sampled user
 * fits its head on U — v = argmin Σ (y − ⟨Uᵀx, v⟩)² + λ‖v‖² on its training rows (λ the
 * experiment's {@code ridge}) — then, v fixed, takes τ ({@code localEpochs}) full-batch gradient
 * steps of size η on U for its squared loss (1/m) Σ (⟨x, U v⟩ − y)² / 2, whose gradient is
 * (1/m) Σ (⟨x, U v⟩ − y) x vᵀ, and answers W − U clipped to Frobenius norm C (streams
 * "fedrep-sample", "fedrep-noise"). The curator publishes Q of the thin QR decomposition of U plus
 * the noisy mean update (EJML). At the end every user fits its head on the last U with the same
 * ridge and answers the error of θ_j = U v_j exactly as the low-rank algorithms' users do.
 * Accounting and guarantees: {@link FederatedFamily}.
 */
public final class FedRepFamily extends FederatedFamily {
    /** The one instance. */
    public static final FedRepFamily INSTANCE = new FedRepFamily();

    private FedRepFamily() {
        super(Algorithm.DP_FEDREP, "fedrep");
    }

    @Override
    double[] initialModel(Cell cell, long repeatSeed) {
        int d = cell.shape().dimension();
        int k = cell.shape().rank();
        double[] gaussian = GaussianMechanism.addNoise(new double[d * k], 1,
                RandomStreams.stream(repeatSeed, "fedrep-init", cell.experiment()));
        return Subspaces.orthonormalize(DMatrixRMaj.wrap(d, k, gaussian)).data;
    }

    @Override
    double[] update(Cell cell, UserDataset data, double[] model) {
        return localUpdate(data, model, cell.shape().rank(), cell.spec().ridge(), cell.settings());
    }

    @Override
    double[] publish(Cell cell, double[] model, double[] meanUpdate) {
        for (int p = 0; p < model.length; p++) {
            model[p] += meanUpdate[p];
        }
        return Subspaces.orthonormalize(DMatrixRMaj.wrap(cell.shape().dimension(), cell.shape().rank(), model)).data;
    }

    @Override
    double[] personalize(Cell cell, UserDataset data, double[] model) {
        return UserStep.respond(data, new UserTask.Evaluate(0, UserTask.Model.PERSONAL, model, cell.shape().rank(), 0,
                data.samples(), cell.spec().ridge(), Double.POSITIVE_INFINITY));
    }

    @Override
    Double subspaceDistance(Cell cell, double[] model, UserPopulation population) {
        DMatrixRMaj uStar = population.uStar();
        return uStar == null ? null
                : Subspaces.distance(uStar, DMatrixRMaj.wrap(cell.shape().dimension(), cell.shape().rank(), model));
    }

    /**
     * The user's answer to an update request: its head v fitted on U (ridge λ), then τ gradient steps
     * of size η on U with v fixed; the change W − U (row-major d×k) clipped to Frobenius norm C.
     */
    static double[] update(UserDataset data, double[] u, int k, double ridge, FedAvgSettings s) {
        double[] w = localUpdate(data, u, k, ridge, s);
        Clipping.clipInPlace(w, s.clipUpdate());
        return w;
    }

    /** {@link #update} before the clipping: W − U. */
    private static double[] localUpdate(UserDataset data, double[] u, int k, double ridge, FedAvgSettings s) {
        int d = data.dimension();
        int m = data.samples();
        double[] v = UserStep.fitPersonalModel(data, 0, m, u, k, ridge, Double.POSITIVE_INFINITY);
        double[] w = u.clone();
        double[] theta = new double[d];
        double[] gradient = new double[d];
        for (int e = 0; e < s.localEpochs(); e++) {
            for (int p = 0; p < d; p++) {
                double t = 0;
                for (int a = 0; a < k; a++) {
                    t += w[p * k + a] * v[a];
                }
                theta[p] = t;
            }
            lossGradientSum(data, theta, gradient);
            for (int p = 0; p < d; p++) {
                double step = s.learningRate() * gradient[p] / m;
                for (int a = 0; a < k; a++) {
                    w[p * k + a] -= step * v[a];
                }
            }
        }
        for (int i = 0; i < w.length; i++) {
            w[i] -= u[i];
        }
        return w;
    }
}
