package org.privsim.core.family.lowrank;

import org.privsim.core.module.Work;
import org.privsim.core.module.WorkUnit;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.ExperimentSpec;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Participation;
import org.privsim.core.scenario.UStep;

/**
 * The run-time model's count of low-rank runs (priv-altmin, non-private-altmin, own-data,
 * single-model-dp), for {@link LowRankModule}.
 *
 * <p>Guarantee: a pure function of the task and the experiment, in the fitted units of
 * {@link WorkUnit} (bench/RESULTS.md, "Run-time model").
 */
final class LowRankWork {
    /**
     * Epochs charged to a non-private-altmin run (it stops once U stops moving, at most at its epoch
     * cap): its runs in demo, metalearning and jain2021-fig2 stop after 13.
     */
    static final int NON_PRIVATE_EPOCHS = 20;

    private LowRankWork() {}

    /**
     * {@code times} low-rank runs of {@code epochs} epochs each (0: the algorithm's one pass): priv-altmin
     * and non-private-altmin initialise on every user's m samples (m·d² each), then per epoch each user
     * fits its v (m·d·k) and sends its part of the U-step (full: its Gram m·d² and the d²k² block
     * product; Kronecker: m·d·k), and the curator solves (dk)³ (full) or d³ (Kronecker); a
     * disjoint-batches run sees each user once over its rounds. own-data fits m·d² + d³ per user;
     * single-model-dp sums m·d² per user once. Every run measures its test error (m·d·k per user).
     * Each pass over the users also costs a visit per user ({@link WorkUnit#LOW_RANK_USER}).
     */
    static void runs(Work w, double times, LowRankRegressionTask t, ExperimentSpec spec, int epochs) {
        double n = t.users();
        double m = t.samplesPerUser();
        double d = t.dimension();
        double k = t.rank();
        double test = n * m * d * k;
        switch (spec.algorithm()) {
            case OWN_DATA:
                w.add(WorkUnit.LOW_RANK_OP, times * (n * (m * d * d + d * d * d) + test));
                w.add(WorkUnit.LOW_RANK_USER, times * 2 * n);
                return;
            case SINGLE_MODEL_DP:
                w.add(WorkUnit.LOW_RANK_OP, times * (n * m * d * d + d * d * d + test));
                w.add(WorkUnit.LOW_RANK_USER, times * 2 * n);
                return;
            default:
                break;
        }
        boolean kronecker = spec.uStep() == UStep.KRONECKER;
        double perUser = m * d * k + (kronecker ? m * d * k : m * d * d + d * d * k * k);
        double curator = kronecker ? d * d * d : Math.pow(d * k, 3);
        double init = n * m * d * d + d * d * d + (spec.releasesFeatureCovariance() ? n * m * d * d : 0);
        double passes;
        double solves;
        if (spec.algorithm() == Algorithm.NON_PRIVATE_ALTMIN) {
            passes = Math.min(NON_PRIVATE_EPOCHS, Math.max(1, epochs));
            solves = passes;
        } else if (spec.participation() == Participation.DISJOINT_BATCHES && spec.rounds() != null) {
            passes = 1;
            solves = spec.rounds();
        } else {
            passes = Math.max(1, epochs);
            solves = passes;
        }
        double heldOut = spec.metalearning() == null ? 0
                : spec.metalearning().heldOutUsers() * spec.metalearning().personalizationSamples().size()
                        * (m * d * k + k * k * k);
        w.add(WorkUnit.LOW_RANK_OP, times * (init + passes * n * perUser + solves * curator + test + heldOut));
        w.add(WorkUnit.LOW_RANK_USER, times * (passes + 2) * n);
        w.regenerated(t, times * (passes + 2) * n);
    }
}
