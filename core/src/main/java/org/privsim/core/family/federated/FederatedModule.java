package org.privsim.core.family.federated;

import java.util.List;
import org.privsim.core.audit.AuditClaim;
import org.privsim.core.audit.AuditMethod;
import org.privsim.core.audit.AuditSpec;
import org.privsim.core.audit.DistinguishingGame;
import org.privsim.core.audit.SampledGaussianAuc;
import org.privsim.core.module.FamilyModule;
import org.privsim.core.report.RowDescription;
import org.privsim.core.run.ExperimentResultRows;
import org.privsim.core.scenario.FedAvgSettings;
import org.privsim.core.scenario.LowRankRegressionTask;
import org.privsim.core.scenario.Scenario;
import org.privsim.core.seam.Family;

/**
 * The federated family (dp-fedavg and dp-fedrep, each a seam family of its own) as a module.
 * Guarantee: it audits exactly its algorithms on a low-rank regression task, with
 * {@link FederatedWhiteBoxGame}; the population is the n users.
 */
public final class FederatedModule implements FamilyModule {
    /** The one instance. */
    public static final FederatedModule INSTANCE = new FederatedModule();

    private FederatedModule() {}

    @Override
    public String id() {
        return "federated";
    }

    @Override
    public List<Family<?, ?, ?, ?, ?, ?>> families() {
        return List.of(FedAvgFamily.INSTANCE, FedRepFamily.INSTANCE);
    }

    @Override
    public List<RowDescription<?>> rows() {
        return List.of(ExperimentResultRows.INSTANCE);
    }

    @Override
    public boolean audits(AuditSpec spec) {
        return spec.task() instanceof LowRankRegressionTask
                && (FedAvgFamily.INSTANCE.runs(spec.algorithm()) || FedRepFamily.INSTANCE.runs(spec.algorithm()));
    }

    @Override
    public DistinguishingGame game(Scenario scenario, AuditSpec spec, int index, long root) {
        return new FederatedWhiteBoxGame((LowRankRegressionTask) spec.task(), spec.experiment(),
                FamilyModule.gameSeed(root, index), spec.target(), spec.inject());
    }

    @Override
    public AuditClaim claim(AuditSpec spec) {
        FedAvgSettings s = spec.experiment().settings(FedAvgSettings.class);
        return new AuditClaim(((LowRankRegressionTask) spec.task()).users(),
                FederatedFamily.calibration(spec.experiment(), spec.epsilon()).accountedEpsilon(),
                spec.method() == AuditMethod.SAMPLED_GAUSSIAN_AUC ? new SampledGaussianAuc(s.samplingRate(), s.rounds()) : null);
    }
}
