package org.privsim.core.audit;

import org.privsim.core.family.federated.FederatedWhiteBoxGame;
import org.privsim.core.family.indexedmean.IndexedMeanGame;
import org.privsim.core.family.indexedmean.TracingGame;
import org.privsim.core.family.lowrank.AltMinCanaryGame;
import org.privsim.core.family.lowrank.SingleModelCanaryGame;
import org.privsim.core.family.multitask.MpMtlCanaryGame;
import org.privsim.core.family.multitask.MpMtlGaussianCanaryGame;
import org.privsim.core.family.ratings.RatingsWhiteBoxGame;
import org.privsim.core.family.transfer.DpSgdCanaryGame;
import org.privsim.core.family.transfer.TransferWhiteBoxGame;
import org.privsim.core.random.RandomStreams;
import org.privsim.core.scenario.Algorithm;
import org.privsim.core.scenario.IndexedMeanTask;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.MultitaskRegressionTask;
import org.privsim.core.scenario.RatingsTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.scenario.TransferRegressionTask;

/**
 * Builds the distinguishing game of a scenario's audit and plays it on one thread. Indexed-mean
 * audits play {@link IndexedMeanGame} on the population (seed, key (1, audit)), or {@link TracingGame}
 * with {@code adversary: tracing}; priv-altmin audits
 * play {@link AltMinCanaryGame}, MP-MTL audits {@link MpMtlCanaryGame} (Wishart releases) or
 * {@link MpMtlGaussianCanaryGame} (Gaussian releases), single-model-dp audits {@link SingleModelCanaryGame},
 * DP-SGD audits {@link DpSgdCanaryGame} (under white-box, DP-SGD and sufficient-statistics audits
 * {@link TransferWhiteBoxGame}), dp-fedavg and
 * dp-fedrep audits {@link FederatedWhiteBoxGame}, audits on a ratings task (priv-altmin, item-mean-dp)
 * {@link RatingsWhiteBoxGame}, each with the seed derived
 * from (seed, "audit", audit).
 *
 * <p>Guarantee: {@link #play} computes trial r's score in world r % 2 for r = 0..trials−1 in order;
 * since each score is a pure function of (audit, trial, world), any runner that computes the same
 * scores in any order and then calls {@link AuditResult#of} reports the same row.
 */
public final class AuditGames {
    private AuditGames() {}

    /** The game of audit {@code index} of {@code scenario}. */
    public static DistinguishingGame of(Scenario scenario, int index) {
        return of(scenario, index, scenario.seed());
    }

    /** The game of audit {@code index} of {@code scenario} under root seed {@code root}. */
    public static DistinguishingGame of(Scenario scenario, int index, long root) {
        AuditSpec spec = scenario.audits().get(index);
        if (spec.tracing()) {
            return new TracingGame(spec, index, root);
        }
        if (spec.algorithm().isIndexedMean()) {
            return new IndexedMeanGame(spec, index, root);
        }
        long seed = RandomStreams.derive(root, "audit", index);
        if (spec.task() instanceof TransferRegressionTask transfer) {
            if (spec.threatModel() == ThreatModel.WHITE_BOX) {
                return new TransferWhiteBoxGame(transfer, spec.experiment(), seed, spec.target(), spec.inject());
            }
            return new DpSgdCanaryGame(transfer, spec.experiment(), seed, spec.target(), spec.inject());
        }
        if (spec.task() instanceof RatingsTask ratings) {
            return new RatingsWhiteBoxGame(ratings, spec.experiment(), seed, spec.target(), spec.inject());
        }
        if (spec.algorithm() == Algorithm.DP_FEDAVG || spec.algorithm() == Algorithm.DP_FEDREP) {
            return new FederatedWhiteBoxGame((LowRankRegressionTask) spec.task(), spec.experiment(), seed,
                    spec.target(), spec.inject());
        }
        if (spec.task() instanceof MultitaskRegressionTask multitask) {
            return spec.experiment().multitask().gaussianNoise()
                    ? new MpMtlGaussianCanaryGame(multitask, spec.experiment(), seed, spec.target(), spec.inject())
                    : new MpMtlCanaryGame(multitask, spec.experiment(), seed, spec.target(), spec.inject());
        }
        if (spec.algorithm() == Algorithm.SINGLE_MODEL_DP) {
            return new SingleModelCanaryGame((LowRankRegressionTask) spec.task(), scenario.aggregation(),
                    spec.experiment(), spec.epsilon(), seed, spec.target(), spec.inject());
        }
        return new AltMinCanaryGame((LowRankRegressionTask) spec.task(), scenario.aggregation(), spec.experiment(),
                spec.epsilon(), seed, spec.target(), spec.inject(), spec.threatModel() == ThreatModel.WHITE_BOX);
    }

    /** The population (t persons, n users, m tasks or n₂ private users) the audit's target and collusion set live in. */
    public static int population(AuditSpec spec) {
        if (spec.task() instanceof IndexedMeanTask indexed) {
            return indexed.persons();
        }
        if (spec.task() instanceof TransferRegressionTask transfer) {
            return transfer.privateSamples().get(0);
        }
        if (spec.task() instanceof RatingsTask ratings) {
            return ratings.users();
        }
        return spec.task() instanceof MultitaskRegressionTask multitask
                ? multitask.tasks()
                : ((LowRankRegressionTask) spec.task()).users();
    }

    /** Plays every trial of audit {@code index} in order and returns its report row. */
    public static AuditResult play(Scenario scenario, int index) {
        AuditSpec spec = scenario.audits().get(index);
        DistinguishingGame game = of(scenario, index);
        double[] scores = new double[spec.trials()];
        for (int r = 0; r < scores.length; r++) {
            scores[r] = game.score(r, r % 2);
        }
        return AuditResult.of(spec, index, population(spec), scores);
    }
}
