package org.privsim.core.sim;

import java.util.List;
import org.privsim.core.data.LowRankData;
import org.privsim.core.data.UserDataset;
import org.privsim.core.scenario.Metalearning;

/**
 * The metalearning error of a released representation (Aliakbarpour et al. §3, Def. 1.2): users
 * n … n + H − 1 of the same population — never asked during training, so the release is independent
 * of their data and costs them no privacy — each fit v on the released U with its first n_pers
 * samples (the same v-step as training users: ridge λ, norm bound R) and are scored by the excess
 * risk ‖U v − θ*‖² (x ~ N(0, I)).
 *
 * <p>Guarantee: a pure function of (population, U, settings); users are summed in id order, so every
 * runner reports the same bits. The held-out users are evaluated where the run ends (the curator's
 * driver), like an evaluation oracle: they never send anything that enters a release.
 */
public final class HeldOutUsers {
    private HeldOutUsers() {}

    /**
     * Mean over the H held-out users of ‖U v̂ − θ*‖² for each n_pers, in the order given.
     *
     * @param population the training population (held-out ids start at its task's user count)
     * @param u          the released U, row-major d×k
     */
    public static double[] excessRisk(LowRankData population, Metalearning metalearning, double[] u, int k,
                                      double ridge, double modelNormBound) {
        int n = population.task().users();
        int d = population.task().dimension();
        List<Integer> nPers = metalearning.personalizationSamples();
        double[] sums = new double[nPers.size()];
        for (int h = 0; h < metalearning.heldOutUsers(); h++) {
            UserDataset user = population.user(n + h, metalearning.maxSamples());
            for (int c = 0; c < nPers.size(); c++) {
                double[] v = UserStep.fitPersonalModel(user, 0, nPers.get(c), u, k, ridge, modelNormBound);
                double err = 0;
                for (int p = 0; p < d; p++) {
                    double s = 0;
                    for (int a = 0; a < k; a++) {
                        s += u[p * k + a] * v[a];
                    }
                    double diff = s - user.thetaStar()[p];
                    err += diff * diff;
                }
                sums[c] += err;
            }
        }
        for (int c = 0; c < sums.length; c++) {
            sums[c] /= metalearning.heldOutUsers();
        }
        return sums;
    }
}
