package org.privsim.core.sim;

import org.privsim.core.data.SplitPlan;
import org.privsim.core.data.UserDataset;
import org.privsim.core.linalg.PackedSymmetric;
import org.privsim.core.privacy.Clipping;

/**
 * A user's clipped contributions to the private initialisation (Jain et al. Alg. 3): its packed
 * pair term and, for the Kronecker U-step with a private feature covariance, its packed feature
 * second moment. Pure functions of the data set and the task's clip bounds; a range of samples the
 * task names is cut at the user's own sample count, as in {@link UserStep}.
 */
public final class UserInitStep {

    private UserInitStep() {}

    /**
     * The user's term of the private initialisation (Alg. 3 line 1), packed:
     * Σ_pairs sym(x_a x_bᵀ / (‖x_a‖‖x_b‖)) · clip(y_a; ζ) · clip(y_b; ζ) over the pairs
     * (a, a+1) of the initialisation split.
     */
    public static double[] initStatistics(UserDataset data, SplitPlan split, double zeta) {
        return initStatistics(data, split, zeta, new double[PackedSymmetric.length(data.dimension())]);
    }

    /** {@link #initStatistics(UserDataset, SplitPlan, double)} added into {@code m} (zeros), which it returns. */
    private static double[] initStatistics(UserDataset data, SplitPlan split, double zeta, double[] m) {
        int d = data.dimension();
        int pairs = Math.min(split.initPairs(), (UserStep.end(data, split.initTo()) - split.initFrom()) / 2);
        int[] offsets = new int[pairs];
        double[] scales = new double[pairs];
        int used = 0;
        for (int pair = 0; pair < pairs; pair++) {
            int a = split.initFrom() + 2 * pair;
            int b = a + 1;
            double na = data.featureNorm(a);
            double nb = data.featureNorm(b);
            if (na == 0 || nb == 0) {
                continue;
            }
            offsets[used] = a * d;
            scales[used] = Clipping.clip(data.y()[a], zeta) * Clipping.clip(data.y()[b], zeta) / (na * nb);
            used++;
        }
        PackedSymmetric.addSymmetrizedOuters(m, data.x(), offsets, scales, used, d);
        return m;
    }

    /**
     * The user's term of the feature second moment S = Σ_i clip(x_i; τ) clip(x_i; τ)ᵀ over its
     * U-split samples, packed (Kronecker U-step with a private S). Its Frobenius norm is at most
     * m_U τ² (each term is PSD with trace ≤ τ²).
     */
    public static double[] featureStatistics(UserDataset data, SplitPlan split, double tau) {
        return featureStatistics(data, split, tau, new double[PackedSymmetric.length(data.dimension())]);
    }

    /** {@link #featureStatistics(UserDataset, SplitPlan, double)} added into {@code s} (zeros), which it returns. */
    private static double[] featureStatistics(UserDataset data, SplitPlan split, double tau, double[] s) {
        int d = data.dimension();
        int uTo = UserStep.end(data, split.uTo());
        double[] weights = new double[uTo - split.uFrom()];
        for (int i = split.uFrom(); i < uTo; i++) {
            double c = Clipping.clipScale(data.featureNorm(i), tau);
            weights[i - split.uFrom()] = c * c;
        }
        PackedSymmetric.addWeightedGram(s, data.x(), split.uFrom() * d, d, weights, weights.length);
        return s;
    }

    /**
     * Answers an initialisation request: the packed initialisation term, followed by the packed
     * S term when the task asks for S.
     */
    public static double[] respond(UserDataset data, UserTask.Init task) {
        double[] init = initStatistics(data, task.split(), task.clipLabel());
        if (task.clipFeature() == null) {
            return init;
        }
        double[] s = featureStatistics(data, task.split(), task.clipFeature());
        double[] both = new double[init.length + s.length];
        System.arraycopy(init, 0, both, 0, init.length);
        System.arraycopy(s, 0, both, init.length, s.length);
        return both;
    }

    /**
     * Answers an initialisation request straight into a running sum, computing the user's terms in
     * the sum's workspace: bit-identical to {@code sum.add(data.user(), respond(data, task))}. The
     * terms are complete before the sum is touched, so a computation that fails leaves it as it was.
     */
    public static void foldInit(UserDataset data, UserTask.Init task, InitSum sum) {
        Workspace ws = sum.workspace();
        int len = PackedSymmetric.length(data.dimension());
        double[] init = initStatistics(data, task.split(), task.clipLabel(), ws.zeros(Workspace.Slot.INIT_TERM, len));
        double[] s = task.clipFeature() == null ? null
                : featureStatistics(data, task.split(), task.clipFeature(), ws.zeros(Workspace.Slot.FEATURE_TERM, len));
        sum.addTerms(data.user(), init, s);
    }
}
